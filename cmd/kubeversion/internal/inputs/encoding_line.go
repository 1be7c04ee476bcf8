package inputs

import (
	"bytes"
	"slices"
	"unicode/utf8"
)

// encodingProblems are the messages of go.yaml.in/yaml/v2's reader, which
// checks the encoding of the text before any YAML is scanned: they carry
// no line, only the offset of the bad byte, which sigs.k8s.io/yaml drops.
var encodingProblems = []string{
	"invalid leading UTF-8 octet",
	"invalid trailing UTF-8 octet",
	"incomplete UTF-8 octet sequence",
	"invalid length of a UTF-8 sequence",
	"invalid Unicode character",
	"control characters are not allowed",
}

// badByteLine returns the line, counted from 1, of the first byte of text
// that YAML's reader refuses: a byte that is not UTF-8, or a character
// outside YAML's printable set (yaml_parser_update_buffer's test); false
// if there is none, or if text starts with a UTF-16 byte order mark,
// which the reader decodes as UTF-16.
func badByteLine(text []byte) (int, bool) {
	if bytes.HasPrefix(text, []byte{0xFE, 0xFF}) || bytes.HasPrefix(text, []byte{0xFF, 0xFE}) {
		return 0, false
	}
	for off := 0; off < len(text); {
		r, size := utf8.DecodeRune(text[off:])
		if r == utf8.RuneError && size <= 1 || !yamlPrintable(r) {
			return 1 + bytes.Count(text[:off], []byte("\n")), true
		}
		off += size
	}
	return 0, false
}

// yamlPrintable reports whether YAML's reader accepts r.
func yamlPrintable(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0x7E || r == 0x85 ||
		r >= 0xA0 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// isEncodingProblem reports whether msg is one of encodingProblems.
func isEncodingProblem(msg string) bool { return slices.Contains(encodingProblems, msg) }
