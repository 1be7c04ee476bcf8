package conformance

import (
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	mismatchDir    = flag.String("mismatchdir", "", "write the differences of the CRD differential, by topic, to DIR/<topic>.txt")
	mismatchCommit = flag.String("mismatchcommit", "", "the commit the reports name (default: git log -1 in the working directory)")
)

// tally counts what the CRD differential tests have seen, across tests, and
// keeps one example per rule that differs.
type tally struct {
	cases      map[string]int // by source: generated, mutated, corpus, ...
	withErrors map[string]int // by topic: cases where Kubernetes gave errors of the topic
	mismatched map[string]int // by topic: cases with differences in the topic
	rules      map[string]*ruleTally
	met        map[string]int // by rule key: cases where Kubernetes gave an error of the rule
}

type ruleTally struct {
	topic, key, side string
	cases            int
	manifest, old    []byte
	msg              string // the differing message of the example
}

var seen = &tally{ // guarded by seenMu
	cases:      map[string]int{},
	withErrors: map[string]int{},
	mismatched: map[string]int{},
	rules:      map[string]*ruleTally{},
	met:        map[string]int{},
}

var seenMu sync.Mutex

// add records one case from source. It may be called from several
// goroutines.
func (t *tally) add(source string, manifest, old []byte, k verdict, diffs []difference, topics []string) {
	seenMu.Lock()
	defer seenMu.Unlock()
	t.cases[source]++
	for _, f := range k.errs {
		t.met[ruleKey(f.topic, f.field, f.detail)]++
	}
	for _, topic := range topics {
		t.withErrors[topic]++
	}
	counted := map[string]bool{}
	for _, d := range diffs {
		if !counted[d.topic] {
			t.mismatched[d.topic]++
		}
		id := d.side + " " + d.key
		if counted[id] {
			continue
		}
		counted[d.topic], counted[id] = true, true
		r := t.rules[id]
		if r == nil {
			r = &ruleTally{topic: d.topic, key: d.key, side: d.side}
			t.rules[id] = r
		}
		r.cases++
		if r.manifest == nil || len(manifest)+len(old) < len(r.manifest)+len(r.old) {
			r.manifest, r.old, r.msg = manifest, old, d.msg
		}
	}
}

// skip records a case from source that could not run, for reason.
func (t *tally) skip(source, reason string) {
	seenMu.Lock()
	defer seenMu.Unlock()
	t.cases[source+" skipped: "+reason]++
}

// summary returns one line per topic: cases with Kubernetes errors in it
// and cases that differ in it.
func (t *tally) summary() string {
	seenMu.Lock()
	defer seenMu.Unlock()
	var b strings.Builder
	total := 0
	for _, n := range t.cases {
		total += n
	}
	fmt.Fprintf(&b, "%d cases %v; %d distinct rules of the API server met\n", total, t.cases, len(t.met))
	for _, topic := range allTopics {
		state := "not compared"
		if coveredTopics[topic] {
			state = "covered"
		}
		fmt.Fprintf(&b, "  %-15s %-12s %7d cases with errors, %7d cases differ\n", topic, state, t.withErrors[topic], t.mismatched[topic])
	}
	for _, p := range pending {
		n := 0
		if r := t.rules[p.side+" "+p.key]; r != nil {
			n = r.cases
		}
		fmt.Fprintf(&b, "  pending, met in %d cases: %s %s (%s)\n", n, p.side, p.key, p.why)
	}
	return b.String()
}

