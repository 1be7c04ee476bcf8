package lint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// ParseRelease parses --kubernetes-version: "1.30", also written "v1.30"
// or with a patch release, "1.30.2", as kubectl version prints it.
func ParseRelease(s string) (int, error) {
	v := strings.TrimPrefix(s, "v")
	major, rest, ok := strings.Cut(v, ".")
	minor, patch, hasPatch := strings.Cut(rest, ".")
	n, err := strconv.Atoi(minor)
	if !ok || major != "1" || err != nil || minor != strconv.Itoa(n) || hasPatch && !isDigits(patch) {
		return 0, fmt.Errorf("--kubernetes-version %q: want a Kubernetes release such as 1.30", s)
	}
	if n < cel.Oldest || n > cel.Newest {
		return 0, fmt.Errorf("--kubernetes-version %s: kubeversion judges releases 1.%d to 1.%d", s, cel.Oldest, cel.Newest)
	}
	return n, nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// requirement is a field of a CRD that releases before Kubernetes
// reject or drop, located in the file. It is an error when
// --kubernetes-version names an older release that drops it, and a note
// otherwise.
type requirement struct {
	Line       int    `json:"line"`
	Level      string `json:"level"` // "error" or "note"
	Field      string `json:"field"`
	Kubernetes string `json:"kubernetes"` // the oldest release that accepts it: "1.31"
	Reason     string `json:"reason"`
	// Truncated says that Field or Reason was cut (see server.CutMiddle).
	Truncated bool `json:"truncated,omitempty"`
}

// String returns the requirement as lint prints it after "file:line: ",
// for example "note: spec.versions[0]...rule: needs Kubernetes 1.31 or
// later: Kubernetes 1.31 added the ip and cidr libraries; ...".
func (q requirement) String() string {
	return q.Level + ": " + q.Field + ": needs Kubernetes " + q.Kubernetes + " or later: " + q.Reason
}

// addRequirements lists what of c needs a release after 1.29 (see
// cel.Checker.Requirements), the first server.MaxListed, as notes; as errors
// where the release given with --kubernetes-version is older and the
// server reports no error of its own at the field (it drops the field:
// see crd.Requirements). Requires is the newest release they need.
func (r *report) addRequirements(loc *inputs.Locator, c *crd.CustomResourceDefinition, j *server.Judge, rejected map[string]bool) {
	top := 0
	for _, q := range j.Checker.Requirements(c) {
		top = max(top, q.Minor)
		if len(r.Requirements) == server.MaxListed {
			continue
		}
		level := "note"
		if j.Given != 0 && q.Minor > j.Given && !rejected[q.Field] {
			level = "error"
		}
		field, cut1 := server.CutMiddle(q.Field)
		reason, cut2 := server.CutMiddle(q.Reason)
		r.Requirements = append(r.Requirements, requirement{
			Line: loc.Line(q.Field), Level: level, Field: field,
			Kubernetes: "1." + strconv.Itoa(q.Minor), Reason: reason, Truncated: cut1 || cut2,
		})
	}
	if top > 0 {
		r.Requires = "1." + strconv.Itoa(top)
	}
}

// requirementLines returns the requirements of r that lint prints: with
// --kubernetes-version, those that release lacks; otherwise the first of
// those of the newest release, which says how many more there are.
func (r report) requirementLines() []requirement {
	if r.KubernetesVersion != "" {
		var lacked []requirement
		for _, q := range r.Requirements {
			if kubeversionRelease(q.Kubernetes) > kubeversionRelease(r.KubernetesVersion) {
				lacked = append(lacked, q)
			}
		}
		return lacked
	}
	for _, q := range r.Requirements {
		if q.Kubernetes == r.Requires {
			switch more := len(r.Requirements) - 1; {
			case more == 1:
				q.Reason += " (1 more field needs a release after 1." + strconv.Itoa(cel.Oldest) + ")"
			case more > 1:
				q.Reason += " (" + strconv.Itoa(more) + " more fields need a release after 1." + strconv.Itoa(cel.Oldest) + ")"
			}
			return []requirement{q}
		}
	}
	return nil
}

// kubeversionRelease returns the minor number of "1.N".
func kubeversionRelease(s string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(s, "1."))
	return n
}

// requirementErrors returns how many requirements of r are errors.
func (r report) requirementErrors() int {
	n := 0
	for _, q := range r.Requirements {
		if q.Level == "error" {
			n++
		}
	}
	return n
}
