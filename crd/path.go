package crd

import "github.com/kubeversion/kubeversion/crd/internal/field"

// PathStep is one step of a field path, as [Error.Path] returns them: a
// field name, a map key or a list index. For example,
// "spec.versions[0].schema.openAPIV3Schema.properties[spec]" has the
// names spec and versions, the index 0, the names schema,
// openAPIV3Schema and properties, and the key spec.
type PathStep = field.PathStep

// StepKind says what a [PathStep] is: a field name, a map key or a list
// index.
type StepKind = field.StepKind

// The kinds of steps of a path.
const (
	// StepName is a field name, written after a dot: the spec of
	// "metadata.spec".
	StepName = field.StepName
	// StepKey is a map key, written in brackets: the spec of
	// "properties[spec]".
	StepKey = field.StepKey
	// StepIndex is a list index, written in brackets: the 0 of
	// "versions[0]".
	StepIndex = field.StepIndex
)

// ParsePath returns the steps of path, a field path as the API server
// writes it, or nil for "": the way [Error.Path] reads the Field of an
// Error that has no steps of its own, and the way to read the paths that
// are only strings, as [StrictField.Path]. Names end at a dot or a
// bracket; what is in brackets is an index if it is a number as the
// server writes one ("0", "12"), else a key. A key is kept whole, dots
// and brackets included, up to the "]" that ends the path or is followed
// by "." or "[": the property "a.b" of "properties[a.b].type" is one
// step. An unclosed key runs to the end.
func ParsePath(path string) []PathStep {
	return field.ParsePath(path)
}
