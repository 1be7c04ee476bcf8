package conformance

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/crd"
)

var (
	objCases     = flag.Int("objcases", 4000, "number of cases TestValidateObjectDifferential runs (a fifth under -short)")
	objSeed      = flag.Uint64("objseed", 1, "seed of TestValidateObjectDifferential's cases: case i draws from PCG(seed, i)")
	objOnly      = flag.Int("objcase", -1, "run only this case of TestValidateObjectDifferential and print it whole")
	objGenerated = flag.Int("objgenerated", 16, "generated CRDs, accepted by the API server, that TestValidateObjectDifferential draws from besides the corpus")
	objStatus    = flag.String("objstatus", "", "file TestValidateObjectDifferential writes its summary of mismatches to (Markdown)")
)

// objEvaluator is the CEL evaluator ours runs with; nil leaves the rules
// unevaluated, and the cases then draw only from versions without rules.
var objEvaluator crd.CELEvaluator

// TestValidateObjectDifferential draws custom resources of the served
// versions of the corpus CRDs and of generated CRDs the API server
// accepts (see objPool.newCase: valid objects, mutated ones, updates,
// ratcheting), runs each through crd.ObjectValidator (with objEvaluator)
// and through kubeCustomResource, the API server's own code, and reports
// every difference in the non-validation error, Errors, Strict, Warnings
// and the stored object (see compareAnswers for what is sorted). Case i
// draws from its own generator, so a run gives the same cases however its
// goroutines interleave; rerun one with
//
//	go test -run TestValidateObjectDifferential -objseed S -objcase I
//
// A large run:
//
//	go test -run TestValidateObjectDifferential -objcases 100000 -objseed 7 -timeout 3h
func TestValidateObjectDifferential(t *testing.T) {
	quietKlog()
	pool := loadObjPool(t)
	t.Log(strings.TrimSpace(objPoolLog))
	// Even cases run with a validator that keeps what it builds for each
	// CRD, odd ones with one that builds it on every call.
	fresh, cached := crd.ObjectValidator{CEL: objEvaluator}, crd.NewObjectValidator(objEvaluator)
	withCEL := objEvaluator != nil
	implemented := oursImplemented(fresh, pool)
	n := *objCases
	if testing.Short() {
		n /= 5
	}
	first := 0
	if *objOnly >= 0 {
		first, n = *objOnly, *objOnly+1
	}
	tally := &objTally{kinds: map[string]int{}, refErrors: map[string]int{}, mutations: map[string]int{}, answered: map[string]int{}, causes: map[string]int{}, causeCase: map[string]int{}, causeText: map[string]string{}, byCategory: map[string]*objCategory{}}
	start := time.Now()
	parallel(n-first, func(j int) {
		i := first + j
		c := pool.newCase(*objSeed, i, withCEL)
		theirs := theirsAnswer(c)
		var diffs []objDiff
		if implemented {
			var ours objAnswer
			if i%2 == 0 {
				ours = oursAnswer(cached, c, true)
			} else {
				ours = oursAnswer(fresh, c, false)
			}
			diffs = compareAnswers(ours, theirs)
			if len(diffs) == 0 {
				diffs = orderDiffs(ours, theirs)
			}
			if len(diffs) > 0 && serverMayAgree(c, ours) {
				diffs = nil
				tally.addRandom()
			}
			if *objOnly >= 0 {
				t.Logf("case %d: %s %s %s, mutation %q\nobj %s\nold %s\nours   %s\ntheirs %s", i, c.crd.name, c.version.name, c.kind(), c.mutation, c.obj, c.old, summary(ours), summary(theirs))
			}
		} else if *objOnly >= 0 {
			t.Logf("case %d: %s %s %s, mutation %q\nobj %s\nold %s\ntheirs %s", i, c.crd.name, c.version.name, c.kind(), c.mutation, c.obj, c.old, summary(theirs))
		}
		tally.add(t, i, c, theirs, diffs)
	})
	elapsed := time.Since(start)
	t.Logf("%d cases in %v, seed %d, CEL evaluated: %v\n%s", n-first, elapsed.Round(time.Millisecond), *objSeed, withCEL, tally.report())
	if *objStatus != "" {
		if err := os.WriteFile(*objStatus, []byte(tally.markdown(n-first, elapsed, implemented, withCEL)), 0o644); err != nil {
			t.Error(err)
		}
	}
	if !implemented {
		t.Skip("crd.ValidateObject is not implemented yet: the reference alone ran")
	}
}

// oursImplemented reports whether ours answers something other than
// "not implemented" on a first valid object.
func oursImplemented(v crd.ObjectValidator, p *objPool) bool {
	c := p.newCase(1, 0, false)
	a := oursAnswer(v, c, false)
	return !strings.Contains(a.err, "not implemented")
}

