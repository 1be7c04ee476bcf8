package format

import (
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// WriteGitHub writes ds as GitHub Actions workflow commands, one
// annotation each at its level, file and line, titled [diag.Diagnostic.GitHubTitle],
// with the short message ([diag.Diagnostic.Short]); a summary is a
// notice of no file. Diagnostics a baseline accepts are left out.
func WriteGitHub(out io.Writer, ds []diag.Diagnostic) error {
	w := NewAnnotations(out)
	AnnotateEach(w, ds)
	return w.Flush()
}

// AnnotateEach writes ds to w as [WriteGitHub] does, for a writer that
// writes its diagnostics as they come.
func AnnotateEach(w *Annotations, ds []diag.Diagnostic) {
	for i := range ds {
		d := &ds[i]
		switch {
		case d.Accepted:
		case d.Summary:
			w.Notice(d.GitHubTitle(), d.Short())
		default:
			level := d.Level
			if level == "note" {
				level = "notice"
			}
			w.At(level, d.File, d.Line, d.GitHubTitle(), d.Short())
		}
	}
}

// WriteSARIF writes ds as a SARIF 2.1.0 log of one run of kubeversion
// at version, with rules, whose run read all its input when successful:
// a result for each diagnostic with a rule, with the long message
// ([diag.Diagnostic.Long]) and a fingerprint of its rule and key;
// those a baseline accepts are suppressed. Verdicts (no rule) are not
// results: code scanning would make an alert of each.
func WriteSARIF(out io.Writer, rules []SARIFRule, ds []diag.Diagnostic, version string, successful bool) error {
	log := NewSARIF(rules)
	for i := range ds {
		d := &ds[i]
		if d.Rule == "" {
			continue
		}
		res := log.Add(d.Rule, d.Level, d.File, d.Line, d.Long(), d.Key...)
		if d.Accepted {
			res.Suppressions = []SARIFSuppression{{Kind: "external", Justification: "accepted by --baseline"}}
		}
	}
	return log.Write(out, version, successful)
}
