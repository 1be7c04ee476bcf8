package auditcmd

import (
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lifecycle"
	"github.com/kubeversion/kubeversion/migrate/audit"
)

// OldVersions returns the built-in apiVersions and kinds of t that break
// at the target release, for the engine to look for in managedFields: a
// version removed by then (an error, in kubectl's words) or deprecated
// (a warning, in the API server's). A target after the newest release of
// t is judged as that release. Each is looked for in its own group and
// in its replacement's: an Ingress written through extensions/v1beta1 is
// listed through networking.k8s.io.
func OldVersions(t *lifecycle.Table, target int) []audit.OldVersion {
	release := min(max(target, t.Oldest), t.Newest)
	var olds []audit.OldVersion
	for i := range t.Rows {
		r := &t.Rows[i]
		v := t.Judge(r.APIVersion(), r.Kind, release)
		level := audit.Warning
		switch v.Status {
		case lifecycle.Removed:
			level = audit.Error
		case lifecycle.Deprecated:
		default:
			continue
		}
		groups := []string{r.Group}
		if gv, _, ok := strings.Cut(r.Replacement, " "); ok {
			if g, _, ok := strings.Cut(gv, "/"); ok && g != r.Group {
				groups = append(groups, g)
			} else if !ok && r.Group != "" {
				groups = append(groups, "") // the core group: "v1 Endpoints"
			}
		}
		olds = append(olds, audit.OldVersion{APIVersion: r.APIVersion(), Kind: r.Kind, Level: level, Message: v.Message, Groups: groups})
	}
	return olds
}
