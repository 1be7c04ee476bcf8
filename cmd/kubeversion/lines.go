package main

import (
	"io"
	"strings"
)

// lines is standard input cut into lines, with what is needed to write
// them back byte for byte.
type lines struct {
	text []string // the lines, without their terminators
	crlf bool     // every terminated line ended in "\r\n", and is written so
}

// readLines reads all of r and cuts it at "\n". There is no limit on the
// length of a line, and no byte is dropped or changed: invalid UTF-8, NUL
// bytes and a "\r" that is not part of a CRLF file's line endings stay in
// the text. When every line ends in "\r\n", the "\r" is taken as part of
// the terminator, so that a CRLF file sorts as it reads. A final line
// without terminator is kept (and written back with one). Memory is the
// size of the input plus one string header per line.
func readLines(r io.Reader) (lines, error) {
	var b strings.Builder
	if _, err := io.Copy(&b, r); err != nil {
		return lines{}, err
	}
	all := b.String() // no copy: the lines below share its memory
	if all == "" {
		return lines{}, nil
	}
	n := strings.Count(all, "\n")
	if !strings.HasSuffix(all, "\n") {
		n++
	}
	text := make([]string, 0, n)
	crlf := strings.Contains(all, "\n") // no terminated line: no CRLF file
	for all != "" {
		line, rest, found := strings.Cut(all, "\n")
		if found && !strings.HasSuffix(line, "\r") {
			crlf = false
		}
		text = append(text, line)
		all = rest
	}
	if crlf {
		for i, line := range text {
			text[i] = strings.TrimSuffix(line, "\r")
		}
	}
	return lines{text, crlf}, nil
}

// newline returns the terminator to write after each line.
func (l lines) newline() string {
	if l.crlf {
		return "\r\n"
	}
	return "\n"
}
