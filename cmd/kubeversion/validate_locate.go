package main

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// objectLocator finds the lines of the fields of a custom resource, as
// [locator] does for a CRD, with its indices, but takes paths as they are:
// spec.version or spec.validation of a custom resource are its own fields,
// not the internal paths of a CRD that locator rewrites (see v1Path). A
// key in brackets may be quoted, as CEL's fieldPath writes it:
// spec.labels['app'].
type objectLocator struct {
	l *locator
}

// line returns the line of the field at path, or of the nearest enclosing
// field in the text, down to the object itself.
func (ol *objectLocator) line(path string) int {
	l := ol.l
	if !l.parsed {
		l.node, l.parsed = l.object.textNode(), true
		l.object = object{}
	}
	if l.node == nil {
		return l.top
	}
	n := l.node
	line := n.Line
	for step := range pathSteps(path) {
		step = unquoteKey(step)
		if n.Kind == yaml.SequenceNode {
			i, err := strconv.Atoi(step)
			if err != nil || i < 0 || i >= len(n.Content) {
				return line
			}
			n = resolve(n.Content[i])
			line = n.Line
			continue
		}
		if n.Kind != yaml.MappingNode {
			return line
		}
		k := l.keyIndex(n, step)
		if k < 0 {
			return line
		}
		line = n.Content[k].Line // the key's line
		n = resolve(n.Content[k+1])
	}
	return line
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
