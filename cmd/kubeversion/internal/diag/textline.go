package diag

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// TextLine returns s as one line of text output that no input can break
// out of. Field names, messages and file names come from the input, and a
// property named "x\n::warning file=README.md::ok" printed raw would
// become a GitHub Actions workflow command when lint runs in a workflow,
// or forge a line of lint's own. So TextLine writes every character that
// is not printable as a Go escape (a newline as \n, ESC as \x1b, U+202E
// as \u202e, a byte that is not UTF-8 as \xff), and writes a line that
// would start with "::" once its leading white space is trimmed (what the
// Actions runner reads as a command) with its first colon as \x3a. The
// runner also reads its older form, "##[command]", anywhere in a line, so
// the first "#" of every "##[" is written \x23. For example,
//
//	TextLine("a\nb")          == `a\nb`
//	TextLine("::warning::x")  == `\x3a:warning::x`
//	TextLine("x ##[error]y")  == `x \x23#[error]y`
//	TextLine(`^\d+$`)         == `^\d+$`
//
// A backslash is kept as it is, so that patterns read as written; the
// escapes are therefore not reversible, only harmless.
func TextLine(s string) string {
	if isPlainLine(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	colon := -1 // the colon that would start a workflow command
	if trimmed := strings.TrimLeft(s, " \t"); strings.HasPrefix(trimmed, "::") {
		colon = len(s) - len(trimmed)
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case i == colon:
			b.WriteString(`\x3a`)
		case r == '#' && strings.HasPrefix(s[i:], LegacyCommand):
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

// LegacyCommand starts the Actions runner's older form of a workflow
// command, which it finds anywhere in a line.
const LegacyCommand = "##["

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
		var digits int
		switch {
		case r < 0x100:
			b.WriteString(`\x`)
			digits = 2
		case r < 0x10000:
			b.WriteString(`\u`)
			digits = 4
		default:
			b.WriteString(`\U`)
			digits = 8
		}
		for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
			b.WriteByte(hexDigits[(r>>shift)&0xF])
		}
	}
}

// isPlainLine reports whether TextLine would return s unchanged: printable
// ASCII only, no "::" at the start and no "##[". Most lines are, and cost
// no copy.
func isPlainLine(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return false
		}
	}
	return !strings.HasPrefix(strings.TrimLeft(s, " "), "::") && !strings.Contains(s, LegacyCommand)
}
