package migrate

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// textLine returns s as one line of text that no server can break out of,
// by the rules of the command's diag.TextLine (cmd/kubeversion, which
// this module cannot import): every character that is not printable as a
// Go escape (a newline as \n, ESC as \x1b, a byte that is not UTF-8 as
// \xff), a leading "::" (a GitHub Actions workflow command) with its
// first colon as \x3a, and the "#" of every "##[" as \x23. Names, reasons
// and messages of the API server and of conversion webhooks go through
// it before Report.Write prints them.
func textLine(s string) string {
	if isPlainLine(s) {
		return s
	}
	var b strings.Builder
	colon := -1
	if trimmed := strings.TrimLeft(s, " \t"); strings.HasPrefix(trimmed, "::") {
		colon = len(s) - len(trimmed)
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case i == colon:
			b.WriteString(`\x3a`)
		case r == '#' && strings.HasPrefix(s[i:], "##["):
			b.WriteString(`\x23`)
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[s[i]>>4])
			b.WriteByte(hexDigits[s[i]&0xF])
		case r == ' ' || unicode.IsPrint(r):
			b.WriteString(s[i : i+size])
		default:
			writeEscape(&b, r)
		}
		i += size
	}
	return b.String()
}

const hexDigits = "0123456789abcdef"

// writeEscape writes r as Go writes it in a quoted string.
func writeEscape(b *strings.Builder, r rune) {
	switch r {
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	default:
		digits := 8
		switch {
		case r < 0x100:
			b.WriteString(`\x`)
			digits = 2
		case r < 0x10000:
			b.WriteString(`\u`)
			digits = 4
		default:
			b.WriteString(`\U`)
		}
		for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
			b.WriteByte(hexDigits[(r>>shift)&0xF])
		}
	}
}

// isPlainLine reports whether textLine returns s unchanged.
func isPlainLine(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return false
		}
	}
	return !strings.HasPrefix(strings.TrimLeft(s, " "), "::") && !strings.Contains(s, "##[")
}
