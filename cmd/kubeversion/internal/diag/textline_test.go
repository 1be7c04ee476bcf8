package diag

import (
	"strings"
	"testing"
)

func TestTextLine(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"spec.versions[0]: Required value", "spec.versions[0]: Required value"},
		{`^\d+$`, `^\d+$`},
		{"a\nb", `a\nb`},
		{"a\r\nb", `a\r\nb`},
		{"tab\there", `tab\there`},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"x\u202eevil", `x\u202eevil`},
		{"bad \xff byte", `bad \xff byte`},
		{"héllo ✓", "héllo ✓"},
		{"\u00a0nbsp", `\xa0nbsp`},
		{"::warning file=README.md::ok", `\x3a:warning file=README.md::ok`},
		{"  \t::error::x", `  \t\x3a:error::x`},
		{"  ::error::x", `  \x3a:error::x`},
		{"a ::b", "a ::b"},
		{"x ##[error]forged", `x \x23#[error]forged`},
		{"##[warning]x", `\x23#[warning]x`},
		{"###[x", `#\x23#[x`},
		{"##[##[", `\x23#[\x23#[`},
		{"# [x] ## x #[", "# [x] ## x #["},
		{"\U0001d400", "\U0001d400"},
		{"\U000e0001", `\U000e0001`},
	} {
		if got := TextLine(tt.in); got != tt.want {
			t.Errorf("TextLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzTextLine checks that what TextLine returns is one line that no
// runner reads as a command, and that plain lines come back unchanged.
func FuzzTextLine(f *testing.F) {
	for _, s := range []string{"a\nb", "::x::y", " \t::x", "\xff", "\u2028", "plain", "x ##[error]y", "###["} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := TextLine(s)
		if strings.ContainsAny(got, "\n\r\x1b\x00\u2028\u2029\u0085") {
			t.Errorf("TextLine(%q) = %q holds a line break or control character", s, got)
		}
		if strings.HasPrefix(strings.TrimLeft(got, " \t"), "::") {
			t.Errorf("TextLine(%q) = %q starts a workflow command", s, got)
		}
		if strings.Contains(got, LegacyCommand) {
			t.Errorf("TextLine(%q) = %q holds the older form of a workflow command", s, got)
		}
		if isPlainLine(s) && got != s {
			t.Errorf("TextLine(%q) = %q, want it unchanged", s, got)
		}
	})
}
