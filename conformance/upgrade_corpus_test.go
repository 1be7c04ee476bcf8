package conformance

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/kubeversion/kubeversion/crd"
)

var upgradeTable = flag.Bool("upgradetable", false,
	"print, in TestUpgradeCorpusTable, the 30 corpus upgrade pairs with the most crd.CheckUpgrade findings as a Markdown table")

// upgradePair is a CRD of the corpus and the CRD of the same name in the
// release before it, of the same label.
type upgradePair struct {
	label, name string
	from, to    string // module@version
	old, new    corpusDoc
}

// upgradePairs returns every pair of CRDs of the same metadata.name in
// consecutive releases of a label of testdata/corpus.txt, in corpus order.
func upgradePairs(t *testing.T) []upgradePair {
	t.Helper()
	docs, err := loadCorpus()
	if err != nil {
		t.Fatal("corpus not available:", err)
	}
	var pairs []upgradePair
	previous := map[string]corpusDoc{} // label/name → the document of the release before
	for _, d := range docs {
		if p, ok := previous[d.label+"/"+d.name]; ok && p.release == d.release-1 {
			pairs = append(pairs, upgradePair{d.label, d.name, p.module, d.module, p, d})
		}
		previous[d.label+"/"+d.name] = d
	}
	return pairs
}

// decodeCRD decodes a corpus document; a strict decoding error (an
// unknown field) still gives the object, as in BenchmarkCRDCorpus.
func decodeCRD(t *testing.T, d corpusDoc) *crd.CustomResourceDefinition {
	t.Helper()
	c, err := crd.Decode(d.json)
	if c == nil {
		t.Fatalf("%s %s (%s): %v", d.module, d.file, d.name, err)
	}
	return c
}

// live returns c as a cluster that installed it holds it: with
// status.storedVersions its storage version.
func live(c *crd.CustomResourceDefinition) *crd.CustomResourceDefinition {
	for _, v := range c.Spec.Versions {
		if v.Storage {
			c.Status.StoredVersions = []string{v.Name}
			break
		}
	}
	return c
}

var (
	pairFindingsMu sync.Mutex
	pairFindings   = map[string][]crd.Finding{} // by pairKey, guarded by pairFindingsMu
)

func pairKey(p upgradePair) string { return p.label + "/" + p.name + "/" + p.to }

// rememberFindings records the findings of a pair, so that the tests after
// the one that computed them need not decode the pair again.
func rememberFindings(p upgradePair, fs []crd.Finding) {
	pairFindingsMu.Lock()
	defer pairFindingsMu.Unlock()
	pairFindings[pairKey(p)] = slices.Clone(fs)
}

// upgradeFindings returns crd.CheckUpgrade on a pair, the old CRD live.
func upgradeFindings(t *testing.T, p upgradePair) []crd.Finding {
	t.Helper()
	pairFindingsMu.Lock()
	fs, ok := pairFindings[pairKey(p)]
	pairFindingsMu.Unlock()
	if ok {
		return slices.Clone(fs)
	}
	fs = crd.CheckUpgrade(live(decodeCRD(t, p.old)), decodeCRD(t, p.new))
	rememberFindings(p, fs)
	return fs
}

// minUpgradePairs is the fewest upgrade pairs the corpus may have: 100 in
// testdata/corpus.txt, which holds several releases of many projects (it
// has 117), so that a list that lost its releases fails. Another
// list, as testdata/corpus-operators.txt with its two releases of two
// projects (16 pairs), was not made for upgrades: one pair is enough to
// check anything.
func minUpgradePairs() int {
	if corpusList() == "testdata/corpus.txt" {
		return 100
	}
	return 1
}

