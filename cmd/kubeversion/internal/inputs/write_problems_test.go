package inputs

import (
	"bytes"
	"testing"
)

// TestWriteProblemsForgedLines fails when a problem's message, which
// quotes the input, can start a line of its own on standard error.
func TestWriteProblemsForgedLines(t *testing.T) {
	var b bytes.Buffer
	WriteProblems(&b, []Problem{{File: "f.yaml", Line: 3, Message: "found character \"\n::error::forged\""}, {File: "::g.yaml", Message: "read error"}})
	want := "f.yaml:3: found character \"\\n::error::forged\"\n\\x3a:g.yaml: read error\n"
	if b.String() != want {
		t.Errorf("WriteProblems wrote %q, want %q", b.String(), want)
	}
}
