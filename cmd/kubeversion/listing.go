package main

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/crd"
)

// Lint lists at most maxListed errors and maxListed upgrade findings of a
// CRD, in every format, and cuts each string of them it lists to about
// maxListedBytes. The API server's errors on a schema of 4,990 nested
// untyped properties, the deepest it accepts, are 175 MB of text, each
// error naming the path from the root; listed in full they made lint
// print 175 MB, or 2.6 GB as JSON. What is not listed is counted: the
// verdict counts every error and finding, a line or an annotation says
// how many were not listed (errorsNotListed and findingsNotListed in
// JSON), and a cut string says how many bytes it lost (and is marked
// "truncated" in JSON).
const (
	maxListed      = 100
	maxListedBytes = 4096
)

// cutMiddle returns s, or when it is longer than maxListedBytes, its first
// and last maxListedBytes/2 bytes, cut at characters, with
// " ... [N bytes cut] ... " between them; and whether it cut. The middle
// goes, as the start of a field path says where it is and the end what is
// wrong.
func cutMiddle(s string) (string, bool) {
	if len(s) <= maxListedBytes {
		return s, false
	}
	head, tail := maxListedBytes/2, len(s)-maxListedBytes/2
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	return s[:head] + " ... [" + strconv.Itoa(tail-head) + " bytes cut] ... " + s[tail:], true
}

// shortened returns e with its field, detail and message cut by cutMiddle.
func (e lintError) shortened() lintError {
	var cut [3]bool
	e.Field, cut[0] = cutMiddle(e.Field)
	e.Detail, cut[1] = cutMiddle(e.Detail)
	e.Message, cut[2] = cutMiddle(e.Message)
	e.Truncated = e.Truncated || cut[0] || cut[1] || cut[2]
	return e
}

// shortened returns f with its field and message cut by cutMiddle.
func (f finding) shortened() finding {
	var cut [2]bool
	f.Field, cut[0] = cutMiddle(f.Field)
	f.Message, cut[1] = cutMiddle(f.Message)
	f.Truncated = f.Truncated || cut[0] || cut[1]
	return f
}

// addError lists e, shortened, or counts it when maxListed are listed.
func (r *report) addError(e lintError) {
	if r.listsError() {
		r.Errors = append(r.Errors, e.shortened())
	}
}

// addServerError lists err, an error of package crd, at the line loc finds
// for its field, as addError does. Only a listed error is located and has
// its message, as long as its field path, written out.
func (r *report) addServerError(err *crd.Error, loc *inputs.Locator) {
	if r.listsError() {
		e := lintError{
			Line: loc.Line(err.Field), Field: err.Field, Type: err.Type.String(), Detail: err.Detail, Message: err.Error(),
		}
		r.Errors = append(r.Errors, e.shortened())
	}
}

// listsError reports whether one more error is listed, and counts it as
// not listed when maxListed are.
func (r *report) listsError() bool {
	if len(r.Errors) < maxListed {
		return true
	}
	r.ErrorsNotListed++
	return false
}

// addFinding lists f, shortened, at the line loc finds for its field; or
// counts it when maxListed are listed. Only a listed finding is located.
func (r *report) addFinding(f finding, loc *inputs.Locator) {
	if f.Accepted {
		r.AcceptedFindings++
	}
	if len(r.Findings) == maxListed {
		r.FindingsNotListed++
		switch {
		case f.Accepted:
			r.acceptedNotListed++
		case f.Level == levelError:
			r.errorFindingsNotListed++
		}
		return
	}
	f.Line = loc.Line(f.Field)
	r.Findings = append(r.Findings, f.shortened())
}

// notListed says how many errors or findings of a CRD are not listed, for
// example "3 more errors not listed: lint lists the first 100 of a CRD".
func notListed(n int, what string) string {
	return strconv.Itoa(n) + " more " + what + plural(n) + " not listed: lint lists the first " + strconv.Itoa(maxListed) + " of a CRD"
}

// maxListItems is how many items of a list in a message the text, GitHub
// and Markdown outputs show; JSON and SARIF show all.
const maxListItems = 10

// longList matches a list of more than maxListItems items in a message:
// items without blanks, commas, semicolons or parentheses (field paths,
// version names, quoted enum values), separated by ", ", after a blank
// or at the start, and before the end, a semicolon, a parenthesis,
// ", and ", ", or ", or a colon or a period that ends a sentence, so that
// a list is cut only where it is clear where it ends.
var longList = regexp.MustCompile(`(?:^| )((?:[^\s,;()]+, ){` + strconv.Itoa(maxListItems) + `,}[^\s,;()]+)(?:$|[;)]| \(|, and |, or |[.:](?:\s|$))`)

// cutLists returns msg with each list of more than maxListItems items
// cut to its first maxListItems and "and N more", for example "lose
// spec.a, ..., spec.j, and 31 more". A finding that lists 40 field paths
// is otherwise one line of 2,500 characters.
func cutLists(msg string) string {
	var b strings.Builder
	last := 0
	for _, m := range longList.FindAllStringSubmatchIndex(msg, -1) {
		items := strings.Split(msg[m[2]:m[3]], ", ")
		b.WriteString(msg[last:m[2]])
		b.WriteString(strings.Join(items[:maxListItems], ", ") + ", and " + strconv.Itoa(len(items)-maxListItems) + " more")
		last = m[3]
	}
	if last == 0 {
		return msg
	}
	return b.String() + msg[last:]
}