// TestUpgradeCorpusInvariants runs crd.CheckUpgrade on every pair of
// consecutive releases of a CRD in the corpus, and on every CRD with
// itself, and checks what must hold of any answer: known check names in
// the order of crd.UpgradeChecks, no finding twice, a Field that is a path
// present in the new CRD (or "spec.versions", where a version is gone), a
// Version of one of the two CRDs, a From naming another served version of
// the new one, a one-line message, the same answer
// twice, inputs left unchanged, and, for a CRD compared with itself,
// nothing but what is wrong with the CRD alone.
func TestUpgradeCorpusInvariants(t *testing.T) {
	pairs := upgradePairs(t)
	if want := minUpgradePairs(); len(pairs) < want {
		t.Fatalf("%d upgrade pairs in the corpus, want at least %d: has %s lost releases?", len(pairs), want, corpusList())
	}
	rank := map[string]int{}
	for i, c := range crd.UpgradeChecks() {
		rank[c] = i
	}
	findings := 0
	for _, p := range pairs {
		old, new := live(decodeCRD(t, p.old)), decodeCRD(t, p.new)
		fs := crd.CheckUpgrade(old, new)
		rememberFindings(p, fs)
		findings += len(fs)
		where := fmt.Sprintf("%s %s %s -> %s", p.label, p.name, p.from, p.to)
		var doc any
		if err := json.Unmarshal(p.new.json, &doc); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		versions := map[string]bool{"": true}
		for _, c := range []*crd.CustomResourceDefinition{old, new} {
			for _, v := range c.Spec.Versions {
				versions[v.Name] = true
			}
		}
		served := map[string]bool{}
		for _, v := range new.Spec.Versions {
			served[v.Name] = v.Served
		}
		seen := map[crd.Finding]bool{}
		for i, f := range fs {
			r, ok := rank[f.Check]
			switch {
			case !ok:
				t.Errorf("%s: finding %v: check %q is not in crd.UpgradeChecks()", where, f, f.Check)
			case i > 0 && r < rank[fs[i-1].Check]:
				t.Errorf("%s: finding %q after %q, against the order of crd.UpgradeChecks()", where, f.Check, fs[i-1].Check)
			}
			if seen[f] {
				t.Errorf("%s: finding reported twice: %v", where, f)
			}
			seen[f] = true
			if f.Field != "spec.versions" && !fieldExists(doc, f.Field) {
				t.Errorf("%s: finding %s at %q: no such path in the new CRD", where, f.Check, f.Field)
			}
			if !versions[f.Version] {
				t.Errorf("%s: finding %s names version %q, in neither CRD", where, f.Check, f.Version)
			}
			if f.From != "" && (!served[f.From] || !served[f.Version] || f.From == f.Version) {
				t.Errorf("%s: finding %s from %q to %q: not two served versions of the new CRD", where, f.Check, f.From, f.Version)
			}
			if f.Message == "" || strings.ContainsAny(f.Message, "\n\r") {
				t.Errorf("%s: finding %s: message %q is empty or not one line", where, f.Check, f.Message)
			}
		}
		again := crd.CheckUpgrade(old, new)
		if !slices.Equal(fs, again) {
			t.Errorf("%s: a second CheckUpgrade differs:\nfirst:  %v\nsecond: %v", where, fs, again)
		}
		if !reflect.DeepEqual(old, live(decodeCRD(t, p.old))) || !reflect.DeepEqual(new, decodeCRD(t, p.new)) {
			t.Errorf("%s: CheckUpgrade changed its arguments", where)
		}
	}
	// A CRD compared with itself changes nothing. CheckUpgrade still
	// reports what is wrong with the new CRD alone, whatever the live one:
	// a deprecated default version, fields lost under strategy None. So
	// CheckUpgrade(x, x) must be exactly the findings of those two checks
	// that CheckUpgrade(nil, x) gives.
	docs, _ := loadCorpus()
	standing, standingDocs := 0, 0
	for _, d := range docs {
		x := live(decodeCRD(t, d))
		var want []crd.Finding
		for _, f := range crd.CheckUpgrade(nil, x) {
			if f.Check == "deprecated-default" || f.Check == "none-conversion-drops-fields" {
				want = append(want, f)
			}
		}
		standing += len(want)
		if len(want) > 0 {
			standingDocs++
		}
		if got := crd.CheckUpgrade(x, x); !slices.Equal(got, want) {
			t.Errorf("%s %s (%s) compared with itself:\n%v\nwant\n%v", d.module, d.file, d.name, got, want)
		}
	}
	t.Logf("%d upgrade pairs, %d findings; %d CRDs compared with themselves, %d findings about the CRD alone in %d of them",
		len(pairs), findings, len(docs), standing, standingDocs)
}

