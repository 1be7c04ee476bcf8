package diag

// Diagnostic is one thing a command reports about its input, in the one
// list that every format but text is written from (text and Markdown lay
// out each command's verdicts in blocks of their own). Its fields name
// what the formats need, so that a writer knows the format and nothing
// of the command:
//
//	Diagnostic{Rule: "field-removed", Level: "error", File: "crd.yaml", Line: 12,
//		Object: "widgets.example.com", Field: "spec.versions[0].schema...",
//		Message: "field spec.size is gone", Title: "widgets.example.com [field-removed]",
//		Key: []string{"widgets.example.com", "field-removed", ...}}
//
// A Diagnostic with no Rule is a verdict: GitHub annotations show it, a
// SARIF log does not, as code scanning would make an alert of each.
type Diagnostic struct {
	// Rule names the check or the kind of result: an upgrade check,
	// "api-server-error", "object-invalid", ...; SARIF's ruleId.
	Rule string
	// Level is "error", "warning", "notice" or "note" (the last two are
	// the same level, as GitHub and SARIF spell it).
	Level string
	// File and Line are where it is: Line 0 for the file as a whole.
	File string
	Line int
	// Summary is set for a verdict on the run as a whole, which has no
	// file: a GitHub notice.
	Summary bool
	// Object names what it is about, as the command names it (a CRD's
	// name, "Widget default/w1 (example.com/v1)"); it may be "", as the
	// name of a CRD that has none.
	Object string
	// Input is set for a problem reading the input, which is about no
	// object: its long message does not start with one.
	Input bool
	// Field is the field path it is at, when Message does not start with
	// it (an error of the API server does), or "".
	Field string
	// Message says what is wrong, in full.
	Message string
	// Brief is Message as one-line outputs show it (a long list cut
	// short), or "" when it is Message.
	Brief string
	// Title names it in a GitHub annotation, when Object does not.
	Title string
	// Key names it without its line, for SARIF's fingerprint: the
	// object, the field, the message, as the command chooses.
	Key []string
	// Accepted is set when a baseline accepts it: SARIF lists it as
	// suppressed, other formats leave it out.
	Accepted bool
}

// Short returns the message as one line shows it: Field and Brief (or
// Message), "field: message", or the message alone when there is no
// field.
func (d *Diagnostic) Short() string {
	msg := d.Brief
	if msg == "" {
		msg = d.Message
	}
	if d.Field == "" {
		return msg
	}
	return d.Field + ": " + msg
}

// Long returns the message as a log of results shows it, in full and
// naming the object: "object: field: message", without the field when
// there is none, and without the object for a problem of the input.
func (d *Diagnostic) Long() string {
	s := d.Message
	if d.Field != "" {
		s = d.Field + ": " + s
	}
	if !d.Input {
		s = d.Object + ": " + s
	}
	return s
}

// GitHubTitle returns the title of its GitHub annotation: Title, or
// Object.
func (d *Diagnostic) GitHubTitle() string {
	if d.Title != "" {
		return d.Title
	}
	return d.Object
}
