package validate

import (
	"strconv"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lifecycle"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// judgeBuiltin judges r, the report of o, an object of a built-in group
// with no CRD of its kind: first its apiVersion and kind, as the API
// server of Kubernetes 1.release serves them (package builtin's table): a
// kind that is removed, not yet served, not served by default or unknown
// in its group makes the object invalid, as kubectl refuses it; a
// deprecated one gets the server's warning. Then its content, with the
// pinned release's API server code (judgeBuiltinContent).
func (ck *checker) judgeBuiltin(r ObjectReport, o inputs.Object, loc *inputs.Locator) ObjectReport {
	v := lifecycle.Load().Judge(r.APIVersion, r.Kind, ck.release)
	k8s := "Kubernetes 1." + strconv.Itoa(ck.release)
	switch {
	case v.Status == lifecycle.UnknownKind:
		r.addError(server.Error{Line: loc.ObjectLine("kind"), Field: "kind", Type: "no kind match", Message: v.Message})
		return r.judged(StatusInvalid, "no built-in kind "+r.Kind+" in "+r.APIVersion+"; its content not checked")
	case v.IsError():
		r.addError(server.Error{Line: loc.ObjectLine("apiVersion"), Field: "apiVersion", Type: "no kind match", Message: v.Message})
		return r.judged(StatusInvalid, r.APIVersion+" "+r.Kind+" is not served by "+k8s+" ("+string(v.Status)+"); its content not checked")
	case v.Status == lifecycle.Deprecated:
		r.Warnings = append(r.Warnings, Warning{Line: loc.ObjectLine("apiVersion"), Message: v.Message})
	}
	return ck.judgeBuiltinContent(r, o, loc)
}
