package lint

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// report is what lint says of one CRD; its JSON form is an element of the
// "crds" array of -o json.
type report struct {
	File      string         `json:"file"`
	Line      int            `json:"line"`
	Name      string         `json:"name"`
	Operation string         `json:"operation"` // "create", or "update" against --old
	Verdict   string         `json:"verdict"`   // as the text output gives it
	Errors    []server.Error `json:"errors"`    // the first maxListed
	// ErrorsNotListed is how many errors there are after those listed.
	ErrorsNotListed int `json:"errorsNotListed,omitempty"`
	// Validated is false when the API server would refuse the object
	// before validation (see server.DecodeCRD): the errors are then those alone.
	Validated bool `json:"validated"`
	// NoLiveObject is set when --old holds no object of this name, so
	// that the CRD was checked as a create, not the update asked for.
	NoLiveObject bool `json:"noLiveObject,omitempty"`
	// NotChecked names the rules of the API server that package crd does
	// not check yet; empty when it checks them all.
	NotChecked          []string        `json:"notChecked"`
	Versions            []versionReport `json:"versions"`            // highest priority first
	Preferred           string          `json:"preferred,omitempty"` // what kubectl uses; "" when nothing is served
	PreferredDeprecated bool            `json:"preferredDeprecated,omitempty"`
	// Findings are what the upgrade checks found that is not off: against
	// the live object on update, or the checks that need none on create.
	// Empty when the CRD could not be decoded, and no check ran.
	// Only the first server.MaxListed are listed.
	Findings []finding `json:"findings"`
	// FindingsNotListed is how many findings there are after those listed.
	FindingsNotListed int `json:"findingsNotListed,omitempty"`
	// UpgradeNotChecked says why the upgrade checks did not run, or is
	// empty when they did.
	UpgradeNotChecked string `json:"upgradeNotChecked,omitempty"`
	// KubernetesVersion is the release of --kubernetes-version, whose CEL
	// environment judged the rules; empty without it, when the newest did.
	KubernetesVersion string `json:"kubernetesVersion,omitempty"`
	// Requires is the oldest Kubernetes release that accepts the CRD as
	// written, "1.31", when it is later than 1.29; empty otherwise, or when
	// the CRD could not be decoded.
	Requires string `json:"requires,omitempty"`
	// Requirements are the fields that need a release after 1.29, each
	// with the oldest release that accepts it (the first server.MaxListed).
	Requirements []requirement `json:"requirements"`

	// ServerWarnings are what the API server warns of when it accepts the
	// CRD, each message once (see report.addServerWarnings).
	ServerWarnings []serverWarning `json:"serverWarnings,omitempty"`

	// Warnings are about the object as a whole, its size (kubectl and the
	// cluster's etcd): see inputs.Object.Warnings.
	Warnings []string `json:"warnings,omitempty"`

	// AcceptedFindings is how many findings, listed or not, --baseline
	// accepts.
	AcceptedFindings int `json:"acceptedFindings,omitempty"`

	decoded                bool            // the CRD could be read, and Versions says what it has
	errorFindingsNotListed int             // how many findings not listed are errors the baseline does not accept
	acceptedNotListed      int             // how many findings not listed the baseline accepts
	entries                []BaselineEntry // of every finding, for --write-baseline
}

type versionReport struct {
	Name       string `json:"name"`
	Line       int    `json:"line"`
	Served     bool   `json:"served"`
	Storage    bool   `json:"storage"`
	Deprecated bool   `json:"deprecated"`
	// Warning is what clients of a served deprecated version are told; an
	// unserved version answers 404 before any warning.
	Warning string `json:"warning,omitempty"`
}

