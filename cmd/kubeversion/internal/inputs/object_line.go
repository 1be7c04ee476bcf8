package inputs

import "strings"

// objectLine finds the line of a field of a custom resource, as
// [Locator.line] does for a CRD, with its indices, but takes paths as they are:
// spec.version or spec.validation of a custom resource are its own fields,
// not the internal paths of a CRD that locator rewrites (see v1Path). A
// key in brackets may be quoted, as CEL's fieldPath writes it:
// spec.labels['app'].
//
// It returns the line of the field at path, or of the nearest enclosing
// field in the text, down to the object itself.
func (l *Locator) ObjectLine(path string) int {
	if !l.parsed {
		l.node, l.parsed = l.object.textNode(), true
		l.object = Object{}
	}
	if l.node == nil {
		return l.top
	}
	return l.walk(func(yield func(string) bool) {
		for step := range pathSteps(path) {
			if !yield(unquoteKey(step)) {
				return
			}
		}
	}, false)
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
