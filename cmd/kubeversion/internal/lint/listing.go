package lint

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// shortened returns f with its field and message cut by server.CutMiddle.
func (f finding) shortened() finding {
	var cut [2]bool
	f.Field, cut[0] = server.CutMiddle(f.Field)
	f.Message, cut[1] = server.CutMiddle(f.Message)
	f.Truncated = f.Truncated || cut[0] || cut[1]
	return f
}

// addError lists e, shortened, or counts it when server.MaxListed are listed.
func (r *report) addError(e server.Error) {
	if r.listsError() {
		r.Errors = append(r.Errors, e.Shortened())
	}
}

// addServerError lists err, an error of package crd, at the line loc finds
// for its field, as addError does. Only a listed error is located and has
// its message, as long as its field path, written out.
func (r *report) addServerError(err *crd.Error, loc *inputs.Locator) {
	if r.listsError() {
		e := server.Error{
			Line: loc.LineOf(err.Path()), Field: err.Field, Type: err.Type.String(), Detail: err.Detail, Message: err.Error(),
		}
		r.Errors = append(r.Errors, e.Shortened())
	}
}

// listsError reports whether one more error is listed, and counts it as
// not listed when server.MaxListed are.
func (r *report) listsError() bool {
	if len(r.Errors) < server.MaxListed {
		return true
	}
	r.ErrorsNotListed++
	return false
}

// addFinding lists f, shortened, at the line loc finds for its field; or
// counts it when server.MaxListed are listed. Only a listed finding is located.
func (r *report) addFinding(f finding, loc *inputs.Locator) {
	if f.Accepted {
		r.AcceptedFindings++
	}
	if len(r.Findings) == server.MaxListed {
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
	return strconv.Itoa(n) + " more " + what + server.Plural(n) + " not listed: lint lists the first " + strconv.Itoa(server.MaxListed) + " of a CRD"
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
