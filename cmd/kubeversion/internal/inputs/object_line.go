package inputs

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd"
)

// ObjectLine finds the line of a field of a custom resource, as
// [Locator.Line] does for a CRD, with its indices, but takes paths as
// they are: spec.version or spec.validation of a custom resource are its
// own fields, not the internal paths of a CRD (see crd.V1Path). A key may
// be quoted, as CEL's fieldPath writes it: spec.labels['app'].
//
// It returns the line of the field at path, or of the nearest enclosing
// field in the text, down to the object itself.
func (l *Locator) ObjectLine(path string) int {
	return l.ObjectLineOf(crd.ParsePath(path))
}

// ObjectLineOf is [Locator.ObjectLine] of the steps of a path, those of
// the error of a custom resource (crd.Error's Path).
func (l *Locator) ObjectLineOf(path []crd.PathStep) int {
	name := func(s crd.PathStep) string { return unquoteKey(StepName(s)) }
	if l.outline != nil {
		return l.walkOutline(path, false, name)
	}
	if !l.parse() {
		return l.top
	}
	return l.walk(path, false, name)
}

// unquoteKey returns a key that CEL's fieldPath quotes, 'app' or "app",
// without its quotes.
func unquoteKey(step string) string {
	if len(step) >= 2 && (step[0] == '\'' && step[len(step)-1] == '\'' || step[0] == '"' && step[len(step)-1] == '"') {
		inner := step[1 : len(step)-1]
		return strings.NewReplacer(`\'`, `'`, `\"`, `"`, `\\`, `\`).Replace(inner)
	}
	return step
}
