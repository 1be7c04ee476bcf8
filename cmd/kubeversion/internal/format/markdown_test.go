package format

import (
	"testing"
)

// TestMarkdownEscapes checks that text of the input cannot become
// Markdown or HTML syntax, nor leave its code span or table cell.
func TestMarkdownEscapes(t *testing.T) {
	for in, want := range map[string]string{
		"<script>alert(1)</script>": "&lt;script&gt;alert\\(1\\)&lt;/script&gt;",
		"[x](https://evil.example)": "\\[x\\]\\(https://evil\\.example\\)",
		"a | b\n# c":                "a \\| b\\\\n\\# c", // diag.TextLine writes the line break \n
		"![i](u) *b* _c_ `d`":       "\\!\\[i\\]\\(u\\) \\*b\\* \\_c\\_ \\`d\\`",
	} {
		if got := MarkdownText(in); got != want {
			t.Errorf("MarkdownText(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"spec.x":     "`spec.x`",
		"a`b":        "``a`b``",
		"`a":         "`` `a ``",
		"a|b\nc":     "`a\\|b\\nc`",
		"":           "-",
		"x\x1b[31my": "`x\\x1b[31my`",
	} {
		if got := MarkdownCode(in); got != want {
			t.Errorf("MarkdownCode(%q) = %q, want %q", in, got, want)
		}
	}
}
