package blockyaml

// flowScalar reads the single- or double-quoted scalar that starts at
// p.col on the current line and may go on over the lines below, which must
// be more indented than parent, and moves past its last line. Its lines
// are folded as YAML folds them: the spaces around a line break go, one
// break becomes a space, and each blank line a "\n".
func (p *parser) flowScalar(parent int) string {
	q := p.text[p.pos+p.col]
	var b []byte
	spaces := 0 // spaces read but not yet written: they go at a line's end
	for i := p.pos + p.col + 1; i < len(p.text); i++ {
		switch c := p.text[i]; {
		case c == '\n':
			i = p.fold(i, parent, false, &b) - 1
			spaces = 0
		case c == '\\' && q == '"' && i+1 < len(p.text) && p.text[i+1] == '\n':
			b = appendSpaces(b, spaces) // an escaped line break: no space
			i = p.fold(i+1, parent, true, &b) - 1
			spaces = 0
		case c == q && q == '\'' && i+1 < len(p.text) && p.text[i+1] == '\'':
			b = appendSpaces(b, spaces)
			spaces = 0
			b = append(b, '\'')
			i++
		case c == q:
			b = appendSpaces(b, spaces)
			if !blankRest(p.text[i+1 : p.lineEnd()]) {
				p.outside() // text after the closing quote
			}
			p.next()
			return string(b)
		case c == '\\' && q == '"':
			r, size := escape(p.text[i+1 : min(i+6, len(p.text))]) // the longest, \uXXXX
			if size == 0 {
				p.outside()
			}
			b = appendSpaces(b, spaces)
			spaces = 0
			b = append(b, string(r)...)
			i += size
		case c == ' ':
			spaces++
		default:
			b = appendSpaces(b, spaces)
			spaces = 0
			b = append(b, c)
		}
	}
	p.outside() // no closing quote
	return ""
}

// fold reads the line break at i in a quoted scalar and the blank lines
// after it, writes what they fold into to b, and returns where the text
// goes on, on the first line that is not blank. An escaped line break
// folds into nothing.
func (p *parser) fold(i, parent int, escaped bool, b *[]byte) int {
	breaks := 0
	for {
		p.pos, p.line = i+1, p.line+1
		n := indentOf(p.text[p.pos:])
		if p.at(n) != '\n' {
			if n <= parent || p.pos+n >= len(p.text) {
				p.outside()
			}
			break
		}
		if p.pos+n >= len(p.text) {
			p.outside() // the end of the text, in a quoted scalar
		}
		breaks++
		i = p.pos + n
	}
	if breaks == 0 && !escaped {
		*b = append(*b, ' ')
	}
	for ; breaks > 0; breaks-- {
		*b = append(*b, '\n')
	}
	return p.pos + indentOf(p.text[p.pos:])
}

func appendSpaces(b []byte, n int) []byte {
	for ; n > 0; n-- {
		b = append(b, ' ')
	}
	return b
}
