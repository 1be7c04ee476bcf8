package inputs

import (
	"bufio"
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

// jsonPeek is how far kubectl looks for the "{" of a JSON stream: the
// buffer size cli-runtime's StreamVisitor gives NewYAMLOrJSONDecoder.
const jsonPeek = 4096

// splitStream cuts the manifest stream r into documents as kubectl's
// YAMLOrJSONDecoder (k8s.io/apimachinery/pkg/util/yaml) does, and calls
// yield with each in turn, until it returns false. A stream whose first
// non-space byte in the first 4 KiB is "{" is read as a stream of JSON
// values; if the first or second value is not valid JSON, the rest is read
// as YAML. YAML is cut at lines that start with "---", which may be
// followed only by spaces and a comment: kubectl rejects "--- {a: 1}" and
// even "----" as invalid separators, and so does lint.
//
// It holds one document at a time, whose text yield may read but not
// keep: the next document reuses its memory. On a bad separator, bad JSON
// after two good values or an error reading r (such as a *sizeError), it
// returns the problem after the documents before it.
func splitStream(file string, r io.Reader, yield func(document) bool) *Problem {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(jsonPeek)
	if !bytes.HasPrefix(bytes.TrimLeftFunc(head, unicode.IsSpace), []byte("{")) {
		return splitYAML(file, br, 1, true, yield)
	}
	rest, line, p := splitJSON(file, br, yield)
	if p != nil || rest == nil {
		return p
	}
	return splitYAML(file, bufio.NewReaderSize(rest, 64<<10), line, true, yield)
}

// splitJSON reads r as a stream of JSON values, calling yield with each.
// When the first or second value is not JSON, it returns the rest of the
// stream from that value on, to be read as YAML, and the line it starts
// at; it returns a nil reader at the end of r, or when yield stops.
func splitJSON(file string, r io.Reader, yield func(document) bool) (io.Reader, int, *Problem) {
	rec := &recorder{r: r}
	dec := json.NewDecoder(rec)
	base, line := 0, 1 // rec.kept holds the stream from offset base, which is at line
	advance := func(off int) {
		off = min(max(off-base, 0), len(rec.kept))
		line += bytes.Count(rec.kept[:off], []byte("\n"))
		rec.kept = rec.kept[:copy(rec.kept, rec.kept[off:])]
		base += off
	}
	for count := 0; ; count++ {
		start := int(dec.InputOffset())
		var raw json.RawMessage
		err := dec.Decode(&raw)
		switch {
		case errors.Is(err, io.EOF):
			return nil, 0, nil
		case err != nil && rec.err != nil && !errors.Is(rec.err, io.EOF): // r failed, not the JSON
			advance(start)
			return nil, 0, &Problem{file, 0, rec.err.Error()}
		case err != nil && count > 1: // kubectl's rule: a stream, no longer ambiguous
			off := start
			var syntax *json.SyntaxError
			if errors.As(err, &syntax) {
				off = int(syntax.Offset)
			}
			advance(off)
			return nil, 0, &Problem{file, line, "json: " + err.Error()}
		case err != nil:
			advance(start)
			return io.MultiReader(bytes.NewReader(rec.kept), r), line, nil
		}
		// raw is the stream from end-len(raw) to end, without the white
		// space before it.
		end := int(dec.InputOffset())
		advance(end - len(raw))
		if !yield(document{raw, line, true}) {
			return nil, 0, nil
		}
		advance(end)
	}
}

// recorder keeps what is read through it, so that a JSON stream can be
// read again as YAML from a value on, and lines counted.
type recorder struct {
	r    io.Reader
	kept []byte
	err  error // the last error of r
}

func (rec *recorder) Read(p []byte) (int, error) {
	n, err := rec.r.Read(p)
	rec.kept = append(rec.kept, p[:n]...)
	if err != nil {
		rec.err = err
	}
	return n, err
}

// splitYAML cuts r at "---" lines, as kubectl's YAMLReader, into documents
// from line n on. A line's "\r\n" becomes "\n", as bufio.Reader.ReadLine
// makes it there. Each line is copied once, from r's buffer to the
// document's, and with runs the lines that need no care (see [plainRun])
// in runs: without, one line at a time, the reference that
// FuzzSplitYAML holds the runs to.
func splitYAML(file string, r *bufio.Reader, n int, runs bool, yield func(document) bool) *Problem {
	var buf []byte
	bufLine := 0
	for ; ; n++ {
		if run, lines := plainRunIf(runs, r); lines > 0 {
			if len(buf) == 0 {
				bufLine = n
			}
			buf = appendDoubling(buf, run)
			r.Discard(len(run))
			n += lines - 1
			continue
		}
		mark := len(buf)
		var err error
		buf, err = appendLine(buf, r)
		if err != nil && !errors.Is(err, io.EOF) {
			return &Problem{file, 0, err.Error()}
		}
		if err != nil && len(buf) == mark { // the end
			if len(buf) > 0 {
				yield(document{text: buf, line: bufLine})
			}
			return nil
		}
		line := bytes.TrimSuffix(buf[mark:], []byte("\r"))
		if bytes.HasPrefix(line, []byte("---")) {
			trimmed := strings.TrimSpace(string(line[3:]))
			buf = buf[:mark]
			if trimmed != "" && trimmed[0] != '#' {
				if len(buf) > 0 && !yield(document{text: buf, line: bufLine}) {
					return nil
				}
				return &Problem{file, n, "invalid Yaml document separator: " + trimmed}
			}
			if len(buf) > 0 {
				d := document{text: buf, line: bufLine}
				buf = reuse(buf) // before yield, so that a big text can go once read
				if !yield(d) {
					return nil
				}
			}
			continue
		}
		if mark == 0 {
			bufLine = n
		}
		buf = append(buf[:mark+len(line)], '\n')
	}
}

// plainRun returns the whole lines at the start of r's buffer that
// splitYAML would copy as they are, and how many there are: up to the
// first line that starts with "---" or holds a "\r", and before the line
// that the buffer does not hold whole. It never reads r, so that a read's
// error reaches splitYAML's next line, read alone, which fills the buffer
// again.
func plainRun(r *bufio.Reader) ([]byte, int) {
	b, _ := r.Peek(r.Buffered())
	if cr := bytes.IndexByte(b, '\r'); cr >= 0 {
		b = b[:cr]
	}
	b = b[:bytes.LastIndexByte(b, '\n')+1]
	if bytes.HasPrefix(b, []byte("---")) {
		return nil, 0
	}
	if sep := bytes.Index(b, []byte("\n---")); sep >= 0 {
		b = b[:sep+1]
	}
	return b, bytes.Count(b, []byte("\n"))
}

// plainRunIf is plainRun(r) if runs is set, and no lines otherwise.
func plainRunIf(runs bool, r *bufio.Reader) ([]byte, int) {
	if !runs {
		return nil, 0
	}
	return plainRun(r)
}

// reuse returns buf emptied for the next document, or nil when it is
// large: the memory of one big document is not kept while it is checked,
// once its text is read, nor for the small ones that follow.
func reuse(buf []byte) []byte {
	if cap(buf) > 1<<20 {
		return nil
	}
	return buf[:0]
}

// appendDoubling appends b to buf, at least doubling buf's capacity when
// it must grow: append alone grows a large slice by a quarter, so that a
// document of megabytes, read 64 KiB at a time, was copied again every
// few runs.
func appendDoubling(buf, b []byte) []byte {
	if len(b) > cap(buf)-len(buf) {
		buf = slices.Grow(buf, max(len(b), len(buf)))
	}
	return append(buf, b...)
}

// appendLine appends the next line of r to buf, without its "\n", and
// returns io.EOF after the last line, with the line if it has no "\n".
func appendLine(buf []byte, r *bufio.Reader) ([]byte, error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if err == nil {
			return appendDoubling(buf, chunk[:len(chunk)-1]), nil
		}
		buf = appendDoubling(buf, chunk)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return buf, err
		}
	}
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
// line); an error of the text's encoding is placed at the line of the
// first bad byte, and other errors without a line at d's first line.
func yamlProblem(file string, d document, err error) *Problem {
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
		} else if n, ok := badByteLine(d.text); ok && isEncodingProblem(msg) {
			line = d.line + n - 1
		}
	}
	return &Problem{file, line, msg}
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
