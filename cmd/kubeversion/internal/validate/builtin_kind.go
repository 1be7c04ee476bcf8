package validate

import (
	"strconv"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/builtin"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// judgeBuiltin judges r, an object of a built-in group with no CRD of
// its kind, by its apiVersion and kind alone, as the API server of
// Kubernetes 1.release serves them (package builtin): a kind that is
// removed, not yet served, not served by default or unknown in its group
// makes the object invalid, as kubectl refuses it; a deprecated one gets
// the server's warning. Its content is never checked: it is skipped.
func (ck *checker) judgeBuiltin(r ObjectReport, loc *inputs.Locator) ObjectReport {
	v := builtin.Load().Judge(r.APIVersion, r.Kind, ck.release)
	k8s := "Kubernetes 1." + strconv.Itoa(ck.release)
	switch {
	case v.Status == builtin.UnknownKind:
		r.addError(server.Error{Line: loc.ObjectLine("kind"), Field: "kind", Type: "no kind match", Message: v.Message})
		return r.judged(StatusInvalid, "no built-in kind "+r.Kind+" in "+r.APIVersion+"; its content not checked")
	case v.IsError():
		r.addError(server.Error{Line: loc.ObjectLine("apiVersion"), Field: "apiVersion", Type: "no kind match", Message: v.Message})
		return r.judged(StatusInvalid, r.APIVersion+" "+r.Kind+" is not served by "+k8s+" ("+string(v.Status)+"); its content not checked")
	case v.Status == builtin.Deprecated:
		r.Warnings = append(r.Warnings, Warning{Line: loc.ObjectLine("apiVersion"), Message: v.Message})
		r.Reason = r.Kind + " is a built-in kind of Kubernetes, not a custom resource: " + r.APIVersion + " " + r.Kind + " is deprecated in " + k8s + ", its content not checked"
	default:
		r.Reason = r.Kind + " is a built-in kind of Kubernetes, not a custom resource: " + r.APIVersion + " " + r.Kind + " is served by " + k8s + ", its content not checked"
	}
	return r.judged(StatusSkipped, r.Reason)
}
