package lint

import (
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// writeGitHub writes GitHub Actions workflow commands: an error annotation
// per error listed (see server.MaxListed) and per problem, an annotation at its
// level per upgrade finding listed, titled with its check
// (deprecated-default says when kubectl's default version is deprecated),
// an annotation saying how many errors or findings are not listed, at the
// level of the worst, a notice or an error per requirement of
// report.requirementLines, a warning annotation per deprecation warning,
// a notice with the verdict and the version kubectl uses, and an
// annotation at its level per crd-removed finding.
func writeGitHub(out io.Writer, l *Result) error {
	w := format.NewAnnotations(out)
	annotate := w.At
	for _, r := range l.reports {
		for _, e := range r.Errors {
			annotate("error", r.File, e.Line, r.Name, e.Message)
		}
		if n := r.ErrorsNotListed; n > 0 {
			annotate("error", r.File, r.Line, r.Name, notListed(n, "error"))
		}
		for _, f := range r.Findings {
			if f.Accepted {
				continue
			}
			annotate(string(f.Level), r.File, f.Line, r.Name+" ["+f.Check+"]", f.Field+": "+cutLists(f.Message))
		}
		if n := r.FindingsNotListed; n > 0 {
			level := levelWarning
			if r.errorFindingsNotListed > 0 {
				level = levelError
			}
			annotate(string(level), r.File, r.Line, r.Name, notListed(n, "finding"))
		}
		for _, q := range r.requirementLines() {
			level := q.Level
			if level == "note" {
				level = "notice"
			}
			annotate(level, r.File, q.Line, r.Name+" needs Kubernetes "+q.Kubernetes, q.Field+": "+q.Reason)
		}
		for _, v := range r.Versions {
			if v.Warning != "" {
				annotate("warning", r.File, v.Line, r.Name+" "+v.Name+" is deprecated", v.Warning)
			}
		}
		msg := r.Verdict
		switch {
		case !r.decoded:
		case r.Preferred == "":
			msg += "; kubectl uses nothing, no version is served"
		default:
			msg += "; kubectl uses " + r.Preferred
		}
		annotate("notice", r.File, r.Line, r.Name, msg)
	}
	for _, r := range l.removed {
		if r.Accepted {
			continue
		}
		annotate(string(r.Level), r.File, r.Line, r.Name+" [crd-removed]", r.Message)
	}
	for _, p := range l.problems {
		annotate("error", p.File, p.Line, "kubeversion lint", p.Message)
	}
	return w.Flush()
}
