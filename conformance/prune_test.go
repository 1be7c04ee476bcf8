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
	for p.compared < pruneCount() {
		schemaJSON := pruneJSON(pruneSchema(r, 3))
		obj := map[string]any{}
		for range r.IntN(5) {
			obj[pruneFieldNames[r.IntN(len(pruneFieldNames))]] = pruneValue(r, 3)
		}
		objJSON := pruneJSON(obj)
		ours, theirs, oursObj, theirsObj, ok := pruneBoth(schemaJSON, objJSON)
		if !ok {
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
	p.report("fields pruned")
}

// FuzzPruneDifferential is TestPruneDifferential on fuzzed schemas and
// objects: where the server reads the schema as structural and the object
// as a JSON object, crd.Prune must remove the same paths and leave the same
// object. The seed corpus is the first cases of the generator.
func FuzzPruneDifferential(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 64 {
		obj := map[string]any{"spec": pruneValue(r, 3), "metadata": pruneValue(r, 1)}
		f.Add(string(pruneJSON(pruneSchema(r, 3))), string(pruneJSON(obj)))
	}
	f.Add(`{"type":"object","properties":{"spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true,"properties":{"a":{"type":"object"}}}}}`,
		`{"apiVersion":"v1","kind":"Foo","metadata":{"x":1},"spec":{"a":{"b":1},"c":2},"d":3}`)
	f.Fuzz(func(t *testing.T, schemaJSON, objJSON string) {
		ours, theirs, oursObj, theirsObj, ok := pruneBoth([]byte(schemaJSON), []byte(objJSON))
		if !ok {
			t.Skip("not a structural schema and a JSON object")
		}
		if !samePrune(ours, theirs, oursObj, theirsObj) {
			t.Errorf("schema %s\nobject %s\ncrd.Prune removed %q, left %s\nthe server removed %q, left %s",
				schemaJSON, objJSON, ours, pruneJSON(oursObj), theirs, pruneJSON(theirsObj))
		}
	})
}
