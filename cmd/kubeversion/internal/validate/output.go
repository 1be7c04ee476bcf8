package validate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// title names an object: "Widget default/w1 (example.com/v1)".
func (r ObjectReport) title() string {
	s := r.Kind
	if s == "" {
		s = "object"
	}
	s += " " + objectName(r.Namespace, r.Name)
	if r.APIVersion != "" {
		s += " (" + r.APIVersion + ")"
	}
	return s
}

// Writer writes validate's reports in an -o format as they are judged:
// Object with each report, in turn, then End once with the Result, which
// has the summary and the problems. Nothing is written before the first
// Object or End, so that a run that fails at once writes nothing.
type Writer interface {
	Object(r ObjectReport) error
	End(res *Result) error
}

// NewWriter returns the Writer of the format name (text, json, github or
// sarif) to out; false for another format. version is kubeversion's,
// which the SARIF log names; allowUnchecked is --allow-unchecked, which
// makes an object not checked in full a warning rather than an error.
func NewWriter(name string, out io.Writer, version string, allowUnchecked bool) (Writer, bool) {
	switch name {
	case "text":
		return &textWriter{w: bufio.NewWriter(out)}, true
	case "json":
		return &jsonWriter{w: bufio.NewWriter(out)}, true
	case "github":
		return &githubWriter{w: format.NewAnnotations(out), level: uncheckedLevel(allowUnchecked)}, true
	case "sarif":
		return &sarifWriter{out: out, version: version, level: uncheckedLevel(allowUnchecked)}, true
	}
	return nil, false
}

// textWriter writes, for each object, "file:line: TITLE: VERDICT",
// then "file:line: error: MESSAGE" for each error listed and
// "file:line: warning: MESSAGE" for each warning, each at the line of its
// field; and last a line that counts the objects by verdict. Every line
// goes through diag.TextLine: names and messages come from the input.
// Problems reading the input are not written: the command writes them to
// standard error.
type textWriter struct {
	w   *bufio.Writer
	err error // the first of writing, which stops the run
}

func (t *textWriter) line(format string, args ...any) {
	if _, err := t.w.WriteString(diag.TextLine(fmt.Sprintf(format, args...)) + "\n"); t.err == nil {
		t.err = err
	}
}

func (t *textWriter) Object(r ObjectReport) error {
	t.line("%s:%d: %s: %s", r.File, r.Line, r.title(), r.Verdict)
	for _, e := range r.Errors {
		t.line("%s:%d: error: %s", r.File, e.Line, e.Message)
	}
	if n := r.ErrorsNotListed; n > 0 {
		t.line("%s:%d: %s", r.File, r.Line, objectNotListed(n))
	}
	for _, x := range r.Warnings {
		t.line("%s:%d: warning: %s", r.File, x.Line, x.Message)
	}
	return t.err
}

func (t *textWriter) End(res *Result) error {
	if res.Summary.Objects > 0 {
		t.line("%s", res.Summary.String())
	}
	return t.w.Flush()
}

// objectNotListed says how many errors of an object are not listed.
func objectNotListed(n int) string {
	return strconv.Itoa(n) + " more error" + server.Plural(n) + " not listed: validate lists the first " + strconv.Itoa(server.MaxListed) + " of an object"
}

// jsonWriter writes one JSON document, {"objects": [...], "summary":
// {...}, "problems": [...]}, where each object that the API server
// accepts has the object it stores, as format.WriteJSON would write it
// whole: each object is written as it comes.
type jsonWriter struct {
	w       *bufio.Writer
	objects int
}

// indented writes v as format.WriteJSON does, at the depth of prefix,
// without the newline after it.
func (j *jsonWriter) indented(prefix string, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent(prefix, "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	j.w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	return nil
}

func (j *jsonWriter) Object(r ObjectReport) error {
	if j.objects == 0 {
		j.w.WriteString("{\n  \"objects\": [\n    ")
	} else {
		j.w.WriteString(",\n    ")
	}
	j.objects++
	r.readStored()
	if err := j.indented("    ", r); err != nil {
		return err
	}
	_, err := j.w.Write(nil) // bufio's first error of writing, if any
	return err
}

func (j *jsonWriter) End(res *Result) error {
	if j.objects == 0 {
		j.w.WriteString("{\n  \"objects\": [],\n")
	} else {
		j.w.WriteString("\n  ],\n")
	}
	problems := res.Problems
	if problems == nil {
		problems = []inputs.Problem{}
	}
	j.w.WriteString("  \"summary\": ")
	if err := j.indented("  ", res.Summary); err != nil {
		return err
	}
	j.w.WriteString(",\n  \"problems\": ")
	if err := j.indented("  ", problems); err != nil {
		return err
	}
	j.w.WriteString("\n}\n")
	return j.w.Flush()
}