// newReport reports on the CRD of o, whose fields loc locates: c as
// decoded, or nil when it could not be, with the errors of decoding; old
// is the live object for an update, or nil; levels say what to do with the
// findings of each upgrade check; j judges the CRD; b is --baseline, or nil.
func newReport(o inputs.Object, loc *inputs.Locator, c *crd.CustomResourceDefinition, decodeErrs []server.Error, old *crd.CustomResourceDefinition, levels *CheckLevels, j *server.Judge, b *Baseline) report {
	r := report{
		File: o.File, Line: o.Line, Name: server.MetadataName(o), Operation: "create",
		Errors: []server.Error{}, NotChecked: []string{}, Versions: []versionReport{}, Findings: []finding{},
		Requirements: []requirement{},
	}
	if j.Given != 0 {
		r.KubernetesVersion = "1." + strconv.Itoa(j.Given)
	}
	var rejected map[string]bool // the fields with errors of the server
	if old != nil {
		r.Operation = "update"
	}
	switch {
	case len(decodeErrs) > 0:
		for _, e := range decodeErrs {
			r.addError(e)
		}
	default:
		r.Validated = true
		r.NotChecked = append(r.NotChecked, notChecked(old != nil)...)
		var errs crd.ErrorList
		if old != nil {
			errs = j.Validator.ValidateUpdate(asApplied(c, old), old)
		} else {
			errs = j.Validator.ValidateCreate(c)
		}
		for _, err := range errs {
			r.addServerError(err, loc)
			if rejected == nil {
				rejected = map[string]bool{}
			}
			rejected[err.Field] = true
		}
	}
	if c != nil {
		r.decoded = true
		r.addVersions(loc, c)
		r.addRequirements(loc, c, j, rejected)
		r.addServerWarnings(loc, c, old)
		switch {
		case len(r.Errors) > 0 && !(r.Validated && metadataOnly(rejected)):
			// The upgrade checks assume a CRD the server accepts: on one it
			// rejects (versions without schemas, names twice) they would
			// judge what can never be applied. Errors in metadata alone (a
			// label a template left unrendered) leave the spec to judge.
			r.UpgradeNotChecked = "not checked, the API server rejects the CRD"
		case levels.allOff():
			r.UpgradeNotChecked = "checks off"
		default:
			r.addFindings(loc, c, old, levels, b)
		}
	}
	r.Verdict = r.verdict()
	return r
}

// asApplied returns c as `kubectl apply` sends it to update old: a patch
// of the live object, so the fields the server sets in metadata
// (resourceVersion, uid, creationTimestamp, generation, the deletion
// fields) are the live object's wherever the manifest leaves them out, as
// it does. A live object without resourceVersion, trimmed by hand, is read
// as one the server stored: the update gets a resourceVersion anyway, or
// the server's "must be specified for an update" would hide the findings.
func asApplied(c, old *crd.CustomResourceDefinition) *crd.CustomResourceDefinition {
	applied := *c
	m, live := &applied.Metadata, &old.Metadata
	if m.ResourceVersion == "" {
		m.ResourceVersion = live.ResourceVersion
		if m.ResourceVersion == "" {
			m.ResourceVersion = "1"
		}
	}
	if m.UID == "" {
		m.UID = live.UID
	}
	if m.CreationTimestamp == nil {
		m.CreationTimestamp = live.CreationTimestamp
	}
	if m.Generation == 0 {
		m.Generation = live.Generation
	}
	if m.DeletionTimestamp == nil {
		m.DeletionTimestamp = live.DeletionTimestamp
	}
	if m.DeletionGracePeriodSeconds == nil {
		m.DeletionGracePeriodSeconds = live.DeletionGracePeriodSeconds
	}
	return &applied
}