// TestMain runs the tests, then writes the mismatch reports when
// -mismatchdir is set.
func TestMain(m *testing.M) {
	if os.Getenv(referenceLintEnv) != "" {
		os.Exit(referenceLint(os.Args[1:]))
	}
	flag.Parse()
	code := m.Run()
	if *mismatchDir != "" && len(seen.cases) > 0 {
		if err := writeReports(*mismatchDir); err != nil {
			fmt.Fprintln(os.Stderr, "mismatch reports:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// writeReports writes dir/<topic>.txt for every topic: the rules that
// differ, most frequent first, each with a minimized example.
func writeReports(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	head := []byte(*mismatchCommit)
	if len(head) == 0 {
		head, _ = exec.Command("git", "log", "-1", "--format=%h %s").Output()
	}
	header := fmt.Sprintf("# CRD differential, %s, at commit %s\n# %s", time.Now().UTC().Format(time.RFC3339),
		strings.TrimSpace(string(head)), strings.ReplaceAll(seen.summary(), "\n", "\n# "))
	rules := make([]*ruleTally, 0, len(seen.rules))
	for _, r := range seen.rules {
		rules = append(rules, r)
	}
	slices.SortFunc(rules, func(a, b *ruleTally) int {
		return cmp.Or(cmp.Compare(b.cases, a.cases), cmp.Compare(a.key, b.key), cmp.Compare(a.side, b.side))
	})
	if err := writeCoverage(filepath.Join(dir, "coverage.txt"), header); err != nil {
		return err
	}
	for _, topic := range allTopics {
		var b strings.Builder
		b.WriteString(header)
		fmt.Fprintf(&b, "\n# topic %s: %d cases differ. \"missing\": Kubernetes gives the error and crd does not; \"extra\": the reverse.\n", topic, seen.mismatched[topic])
		shown := 0
		for _, r := range rules {
			if r.topic != topic {
				continue
			}
			shown++
			fmt.Fprintf(&b, "\n## %s %s (%d cases)\n", r.side, r.key, r.cases)
			if shown > 60 {
				continue // the rarest: counted only, not minimized
			}
			manifest, old := minimize(r)
			k, _ := kubernetesVerdict(manifest, old)
			o := oursVerdict(manifest, old)
			fmt.Fprintf(&b, "differs: %s\n", shorten(r.msg))
			fmt.Fprintf(&b, "kubernetes (%s):\n", topic)
			for _, m := range messages(k, topic) {
				fmt.Fprintf(&b, "  %s\n", shorten(m))
			}
			fmt.Fprintf(&b, "crd (%s):\n", topic)
			for _, m := range messages(o, topic) {
				fmt.Fprintf(&b, "  %s\n", shorten(m))
			}
			fmt.Fprintf(&b, "manifest: %s\n", manifest)
			if old != nil {
				fmt.Fprintf(&b, "old: %s\n", old)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, topic+".txt"), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeCoverage writes the rules of the API server that the cases met:
// each rule key with the number of cases where Kubernetes gave its error.
func writeCoverage(file, header string) error {
	keys := make([]string, 0, len(seen.met))
	for k := range seen.met {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString(header)
	fmt.Fprintf(&b, "\n# %d rules of the API server met (topic | path | type: detail), with the cases that met each\n", len(keys))
	for _, k := range keys {
		fmt.Fprintf(&b, "%7d  %s\n", seen.met[k], k)
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}

// minimize shrinks r's example, greedily dropping object members and array
// elements of the manifest and then of the old object, as long as the
// same difference remains. It gives up after a fixed number of tries,
// since large corpus documents would take long.
func minimize(r *ruleTally) (manifest, old []byte) {
	manifest, old = r.manifest, r.old
	budget := 150
	still := func(m, o []byte) bool {
		budget--
		k, err := kubernetesVerdict(m, o)
		if err != nil {
			return false
		}
		diffs, _ := compareVerdicts(k, oursVerdict(m, o))
		for _, d := range diffs {
			if d.side == r.side && d.key == r.key {
				return true
			}
		}
		return false
	}
	manifest = shrinkJSON(manifest, func(m []byte) bool { return budget > 0 && still(m, old) })
	if old != nil {
		old = shrinkJSON(old, func(o []byte) bool { return budget > 0 && still(manifest, o) })
	}
	return manifest, old
}

// shrinkJSON drops parts of doc, one at a time from the top, keeping each
// drop after which keep still holds.
func shrinkJSON(doc []byte, keep func([]byte) bool) []byte {
	root, err := decodeJSON(doc)
	if err != nil {
		return doc
	}
	var visit func(v any)
	visit = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				saved := v[k]
				delete(v, k)
				if b, _ := json.Marshal(root); keep(b) {
					continue
				}
				v[k] = saved
				visit(saved)
			}
		case []any:
			for i := range v {
				visit(v[i])
			}
		}
	}
	visit(root)
	out, _ := json.Marshal(root)
	return out
}

// decodeJSON decodes doc keeping numbers as written.
func decodeJSON(doc []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}
