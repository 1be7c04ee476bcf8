package validation

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// deprecationWarningErrors returns the API server's messages for the
// deprecationWarning of a version, each its own error.
func deprecationWarningErrors(deprecated bool, warning *string) []string {
	if warning == nil {
		return nil
	}
	if !deprecated {
		return []string{"can only be set for deprecated versions"}
	}
	w := *warning
	var msgs []string
	if len(w) > 256 { // bytes, though the message says characters
		msgs = append(msgs, "must be <= 256 characters long")
	}
	if w == "" {
		msgs = append(msgs, "must not be an empty string")
	}
	// Invalid UTF-8 decodes to U+FFFD, which is printable: it is caught
	// below, as the API server catches it.
	for i, r := range w {
		if !unicode.IsPrint(r) {
			msgs = append(msgs, "must only contain printable UTF-8 characters; non-printable character found at index "+strconv.Itoa(i))
			break
		}
	}
	if !utf8.ValidString(w) {
		msgs = append(msgs, "must only contain printable UTF-8 characters")
	}
	return msgs
}