// serverMayAgree reports whether the server gives ours on one of 20 more
// runs of the case: some answers are random on the server, beyond the
// order of lists. For example, a transition rule self == oldSelf on
// objects whose fields are of the wrong type (let through by ratcheting)
// fails with "invalid data, expected string, got int64" or evaluates to
// false, as CEL compares the fields in map order and stops at the first
// difference (10 runs in 60 for case 38420 of seed 7).
func serverMayAgree(c *objCase, ours objAnswer) bool {
	for range 20 {
		again := theirsAnswer(c)
		if len(compareAnswers(ours, again)) == 0 && len(orderDiffs(ours, again)) == 0 {
			return true
		}
	}
	return false
}

// objTally counts the cases and their differences.
type objTally struct {
	mu         sync.Mutex
	cases      int
	kinds      map[string]int    // case kind → count
	mutations  map[string]int    // mutation → cases
	answered   map[string]int    // what the reference's answers hold: Strict, Warnings, a stored object
	causes     map[string]int    // mutation and part of the difference → cases
	causeCase  map[string]int    // the first case of each cause
	causeText  map[string]string // and its description
	refErrors  map[string]int    // the reference's error templates on valid creates
	validOK    int               // valid creates the reference accepts
	validAll   int
	mismatched int
	random     int // cases whose answer from ours the server gave on a rerun
	byCategory map[string]*objCategory
	printed    int
}

// objCategory is a category of differences, with its first example.
type objCategory struct {
	count   int
	example string
}

func (t *objTally) add(tt *testing.T, i int, c *objCase, theirs objAnswer, diffs []objDiff) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cases++
	kind := c.kind()
	if theirs.err != "" {
		kind += ", reference error"
	} else if len(theirs.errors) > 0 {
		kind += ", invalid"
	} else {
		kind += ", accepted"
	}
	t.kinds[kind]++
	for part, n := range map[string]int{"an error": len(theirs.err), "Errors": len(theirs.errors), "Strict": len(theirs.strict), "Warnings": len(theirs.warnings), "a stored object": len(theirs.stored)} {
		if n > 0 {
			t.answered[part]++
		}
	}
	for _, m := range strings.Split(c.mutation, ", ") {
		if m != "" {
			t.mutations[m]++
		}
	}
	if c.old == nil && c.mutation == "" {
		t.validAll++
		if theirs.err == "" && len(theirs.errors) == 0 {
			t.validOK++
		}
		if theirs.err != "" {
			t.refErrors["error: "+template(theirs.err)]++
		}
		for _, e := range theirs.errors {
			t.refErrors[template(e)]++
		}
	}
	if len(diffs) == 0 {
		return
	}
	t.mismatched++
	head := fmt.Sprintf("case %d (seed %d): CRD %s (%s) version %s, %s, mutation %q", i, *objSeed, c.crd.name, c.crd.source, c.version.name, c.kind(), c.mutation)
	if c.from != "" {
		head += ", old in version " + c.from
	}
	parts := map[string]bool{}
	for _, d := range diffs {
		// "Errors missing in ours: …" → "Errors missing in ours"; "ours
		// answers, theirs fails: …" → "ours answers, theirs fails".
		part, _, _ := strings.Cut(d.category, ":")
		parts[part] = true
	}
	mutation, _, _ := strings.Cut(c.mutation, ", ")
	if _, b, ok := strings.Cut(c.mutation, ", bytes "); ok {
		mutation = "bytes " + b
	}
	if mutation == "" {
		mutation = "none"
	}
	for part := range parts {
		cause := fmt.Sprintf("%s (%s): %s", mutation, strings.Fields(c.kind())[0], part)
		if t.causes[cause] == 0 || i < t.causeCase[cause] {
			t.causeCase[cause] = i
			var b strings.Builder
			fmt.Fprintf(&b, "%s", head)
			for _, d := range diffs {
				fmt.Fprintf(&b, "\n  [%s] %s\n    ours:   %s\n    theirs: %s", d.part, d.category, clip(d.ours, 1500), clip(d.theirs, 1500))
			}
			fmt.Fprintf(&b, "\n  obj: %s", clip(string(c.obj), 1500))
			if c.old != nil {
				fmt.Fprintf(&b, "\n  old: %s", clip(string(c.old), 1500))
			}
			t.causeText[cause] = b.String()
		}
		t.causes[cause]++
	}
	for _, d := range diffs {
		cat := t.byCategory[d.category]
		if cat == nil {
			cat = &objCategory{example: fmt.Sprintf("%s\n  ours:   %s\n  theirs: %s\n  obj: %s", head, clip(d.ours, 1500), clip(d.theirs, 1500), clip(string(c.obj), 1500))}
			if c.old != nil {
				cat.example += "\n  old: " + clip(string(c.old), 1500)
			}
			t.byCategory[d.category] = cat
		}
		cat.count++
	}
	if t.printed < 20 {
		t.printed++
		var b strings.Builder
		for _, d := range diffs {
			fmt.Fprintf(&b, "\n  [%s] %s\n    ours:   %s\n    theirs: %s", d.part, d.category, clip(d.ours, 800), clip(d.theirs, 800))
		}
		tt.Errorf("%s:%s\n  obj: %s", head, b.String(), clip(string(c.obj), 800))
	} else {
		tt.Fail()
	}
}

