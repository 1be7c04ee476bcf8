package server

import (
	"strconv"
	"unicode/utf8"
)

// Error is one error of the API server, located in the file.
type Error struct {
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Type    string `json:"type"`
	Detail  string `json:"detail"`
	Message string `json:"message"` // as the API server prints it
	// Truncated says that Field, Detail or Message was cut (see CutMiddle).
	Truncated bool `json:"truncated,omitempty"`
}

// Lint lists at most MaxListed errors and MaxListed upgrade findings of a
// CRD, in every format, and cuts each string of them it lists to about
// MaxListedBytes. The API server's errors on a schema of 4,990 nested
// untyped properties, the deepest it accepts, are 175 MB of text, each
// error naming the path from the root; listed in full they made lint
// print 175 MB, or 2.6 GB as JSON. What is not listed is counted: the
// verdict counts every error and finding, a line or an annotation says
// how many were not listed (errorsNotListed and findingsNotListed in
// JSON), and a cut string says how many bytes it lost (and is marked
// "truncated" in JSON).
const (
	MaxListed      = 100
	MaxListedBytes = 4096
)

// CutMiddle returns s, or when it is longer than MaxListedBytes, its first
// and last MaxListedBytes/2 bytes, cut at characters, with
// " ... [N bytes cut] ... " between them; and whether it cut. The middle
// goes, as the start of a field path says where it is and the end what is
// wrong.
func CutMiddle(s string) (string, bool) {
	if len(s) <= MaxListedBytes {
		return s, false
	}
	head, tail := MaxListedBytes/2, len(s)-MaxListedBytes/2
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	return s[:head] + " ... [" + strconv.Itoa(tail-head) + " bytes cut] ... " + s[tail:], true
}

// shortened returns e with its field, detail and message cut by CutMiddle.
func (e Error) Shortened() Error {
	var cut [3]bool
	e.Field, cut[0] = CutMiddle(e.Field)
	e.Detail, cut[1] = CutMiddle(e.Detail)
	e.Message, cut[2] = CutMiddle(e.Message)
	e.Truncated = e.Truncated || cut[0] || cut[1] || cut[2]
	return e
}
