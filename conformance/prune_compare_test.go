package conformance

import (
	"flag"
	"fmt"
	"slices"
	"testing"

	"github.com/kubeversion/kubeversion/crd"
)

var (
	pruneCases = flag.Int("prunecases", 25_000, "number of generated cases each of TestPruneDifferential, TestCoerceDifferential and TestDefaultsDifferential compares (a fiftieth under -short)")
	pruneSeed  = flag.Uint64("pruneseed", 1, "seed of the generators of the pruning, coercion and defaults differentials; rerun a failure with the seed it prints")
	pruneShown = flag.Int("pruneshown", 5, "number of mismatches each pruning, coercion and defaults differential prints with its input")
)

// pruneCount returns the number of cases a differential compares.
func pruneCount() int {
	if testing.Short() {
		return max(*pruneCases/50, 1)
	}
	return *pruneCases
}

// pruneTally counts the cases of one differential and reports the first few
// mismatches with their inputs.
type pruneTally struct {
	t                   *testing.T
	compared, mismatch  int
	interesting, reruns int
}

// differ counts a mismatch, and fails the test with the inputs and both
// answers (format and args) for the first -pruneshown ones.
func (p *pruneTally) differ(format string, args ...any) {
	p.t.Helper()
	p.mismatch++
	if p.mismatch <= *pruneShown {
		p.t.Errorf("mismatch (seed %d):\n"+format, append([]any{*pruneSeed}, args...)...)
	}
}

// report logs the counts, and fails the test where a case differed, fewer
// cases than asked for were compared, or none was interesting (pruned
// fields, errors in defaults...), which would prove little.
func (p *pruneTally) report(interesting string) {
	p.t.Helper()
	p.t.Logf("seed %d: compared %d cases, %d %s, %d matched only on a rerun of the server, %d mismatches",
		*pruneSeed, p.compared, p.interesting, interesting, p.reruns, p.mismatch)
	if p.mismatch > 0 {
		p.t.Errorf("%d of %d cases differ", p.mismatch, p.compared)
	}
	if p.compared < pruneCount() {
		p.t.Errorf("compared %d cases, want %d", p.compared, pruneCount())
	}
	if p.interesting == 0 {
		p.t.Errorf("no case of %d had %s: the generator proves nothing", p.compared, interesting)
	}
}

// pruneMessages returns the messages of errs, sorted.
func pruneMessages(errs crd.ErrorList) []string {
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	slices.Sort(msgs)
	return msgs
}

// pruneMinus returns the messages of a, sorted, that b lacks, counted as
// a multiset.
func pruneMinus(a, b []string) []string {
	left := map[string]int{}
	for _, m := range b {
		left[m]++
	}
	var out []string
	for _, m := range a {
		if left[m] > 0 {
			left[m]--
			continue
		}
		out = append(out, m)
	}
	return out
}

// pruneLines prints msgs one to a line, indented, for a failure message.
func pruneLines(msgs []string) string {
	s := ""
	for _, m := range msgs {
		s += fmt.Sprintf("\t%s\n", m)
	}
	return s
}