// clip returns s cut to n bytes, its control characters escaped.
func clip(s string, n int) string {
	tail := ""
	if len(s) > n {
		s, tail = s[:n], fmt.Sprintf("… (%d bytes)", len(s))
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '�'
		}
		return r
	}, strings.ToValidUTF8(s, "�")) + tail
}

func (t *objTally) addRandom() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.random++
}

// report returns the counts by kind, the reference's errors on valid
// objects and the categories of differences, most frequent first.
func (t *objTally) report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "cases by kind:\n")
	for _, k := range slices.Sorted(maps.Keys(t.kinds)) {
		fmt.Fprintf(&b, "  %-50s %7d\n", k, t.kinds[k])
	}
	fmt.Fprintf(&b, "the reference's answers with")
	for _, k := range []string{"an error", "Errors", "Strict", "Warnings", "a stored object"} {
		fmt.Fprintf(&b, " %s: %d;", k, t.answered[k])
	}
	fmt.Fprintf(&b, "\nmutations (cases):\n")
	for _, k := range topKeys(t.mutations, 100) {
		fmt.Fprintf(&b, "  %6d  %s\n", t.mutations[k], k)
	}
	fmt.Fprintf(&b, "valid creates the reference accepts: %d of %d\n", t.validOK, t.validAll)
	fmt.Fprintf(&b, "the reference's errors on valid creates (top 15):\n")
	for _, k := range topKeys(t.refErrors, 15) {
		fmt.Fprintf(&b, "  %6d  %s\n", t.refErrors[k], k)
	}
	fmt.Fprintf(&b, "cases whose first answer from the server differed from ours but a rerun agreed (random on the server): %d\n", t.random)
	fmt.Fprintf(&b, "cases with a mismatch: %d of %d\n", t.mismatched, t.cases)
	cats := map[string]int{}
	for k, c := range t.byCategory {
		cats[k] = c.count
	}
	for _, k := range topKeys(cats, 40) {
		fmt.Fprintf(&b, "  %6d  %s\n", cats[k], k)
	}
	if len(t.causes) > 0 {
		fmt.Fprintf(&b, "cases with a mismatch by mutation (create/update) and part:\n")
		for _, k := range topKeys(t.causes, 40) {
			fmt.Fprintf(&b, "  %6d  %s (e.g. case %d)\n", t.causes[k], k, t.causeCase[k])
		}
	}
	return b.String()
}

// topKeys returns the n keys of m with the largest counts.
func topKeys(m map[string]int, n int) []string {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(a, b)
	})
	if len(keys) > n {
		keys = keys[:n]
	}
	return keys
}

// markdown returns the status file: the run, the counts and each
// category of mismatch with its first example.
func (t *objTally) markdown(n int, elapsed time.Duration, implemented, withCEL bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# ValidateObject differential: status\n\nWritten %s by `go test -run TestValidateObjectDifferential -objcases %d -objseed %d -objstatus ...` in /work/main/conformance (%v). CEL evaluated: %v. Ours implemented: %v.\n\n",
		time.Now().UTC().Format(time.RFC3339), n, *objSeed, elapsed.Round(time.Second), withCEL, implemented)
	fmt.Fprintf(&b, "Comparison: Errors, Strict and Warnings as sorted lists (whole strings, both sides); their order separately (orderDiffs): when the lists are equal as multisets, two entries in the other order than the server's are an `order` mismatch only where the server's order is fixed: their paths part at a list index (`spec.a[0]…` before `spec.a[1]…`), or one is the error that says CEL rules were skipped, which comes last. Entries whose paths part at a property or map key are in random order on the server. Stored (JSON, sorted keys) only when the server has no validation errors. A case that differs is rerun on the server up to 20 times, and is no mismatch if a rerun gives ours (some answers are random on the server: CEL's equality of objects stops at the first differing field, in map order). Rerun one case with `-objseed S -objcase I -v`. \"Errors missing in ours: M\" means the server gives M and ours does not; \"extra in ours\", the other way; categories replace quoted values, numbers and list indices in M, and keep the last two segments of its field.\n\n")
	fmt.Fprintf(&b, "```\n%s```\n\n", objPoolLog+t.report())
	if len(t.causes) > 0 {
		fmt.Fprintf(&b, "## Mismatches by mutation and part, most frequent first, the first case of each\n\n")
		for _, k := range topKeys(t.causes, 1000) {
			fmt.Fprintf(&b, "### %d × %s\n\n```\n%s\n```\n\n", t.causes[k], k, t.causeText[k])
		}
	}
	if len(t.byCategory) > 0 {
		fmt.Fprintf(&b, "## Mismatch categories, most frequent first, one example each\n\n")
		cats := map[string]int{}
		for k, c := range t.byCategory {
			cats[k] = c.count
		}
		for _, k := range topKeys(cats, 60) {
			fmt.Fprintf(&b, "### %d × %s\n\n```\n%s\n```\n\n", cats[k], k, t.byCategory[k].example)
		}
	}
	return b.String()
}
