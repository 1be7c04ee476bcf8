package field

// Warning is a warning the API server sends with its answer to a request
// that it accepts, as a registry strategy's WarningsOnCreate and
// WarningsOnUpdate return it: Message is the text of the warning, as the
// server words it. The server says nothing of where in the object the
// warning comes from; Field is the path of the field that gave rise to it
// (the first such field, where one warning stands for several), and the
// [Warning.Path] method returns its steps. For example:
//
//	Warning{Field: "spec.versions[0].schema.openAPIV3Schema.properties[port].format", Message: `unrecognized format "int-or-string"`}
type Warning struct {
	Field   string
	Message string

	// path is the path that Field writes out, when the warning was built
	// from one; nil for a Warning literal.
	path *Path
}

// NewWarning returns the warning msg about the field at path.
func NewWarning(path *Path, msg string) Warning {
	return Warning{Field: path.fieldString(), Message: msg, path: path}
}

// String returns the warning as the API server sends it: its Message.
func (w Warning) String() string {
	return w.Message
}

// Path returns the steps of w's field, from the first, as [Error.Path]
// does: those of the path it was built with, or, for a Warning literal or
// one whose Field was changed since, those [ParsePath] reads in Field.
func (w Warning) Path() []PathStep {
	if w.path.fieldString() == w.Field {
		return w.path.Steps()
	}
	return ParsePath(w.Field)
}
