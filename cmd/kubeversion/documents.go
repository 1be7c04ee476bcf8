package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// document is one document of a manifest stream, cut as `kubectl apply`
// cuts it: text is YAML, or one JSON value, and line is the line of the
// file where text starts.
type document struct {
	text []byte
	line int
	json bool // text is a value of a JSON stream
}

// splitDocuments cuts data into documents as kubectl's YAMLOrJSONDecoder
// (k8s.io/apimachinery/pkg/util/yaml) does. Data whose first non-space byte
// is "{" is read as a stream of JSON values; if the first or second value
// is not valid JSON, the rest is read as YAML. YAML is cut at lines that
// start with "---", which may be followed only by spaces and a comment:
// kubectl rejects "--- {a: 1}" and even "----" as invalid separators, and
// so does lint. For example,
//
//	splitDocuments("f", []byte("a: 1\n---\nb: 2\n"))
//
// returns the documents "a: 1\n" at line 1 and "b: 2\n" at line 3. On a bad
// separator, or bad JSON after two good values, it returns the documents
// before it and the problem.
func splitDocuments(file string, data []byte) ([]document, *problem) {
	var docs []document
	start := 0
	if bytes.HasPrefix(bytes.TrimLeftFunc(data, unicode.IsSpace), []byte("{")) {
		var p *problem
		docs, start, p = splitJSON(file, data)
		if p != nil || start < 0 {
			return docs, p
		}
	}
	yamlDocs, p := splitYAML(file, data, start)
	return append(docs, yamlDocs...), p
}

// splitJSON reads data as a stream of JSON values. It returns them, and
// the offset where reading must go on as YAML, or -1 at the end of data.
func splitJSON(file string, data []byte) ([]document, int, *problem) {
	var docs []document
	dec := json.NewDecoder(bytes.NewReader(data))
	line, counted := 1, 0 // the line of data[counted], counted as the values come
	lineAt := func(off int) int {
		off = min(max(off, counted), len(data))
		line += bytes.Count(data[counted:off], []byte("\n"))
		counted = off
		return line
	}
	for {
		start := int(dec.InputOffset())
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if errors.Is(err, io.EOF) {
			return docs, -1, nil
		}
		if err != nil {
			if len(docs) > 1 { // kubectl's rule: a stream, no longer ambiguous
				off := start
				var syntax *json.SyntaxError
				if errors.As(err, &syntax) {
					off = int(syntax.Offset)
				}
				return docs, -1, &problem{file, lineAt(off), "json: " + err.Error()}
			}
			return docs, start, nil
		}
		// raw is data[start:end] without the leading white space.
		end := int(dec.InputOffset())
		first := end - len(raw)
		docs = append(docs, document{data[first:end], lineAt(first), true})
	}
}

// splitYAML cuts data[start:] at "---" lines, as kubectl's YAMLReader. A
// line's "\r\n" becomes "\n", as bufio.Reader.ReadLine makes it there.
func splitYAML(file string, data []byte, start int) ([]document, *problem) {
	var docs []document
	var buf []byte
	bufLine := 0
	n := lineAt(data, start)
	for rest := data[start:]; len(rest) > 0; n++ {
		line, after, _ := bytes.Cut(rest, []byte("\n"))
		rest = after
		line = bytes.TrimSuffix(line, []byte("\r"))
		if bytes.HasPrefix(line, []byte("---")) {
			trimmed := strings.TrimSpace(string(line[3:]))
			if trimmed != "" && trimmed[0] != '#' {
				if len(buf) > 0 {
					docs = append(docs, document{text: buf, line: bufLine})
				}
				return docs, &problem{file, n, "invalid Yaml document separator: " + trimmed}
			}
			if len(buf) > 0 {
				docs = append(docs, document{text: buf, line: bufLine})
				buf = nil
			}
			continue
		}
		if len(buf) == 0 {
			bufLine = n
		}
		buf = append(append(buf, line...), '\n')
	}
	if len(buf) > 0 {
		docs = append(docs, document{text: buf, line: bufLine})
	}
	return docs, nil
}

// lineAt returns the line of data that holds byte offset off, from 1.
func lineAt(data []byte, off int) int {
	off = min(max(off, 0), len(data))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

var yamlLine = regexp.MustCompile(`^yaml: (?:line (\d+): )?`)

// parserProblems are the messages of go.yaml.in/yaml/v2's parser, as
// opposed to its scanner. It prints the line of a parser error counted
// from 0, and of a scanner error from 1 (see its decode.go, parser.fail).
var parserProblems = []string{
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"did not find expected '-' indicator",
	"did not find expected <document start>",
	"did not find expected key",
	"did not find expected node content",
	"found duplicate %TAG directive",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found undefined tag handle",
}

// yamlProblem locates an error of sigs.k8s.io/yaml in document d. Its
// messages read "yaml: line N: message", with N a line of d counted from 1
// or, for parser errors, from 0. The line reported is the line of the file,
// at most d's last line (an error at the end of the text is on its last
// line); errors without a line are placed at d's first line.
func yamlProblem(file string, d document, err error) *problem {
	msg := err.Error()
	line := d.line
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		msg = msg[len(m[0]):]
		if n, err := strconv.Atoi(m[1]); err == nil {
			if slices.Contains(parserProblems, msg) {
				n++
			}
			last := d.line + max(bytes.Count(d.text, []byte("\n")), 1) - 1
			line = min(d.line+n-1, last)
		}
	}
	return &problem{file, line, msg}
}

// firstLine returns the first line of d that is not blank or a comment:
// where its object starts.
func (d document) firstLine() int {
	text := d.text
	for n := d.line; len(text) > 0; n++ {
		line, rest, _ := bytes.Cut(text, []byte("\n"))
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return n
		}
		text = rest
	}
	return d.line
}
