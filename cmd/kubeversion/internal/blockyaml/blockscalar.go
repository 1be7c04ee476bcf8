package blockyaml

import (
	"bytes"
	"strings"
)

// blockScalar reads a literal (|) or folded (>) block scalar whose header
// is "|" or ">" followed by header, in a block whose indentation is
// parent, and moves past its last line. The header may give the chomping
// (- strip, + keep) and the indentation of the content, relative to
// parent; without it, the indentation is that of the first line that is
// not blank, which must be more than parent.
func (p *parser) blockScalar(parent int, folded bool, header []byte) string {
	chomp, explicit := byte(0), 0 // each indicator once, in either order
	for len(header) > 0 {
		switch c := header[0]; {
		case (c == '-' || c == '+') && chomp == 0:
			chomp = c
		case c >= '1' && c <= '9' && explicit == 0:
			explicit = int(c - '0')
		default:
			goto done
		}
		header = header[1:]
	}
done:
	if len(header) > 0 && header[0] != ' ' || !blankRest(header) {
		p.outside() // an indicator twice, or text after the header
	}
	p.next()
	indent := p.contentIndent(parent, explicit)
	var b strings.Builder
	b.Grow(p.blockLength(indent))
	breaks, lines := 0, 0
	broken := false // the last content line ends with a line break
	for p.pos < len(p.text) {
		line := p.text[p.pos:p.lineEnd()]
		n := indentOf(line)
		if n == len(line) { // blank: a line break of the content
			if n > indent || p.lineEnd() == len(p.text) {
				p.outside() // spaces that are content, or no line break at the end
			}
			breaks++
			p.next()
			continue
		}
		if n < indent {
			break
		}
		content := line[indent:]
		if folded && content[0] == ' ' {
			p.outside() // a more-indented line, whose breaks are kept
		}
		switch {
		case lines == 0:
			for ; breaks > 0; breaks-- {
				b.WriteByte('\n')
			}
		case folded && breaks == 0:
			b.WriteByte(' ')
		case folded:
			for ; breaks > 1; breaks-- {
				b.WriteByte('\n')
			}
			fallthrough
		default:
			for ; breaks > 0; breaks-- {
				b.WriteByte('\n')
			}
			if !folded {
				b.WriteByte('\n')
			}
		}
		breaks = 0
		b.Write(content)
		lines++
		broken = p.lineEnd() < len(p.text)
		p.next()
	}
	if broken && chomp != '-' {
		b.WriteByte('\n')
	}
	if chomp == '+' {
		for ; breaks > 0; breaks-- {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// contentIndent returns the indentation of a block scalar's content:
// parent+explicit when the header gives it, or else that of its first line
// that is not blank. A blank line before it with more spaces, content that
// is less indented, and a scalar with no content line are left to the slow
// path.
func (p *parser) contentIndent(parent, explicit int) int {
	widest := 0
	for pos := p.pos; pos < len(p.text); {
		n := indentOf(p.text[pos:])
		if pos+n < len(p.text) && p.text[pos+n] != '\n' {
			switch {
			case explicit > 0 && (n < parent+explicit || widest > parent+explicit):
				p.outside()
			case explicit > 0:
				return parent + explicit
			case n <= parent || widest > n:
				p.outside()
			}
			return n
		}
		widest = max(widest, n)
		pos += n + 1
	}
	p.outside()
	return 0
}

// blockLength returns the length of the text of the block scalar that
// starts on the current line with content at indentation indent: its
// lines, blank or at least as indented.
func (p *parser) blockLength(indent int) int {
	end := p.pos
	for end < len(p.text) {
		n := indentOf(p.text[end:])
		if end+n < len(p.text) && p.text[end+n] != '\n' && n < indent {
			break
		}
		i := bytes.IndexByte(p.text[end:], '\n')
		if i < 0 {
			return len(p.text) - p.pos
		}
		end += i + 1
	}
	return end - p.pos
}
