package conformance

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/kubeversion/kubeversion/crd"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

var warnCases = flag.Int("warncases", 6_000, "number of generated and mutated cases TestCRDWarnings runs (a tenth under -short)")

// TestCRDWarnings compares crd.WarningsOnCreate and crd.WarningsOnUpdate
// with the warnings of the API server's registry strategy
// (WarningsOnCreate and WarningsOnUpdate, after PrepareForCreate or
// PrepareForUpdate and the validation, as the server's create and update
// handlers call them) on:
//
//   - corpus: every CRD of the corpus (see TestCRDCorpus) on create;
//   - corpus-upgrade: every CRD of a release as an update of the same CRD
//     of the release before;
//   - corpus-mutated-create, corpus-mutated-update: a corpus CRD given
//     formats (known, unknown, of a later release, of the wrong type),
//     lists of type set over objects and arrays, schemas made equal or
//     different across versions (see warnMutate), created, and replacing
//     the CRD or a mutation of it;
//   - generated-create, generated-update: the same on CRDs of
//     randomWholeCRD.
//
// Every message must agree, in the server's order. The server visits the
// properties, definitions and dependencies of a schema in Go's random map
// order, package crd in sorted order: where two of them give different
// formats (see formatOrderAmbiguous), the formats are compared as a
// multiset and the list-type warnings, which the server sorts, in order.
// The field of each warning of package crd must also hold what it warns
// of: the format named, or x-kubernetes-list-type: set.
func TestCRDWarnings(t *testing.T) {
	docs, err := loadCorpus()
	if err != nil {
		t.Fatal("corpus not available:", err)
	}
	sources := []string{"corpus", "corpus-upgrade", "corpus-mutated-create", "corpus-mutated-update", "generated-create", "generated-update"}
	counts := map[string]*warnCount{}
	for _, s := range sources {
		counts[s] = &warnCount{}
	}
	var mu sync.Mutex // guards the counts and failures
	failures := 0
	check := func(source string, manifest, old []byte) {
		k, kerr := kubernetesWarnings(manifest, old)
		o, fieldErr, oerr := oursWarnings(manifest, old)
		mu.Lock()
		defer mu.Unlock()
		c := counts[source]
		if kerr != nil || oerr != nil {
			c.skipped++ // not a CRD that both sides decode; TestCRDDifferential compares those
			return
		}
		c.add(k)
		why := compareWarnings(k, o)
		if why == "" && fieldErr != "" {
			why = fieldErr
		}
		if why != "" {
			c.mismatches++
			failures++
			if failures <= 10 {
				t.Errorf("%s: %s\nkubernetes: %q\nours:       %q\nmanifest: %s\nold: %s", source, why, k.warnings, o, manifest, old)
			}
		}
	}
	previous := map[string]corpusDoc{}
	for _, d := range docs {
		check("corpus", d.json, nil)
		if p, ok := previous[d.label+"/"+d.name]; ok && p.release == d.release-1 {
			check("corpus-upgrade", stored(d.json), established(stored(p.json)))
		}
		previous[d.label+"/"+d.name] = d
	}
	n := *warnCases
	if testing.Short() {
		n /= 10
	}
	// Half the mutated corpus documents have several versions, whose
	// schemas the server keeps once when they are the same.
	var several [][]byte
	for _, d := range docs {
		if bytes.Count(d.json, []byte(`"served"`)) > 1 {
			several = append(several, d.json)
		}
	}
	pickDoc := func(r *rand.Rand) []byte {
		if r.IntN(2) == 0 && len(several) > 0 {
			return several[r.IntN(len(several))]
		}
		return docs[r.IntN(len(docs))].json
	}
	parallel(n, func(i int) {
		r := rand.New(rand.NewPCG(uint64(n), uint64(i)))
		switch i % 4 {
		case 0:
			check("corpus-mutated-create", warnMutate(r, pickDoc(r)), nil)
		case 1:
			old := pickDoc(r)
			if r.IntN(2) == 0 {
				old = warnMutate(r, old)
			}
			check("corpus-mutated-update", stored(warnMutate(r, old)), stored(old))
		case 2:
			check("generated-create", warnMutate(r, randomWholeCRD(r)), nil)
		case 3:
			old := randomWholeCRD(r)
			if r.IntN(2) == 0 {
				old = warnMutate(r, old)
			}
			check("generated-update", stored(warnMutate(r, old)), stored(old))
		}
	})
	var b strings.Builder
	var total warnCount
	for _, s := range sources {
		c := counts[s]
		fmt.Fprintf(&b, "  %-22s %s\n", s, c)
		total.plus(c)
	}
	fmt.Fprintf(&b, "  %-22s %s\n", "total", &total)
	t.Logf("%d corpus documents; warnings compared:\n%s", len(docs), b.String())
}

