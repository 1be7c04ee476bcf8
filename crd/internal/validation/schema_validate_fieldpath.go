package validation

import (
	"strings"
	"unicode/utf8"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// maxFieldPathToken is the buffer limit of the bufio.Scanner with which
// the API server splits a fieldPath: a token that needs more bytes ends
// the scan early, and what was read so far decides.
const maxFieldPathToken = 64 * 1024

// validFieldPath reports whether path, the fieldPath of a rule on the
// structural schema s, names a field under s, as the API server's
// ValidFieldPath does. A path is a sequence of ".name" and "['name']", for
// example ".spec.ports['http']"; a name that s's properties do not have is
// invalid, and where s has additionalProperties any name is valid.
//
// Where the server dereferences a missing schema (a path going below a map
// whose additionalProperties is a boolean), it panics and the request
// fails; here that path is invalid.
func validFieldPath(path string, s *api.JSONSchemaProps) bool {
	t := fieldPathScanner{rest: path}
	step := func(name string) bool {
		if s == nil {
			return false
		}
		switch {
		case len(s.Properties) > 0:
			p, ok := s.Properties[name]
			if !ok {
				return false
			}
			s = &p
		case s.AdditionalProperties != nil:
			s = s.AdditionalProperties.Schema
		default:
			return false
		}
		return true
	}
	for {
		tok, ok := t.next()
		if !ok {
			return true
		}
		switch tok {
		case "[":
			tok, ok = t.next()
			if !ok || len(tok) < 2 || tok[0] != '\'' || tok[len(tok)-1] != '\'' {
				return false
			}
			name, ok := unescapeSingleQuoted(tok[1 : len(tok)-1])
			if !ok || !step(name) {
				return false
			}
			if tok, ok = t.next(); !ok || tok != "]" {
				return false
			}
		case ".":
			tok, ok = t.next()
			if !ok || !step(tok) {
				return false
			}
		default:
			return false
		}
	}
}

// fieldPathScanner splits a fieldPath into the tokens of the API server's
// scanner: the delimiters ".", "[" and "]" one by one, a single-quoted
// string up to its closing quote (one not after a backslash), and any
// other run of bytes up to a delimiter.
type fieldPathScanner struct {
	rest string
	done bool
}

func (t *fieldPathScanner) next() (string, bool) {
	if t.done || t.rest == "" {
		return "", false
	}
	data := t.rest
	tok, need := data, len(data)+1 // unterminated: the whole rest, up to EOF
	if data[0] == '\'' {
		for i := 1; i < len(data); i++ {
			if data[i] == '\'' && data[i-1] != '\\' {
				tok, need = data[:i+1], i+1
				break
			}
		}
	} else if i := strings.IndexAny(data, ".[]"); i == 0 {
		tok, need = data[:1], 1
	} else if i > 0 {
		tok, need = data[:i], i+1 // the delimiter must be read too
	}
	if need > maxFieldPathToken {
		t.done = true
		return "", false
	}
	t.rest = data[len(tok):]
	return tok, true
}

// unescapeSingleQuoted undoes the escapes of a single-quoted name: \a \b
// \f \n \r \t \v \' and \\. Any other escaped character is an error; a
// backslash before a line feed or at the end stays.
func unescapeSingleQuoted(s string) (string, bool) {
	if !strings.Contains(s, `\`) {
		return s, true
	}
	var b strings.Builder
	ok := true
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 == len(s) || s[i+1] == '\n' {
			b.WriteByte(s[i])
			i++
			continue
		}
		switch c := s[i+1]; c {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\'', '\\':
			b.WriteByte(c)
		default:
			ok = false
		}
		_, size := utf8.DecodeRuneInString(s[i+1:])
		i += 1 + size
	}
	return b.String(), ok
}
