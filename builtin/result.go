package builtin

// Result is the API server's answer to one create or update, as a
// server-side dry run would give it.
type Result struct {
	// Checked is false when the object was not judged; Reason says why
	// (a kind this release does not have, an object that is not a
	// Kubernetes object). A Result that is not checked says nothing about
	// the object's validity.
	Checked bool
	Reason  string

	// Message is the server's whole error message, empty when the
	// object is accepted: `Deployment.apps "web" is invalid: ...`, or
	// for a decoding error `Deployment in version "v1" cannot be handled
	// as a Deployment: ...`.
	Message string
	// Causes are the error's parts, one per field where the server gives
	// them. The server sends strict decoding errors as one message;
	// Causes has one per unknown or duplicate field, so that each can be
	// shown at its field.
	Causes []Cause

	// Warnings are the warnings the server would send with its answer,
	// in its order and words.
	Warnings []string

	// Object is the object as the server would store and return it, as
	// JSON in the request's API version, when it is accepted (but for a
	// create with Options.NoObject).
	Object []byte
}

// Valid reports whether the object was judged and accepted.
func (r Result) Valid() bool { return r.Checked && r.Message == "" }

// Cause is one part of the server's error: the field it is about (a path
// such as spec.template.spec.containers[0].image, empty for the whole
// object), its type as field errors print it ("Required value", "Invalid
// value", ...; "unknown field" or "duplicate field" for a strict decoding
// error) and the server's message without the field ("Required value",
// `unknown field "spec.foo"`).
type Cause struct {
	Field   string
	Type    string
	Message string
	// Strict marks a strict decoding error: the server refused the
	// object before validating it.
	Strict bool
}