// warnCount counts the cases of one source.
type warnCount struct {
	cases, skipped, valid, warned, warnings, ambiguous, mismatches int
}

func (c *warnCount) add(k serverWarnings) {
	c.cases++
	if k.valid {
		c.valid++
	}
	if len(k.warnings) > 0 {
		c.warned++
	}
	c.warnings += len(k.warnings)
	if k.ambiguous {
		c.ambiguous++
	}
}

func (c *warnCount) plus(d *warnCount) {
	c.cases += d.cases
	c.skipped += d.skipped
	c.valid += d.valid
	c.warned += d.warned
	c.warnings += d.warnings
	c.ambiguous += d.ambiguous
	c.mismatches += d.mismatches
}

func (c *warnCount) String() string {
	return fmt.Sprintf("%6d cases (%6d accepted), %6d with warnings, %7d warnings, %5d in map order, %d mismatches; %d skipped",
		c.cases, c.valid, c.warned, c.warnings, c.ambiguous, c.mismatches, c.skipped)
}

// serverWarnings is what the API server's strategy warns of one request.
type serverWarnings struct {
	warnings []string
	// valid says that the validation passed, so that the server sends
	// the warnings; they are compared in any case.
	valid bool
	// ambiguous says that the order of the formats depends on the order
	// of a map (see formatOrderAmbiguous).
	ambiguous bool
}

// kubernetesWarnings decodes manifest (and old) as the API server does,
// prepares and validates the create (or the update of old), and returns
// the strategy's warnings.
func kubernetesWarnings(manifest, old []byte) (serverWarnings, error) {
	var k serverWarnings
	ctx := context.Background()
	obj, _, err := decodeInternal(manifest)
	if err != nil {
		return k, err
	}
	if old == nil {
		strategy.PrepareForCreate(ctx, obj)
		k.valid = validates(func() field.ErrorList { return strategy.Validate(ctx, obj) })
		k.warnings = strategy.WarningsOnCreate(ctx, obj)
	} else {
		oldObj, _, err := decodeInternal(old)
		if err != nil {
			return k, err
		}
		strategy.PrepareForUpdate(ctx, obj, oldObj)
		k.valid = validates(func() field.ErrorList { return strategy.ValidateUpdate(ctx, obj, oldObj) })
		k.warnings = strategy.WarningsOnUpdate(ctx, obj, oldObj)
	}
	k.ambiguous = formatOrderAmbiguous(&obj.Spec)
	return k, nil
}

// validates reports whether validate finds no error; a validation that
// panics (see errServerPanic) finds one.
func validates(validate func() field.ErrorList) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return len(validate()) == 0
}

// oursWarnings returns the messages of package crd's warnings, and what
// is wrong with their fields, or "".
func oursWarnings(manifest, old []byte) (msgs []string, fieldErr string, err error) {
	c, err := crd.Decode(manifest)
	if c == nil {
		return nil, "", err
	}
	var ws []crd.Warning
	if old == nil {
		ws = crd.WarningsOnCreate(c)
	} else {
		o, err := crd.Decode(old)
		if o == nil {
			return nil, "", err
		}
		ws = crd.WarningsOnUpdate(c, o)
	}
	doc, err := decodeJSON(manifest)
	if err != nil {
		return nil, "", err
	}
	for _, w := range ws {
		msgs = append(msgs, w.Message)
		if fieldErr == "" {
			fieldErr = checkWarningField(doc, w)
		}
	}
	return msgs, fieldErr, nil
}
