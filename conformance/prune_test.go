package conformance

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/kubeversion/kubeversion/crd"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
)

// pruneBoth decodes schema and object and prunes the object with
// crd.Prune and with the server's pruning, each on its own copy. ok is
// false where the input is no structural schema and object for the server
// (the fuzz target makes such inputs), so there is nothing to compare.
func pruneBoth(schemaJSON, objJSON []byte) (ours, theirs []string, oursObj, theirsObj map[string]any, ok bool) {
	ss, err := kubeStructural(schemaJSON)
	if err != nil || len(structuralschema.ValidateStructural(nil, ss)) > 0 {
		return nil, nil, nil, nil, false
	}
	var s crd.JSONSchemaProps
	if err := json.Unmarshal(schemaJSON, &s); err != nil {
		return nil, nil, nil, nil, false
	}
	var o1, o2 crd.JSON
	if json.Unmarshal(objJSON, &o1) != nil || json.Unmarshal(objJSON, &o2) != nil {
		return nil, nil, nil, nil, false
	}
	oursObj, ok1 := o1.Value.(map[string]any)
	theirsObj, ok2 := o2.Value.(map[string]any)
	if !ok1 || !ok2 {
		return nil, nil, nil, nil, false
	}
	ours = crd.Prune(oursObj, &s)
	theirs = kubePrune(theirsObj, ss)
	return ours, theirs, oursObj, theirsObj, true
}

// pruneRoot returns a random custom resource: an object of up to four
// fields, with the names of pruneFieldNames.
func pruneRoot(r *rand.Rand) map[string]any {
	obj := map[string]any{}
	for range r.IntN(5) {
		obj[pruneFieldNames[r.IntN(len(pruneFieldNames))]] = pruneValue(r, 3)
	}
	return obj
}

// samePrune reports whether both sides removed the same paths and left the
// same object. The server returns its paths in the order it walks the
// object's maps, which Go randomizes, and crd.Prune sorts them: the paths
// are compared as sets (a path is never removed twice).
func samePrune(ours, theirs []string, oursObj, theirsObj map[string]any) bool {
	theirsSorted := slices.Clone(theirs)
	slices.Sort(theirsSorted)
	return slices.Equal(ours, theirsSorted) && reflect.DeepEqual(oursObj, theirsObj)
}

// TestPruneDifferential prunes generated objects by generated schemas with
// crd.Prune and with the server's pruning.PruneWithOptions, and compares
// the paths removed and the objects left. Rerun a failure with
//
//	go test -run TestPruneDifferential -pruneseed N
func TestPruneDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(*pruneSeed, 1))
	p := &pruneTally{t: t}
	skipped := 0
	for p.compared < pruneCount() {
		schemaJSON := pruneJSON(pruneRootSchema(r))
		objJSON := pruneJSON(pruneRoot(r))
		ours, theirs, oursObj, theirsObj, ok := pruneBoth(schemaJSON, objJSON)
		if !ok {
			skipped++
			continue
		}
		p.compared++
		if len(theirs) > 0 {
			p.interesting++
		}
		if !samePrune(ours, theirs, oursObj, theirsObj) {
			p.differ("schema %s\nobject %s\ncrd.Prune removed %q, left %s\nthe server removed %q, left %s",
				schemaJSON, objJSON, ours, pruneJSON(oursObj), theirs, pruneJSON(theirsObj))
		}
	}
	t.Logf("%d schemas not structural and skipped", skipped)
	p.report("fields pruned")
}

// FuzzPruneDifferential is TestPruneDifferential driven by the fuzzer: its
// input is the sequence of choices the generators make (one byte each,
// zeros once it runs out), so that every input is a structural schema and
// an object to compare, and the fuzzer's mutations change the schema and
// the object a choice at a time rather than break their JSON.
func FuzzPruneDifferential(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 1))
	for n := range 32 {
		choices := make([]byte, 8+4*n)
		for i := range choices {
			choices[i] = byte(r.Uint32())
		}
		f.Add(choices)
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, choices []byte) {
		r := rand.New(&choiceSource{choices})
		schemaJSON := pruneJSON(pruneRootSchema(r))
		objJSON := pruneJSON(pruneRoot(r))
		ours, theirs, oursObj, theirsObj, ok := pruneBoth(schemaJSON, objJSON)
		if !ok {
			t.Skip("not a structural schema")
		}
		if !samePrune(ours, theirs, oursObj, theirsObj) {
			t.Errorf("schema %s\nobject %s\ncrd.Prune removed %q, left %s\nthe server removed %q, left %s",
				schemaJSON, objJSON, ours, pruneJSON(oursObj), theirs, pruneJSON(theirsObj))
		}
	})
}

// choiceSource is a rand.Source that reads its numbers from a fuzzer's
// input, a byte each: b*0x0101010101010101 spreads the byte to the high
// bits rand.Rand.IntN scales and to the low bits it masks. Once the input
// runs out it returns 1, which IntN(n) turns into 0 or 1 at once: 0, which
// IntN(n) rejects and draws again for most n, would loop forever. The
// generators stop at their depth whatever they draw.
type choiceSource struct{ b []byte }

func (s *choiceSource) Uint64() uint64 {
	if len(s.b) == 0 {
		return 1
	}
	x := s.b[0]
	s.b = s.b[1:]
	return uint64(x) * 0x0101010101010101
}
