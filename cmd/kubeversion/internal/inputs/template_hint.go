package inputs

import "bytes"

// maxAction is the longest template action TemplateSniffer looks for, from
// "{{" to "}}": a longer one is taken for no action.
const maxAction = 4096

// TemplateSniffer is an io.Writer that notes whether the bytes written
// to it hold a Helm or Go template action, wherever the writes split it:
// "{{", then text (printable ASCII, tabs and line breaks) that is not all
// space or "-", then "}}". lint tees each input through one, so that a
// YAML error in a template gets the hint to render it first. Random or
// binary bytes hold "{{" by chance (about once in 64 KiB) but almost never
// a whole action, and get no hint.
type TemplateSniffer struct {
	Found    bool
	last     byte // the last byte written outside an action
	inAction bool // after a "{{"
	length   int  // of the action's text so far
	content  bool // the action's text holds more than space and "-"
	brace    bool // the action's last byte was "}"
}

// Write takes p. Outside an action it skips to the next "{{" with
// bytes.Index, as sniff would byte by byte: there only the last byte
// counts. Lint tees every input through it, and byte by byte it cost 3%
// of lint's CPU on the operators' corpus.
func (s *TemplateSniffer) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 && !s.Found {
		if !s.inAction && s.last != '{' {
			i := bytes.Index(p, openAction)
			if i < 0 {
				s.last = p[len(p)-1]
				break
			}
			s.last, p = '{', p[i+1:]
			continue
		}
		s.sniff(p[0])
		p = p[1:]
	}
	return n, nil
}

var openAction = []byte("{{")

// sniff takes the next byte.
func (s *TemplateSniffer) sniff(b byte) {
	if !s.inAction {
		if s.last == '{' && b == '{' {
			*s = TemplateSniffer{inAction: true}
			return
		}
		s.last = b
		return
	}
	switch {
	case b == '}' && s.brace:
		s.Found = s.content
		*s = TemplateSniffer{Found: s.Found}
		return
	case b == '}':
		s.brace = true
	case b == '\t' || b == '\n' || b == '\r' || b >= 0x20 && b < 0x7F:
		if s.brace {
			s.content = true // a lone "}" is text
		}
		s.brace = false
		s.content = s.content || b != ' ' && b != '-' && b != '\t' && b != '\n' && b != '\r'
	default: // a control or non-ASCII byte: no action
		*s = TemplateSniffer{last: b}
		return
	}
	if s.length++; s.length > maxAction {
		*s = TemplateSniffer{}
	}
}

// TemplateHint is what a problem reading an input with a template action adds.
const TemplateHint = " (the file holds {{ }}, as a Helm template does: render it first, helm template CHART | kubeversion lint -)"