// TestUpgradeCorpusTable counts the findings of every upgrade pair of the
// corpus by check and, with -upgradetable, prints the 30 pairs with the
// most as a Markdown table:
//
//	go test -run TestUpgradeCorpusTable -upgradetable .
func TestUpgradeCorpusTable(t *testing.T) {
	type row struct {
		p       upgradePair
		total   int
		byCheck map[string]int
	}
	var rows []row
	for _, p := range upgradePairs(t) {
		fs := upgradeFindings(t, p)
		r := row{p, len(fs), map[string]int{}}
		for _, f := range fs {
			r.byCheck[f.Check]++
		}
		rows = append(rows, r)
	}
	slices.SortStableFunc(rows, func(a, b row) int { return cmp.Compare(b.total, a.total) })
	rows = rows[:min(30, len(rows))]
	var b strings.Builder
	b.WriteString("| # | project | CRD | from → to | findings | by check |\n|---:|---|---|---|---:|---|\n")
	for i, r := range rows {
		checks := make([]string, 0, len(r.byCheck))
		sum := 0
		for c, n := range r.byCheck {
			checks = append(checks, fmt.Sprintf("%s %d", c, n))
			sum += n
		}
		if sum != r.total {
			t.Errorf("%s %s: %d findings by check, %d in all", r.p.label, r.p.name, sum, r.total)
		}
		slices.SortFunc(checks, func(a, b string) int {
			na, nb := r.byCheck[a[:strings.LastIndexByte(a, ' ')]], r.byCheck[b[:strings.LastIndexByte(b, ' ')]]
			return cmp.Or(cmp.Compare(nb, na), strings.Compare(a, b))
		})
		_, from, _ := strings.Cut(r.p.from, "@")
		_, to, _ := strings.Cut(r.p.to, "@")
		fmt.Fprintf(&b, "| %d | %s | %s | %s → %s | %d | %s |\n", i+1, r.p.label, r.p.name, from, to, r.total, strings.Join(checks, ", "))
	}
	if len(rows) < 30 || rows[29].total == 0 {
		t.Errorf("fewer than 30 upgrade pairs with findings")
	}
	if *upgradeTable {
		fmt.Print(b.String())
	}
}

// fieldExists reports whether path, written as the API server writes
// field paths ("spec.versions[1].schema.openAPIV3Schema.properties[spec]"),
// names a value in doc, the JSON of a CRD: a name after a dot is an object
// member, a bracket holds a list index or, on an object, a member name
// (which may hold dots).
func fieldExists(doc any, path string) bool {
	cur := doc
	for i := 0; i < len(path); {
		var key string
		bracket := path[i] == '['
		if bracket {
			// The member name ends at the "]" before a ".", a "[" or the end.
			end := -1
			for j := i + 1; j < len(path); j++ {
				if path[j] == ']' && (j+1 == len(path) || path[j+1] == '.' || path[j+1] == '[') {
					end = j
					break
				}
			}
			if end < 0 {
				return false
			}
			key, i = path[i+1:end], end+1
		} else {
			if i > 0 {
				if path[i] != '.' {
					return false
				}
				i++
			}
			end := strings.IndexAny(path[i:], ".[")
			if end < 0 {
				end = len(path) - i
			}
			if end == 0 {
				return false
			}
			key, i = path[i:i+end], i+end
		}
		switch c := cur.(type) {
		case []any:
			n, err := strconv.Atoi(key)
			if !bracket || err != nil || n < 0 || n >= len(c) {
				return false
			}
			cur = c[n]
		case map[string]any:
			v, ok := c[key]
			if !ok {
				return false
			}
			cur = v
		default:
			return false
		}
	}
	return true
}

func TestFieldExists(t *testing.T) {
	var doc any
	if err := json.Unmarshal([]byte(`{"spec":{"versions":[{"name":"v1","schema":{"openAPIV3Schema":
		{"properties":{"a.b":{"items":{"enum":["x"]}},"c]":{}}}}}]}}`), &doc); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{
		"spec":                  true,
		"spec.versions":         true,
		"spec.versions[0].name": true,
		"spec.versions[1]":      false,
		"spec.versions.0":       false,
		"spec.versions[-1]":     false,
		"spec.versions[0].schema.openAPIV3Schema.properties[a.b].items.enum":    true,
		"spec.versions[0].schema.openAPIV3Schema.properties[a.b].items.enum[0]": true,
		"spec.versions[0].schema.openAPIV3Schema.properties[c]]":                true,
		"spec.versions[0].schema.openAPIV3Schema.properties[a]":                 false,
		"spec.versions[0].schema.openAPIV3Schema.properties.a.b":                false,
		"spec.versions[0].served":                                               false,
		"spec..versions":                                                        false,
		"spec[versions":                                                         false,
		"status":                                                                false,
	} {
		if got := fieldExists(doc, path); got != want {
			t.Errorf("fieldExists(%q) = %v, want %v", path, got, want)
		}
	}
}