// addVersions lists c's versions in priority order, each at its line.
func (r *report) addVersions(loc *inputs.Locator, c *crd.CustomResourceDefinition) {
	order := make([]int, len(c.Spec.Versions))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		return kubeversion.Compare(c.Spec.Versions[j].Name, c.Spec.Versions[i].Name)
	})
	for _, i := range order {
		v := c.Spec.Versions[i]
		warning := ""
		if v.Served {
			warning, _ = crd.DeprecationWarning(c, v.Name)
		}
		r.Versions = append(r.Versions, versionReport{
			Name: v.Name, Line: loc.Line("spec.versions[" + strconv.Itoa(i) + "].name"),
			Served: v.Served, Storage: v.Storage, Deprecated: v.Deprecated, Warning: warning,
		})
	}
	r.Preferred, _ = crd.PreferredVersion(c)
	for _, v := range r.Versions {
		if v.Name == r.Preferred && v.Served && v.Deprecated {
			r.PreferredDeprecated = true
		}
	}
}

// verdict says what lint found and what it did not check, for example
// "valid on create; upgrade: 1 warning": "valid" only when package crd
// (with package cel for CEL rules) checked every rule of the API server,
// "no errors" when it did not, and the count of errors otherwise;
// then what the upgrade checks found, when they ran.
func (r report) verdict() string {
	var s string
	switch n := len(r.Errors) + r.ErrorsNotListed; {
	case n > 0:
		s = strconv.Itoa(n) + " error" + server.Plural(n)
	case len(r.NotChecked) > 0:
		s = "no errors"
	default:
		s = "valid"
	}
	s += " on " + r.Operation
	var notes []string
	if r.KubernetesVersion != "" {
		// Only the CEL environment is that release's: package crd's other
		// rules are those of the newest releases.
		notes = append(notes, "CEL rules judged as Kubernetes "+r.KubernetesVersion)
	}
	if r.NoLiveObject {
		notes = append(notes, "no live object of this name in --old")
	}
	switch {
	case !r.Validated:
		notes = append(notes, "not validated: the API server refuses it before validation")
	case len(r.NotChecked) > 0:
		notes = append(notes, "not checked: "+strings.Join(r.NotChecked, ", "))
	}
	if len(notes) > 0 {
		s += " (" + strings.Join(notes, "; ") + ")"
	}
	if n := r.requirementErrors(); n > 0 {
		s += "; " + strconv.Itoa(n) + " field" + server.Plural(n) + " that Kubernetes " + r.KubernetesVersion + " rejects or drops"
	}
	if r.decoded {
		s += "; " + r.upgradeVerdict()
	}
	return s
}

// upgradeVerdict says what the upgrade checks found, for example
// "upgrade: 1 error, 2 warnings" or "upgrade: no findings", or why they
// did not run.
func (r report) upgradeVerdict() string {
	if r.UpgradeNotChecked != "" {
		return "upgrade: " + r.UpgradeNotChecked
	}
	errs, warnings := r.countFindings()
	prefix := "upgrade: "
	if len(r.Errors) > 0 {
		prefix = "upgrade, checked as the errors are in metadata only: "
	}
	var parts []string
	if errs > 0 {
		parts = append(parts, strconv.Itoa(errs)+" error"+server.Plural(errs))
	}
	if warnings > 0 {
		parts = append(parts, strconv.Itoa(warnings)+" warning"+server.Plural(warnings))
	}
	if n := r.AcceptedFindings; n > 0 {
		if len(parts) == 0 {
			parts = append(parts, "no new findings")
		}
		parts = append(parts, strconv.Itoa(n)+" accepted by --baseline")
	}
	if len(parts) == 0 {
		return prefix + "no findings"
	}
	return prefix + strings.Join(parts, ", ")
}

// metadataOnly reports whether every field of fields is metadata or
// below it.
func metadataOnly(fields map[string]bool) bool {
	for f := range fields {
		if f != "metadata" && !strings.HasPrefix(f, "metadata.") {
			return false
		}
	}
	return true
}

// marks returns "served storage deprecated" with blanks for what v is not,
// aligned.
func (v versionReport) marks() string {
	m := []string{"      ", "       ", "          "}
	if v.Served {
		m[0] = "served"
	}
	if v.Storage {
		m[1] = "storage"
	}
	if v.Deprecated {
		m[2] = "deprecated"
	}
	return strings.TrimRight(strings.Join(m, "  "), " ")
}
