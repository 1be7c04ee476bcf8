package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
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
