package conformance

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kubeversion/kubeversion/crd"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// coerceResult is what one side of TestCoerceDifferential answers: the
// error message, or the pruned paths, sorted, and the object left.
type coerceResult struct {
	err   string
	paths []string
	obj   string
}

func (a coerceResult) equal(b coerceResult) bool {
	if a.err != "" || b.err != "" {
		return a.err == b.err // the object is left half done: not compared
	}
	return slices.Equal(a.paths, b.paths) && a.obj == b.obj
}

// coerceOurs runs crd.Coerce on a fresh decoding of objJSON.
func coerceOurs(s *crd.JSONSchemaProps, objJSON []byte) coerceResult {
	obj := pruneObject(objJSON)
	paths, err := crd.Coerce(obj, s)
	if err != nil {
		return coerceResult{err: err.Error()}
	}
	slices.Sort(paths)
	return coerceResult{paths: paths, obj: string(pruneJSON(obj))}
}

// coerceTheirs runs the server's coercer on a fresh decoding of objJSON.
func coerceTheirs(schemaJSON, objJSON []byte) coerceResult {
	ss, err := kubeStructural(schemaJSON)
	if err != nil {
		return coerceResult{err: "schema: " + err.Error()}
	}
	u := &unstructured.Unstructured{Object: pruneObject(objJSON)}
	paths, err := kubeCoerce(u, ss)
	if err != nil {
		return coerceResult{err: err.Error()}
	}
	slices.Sort(paths)
	return coerceResult{paths: paths, obj: string(pruneJSON(u.Object))}
}

// pruneObject decodes the JSON object objJSON as crd.JSON does.
func pruneObject(objJSON []byte) map[string]any {
	var j crd.JSON
	if err := json.Unmarshal(objJSON, &j); err != nil {
		panic(err) // the generators make JSON objects
	}
	return j.Value.(map[string]any)
}

// pruneNulls sets now and then a field of x to null, to exercise the
// removal of nulls the schema does not allow.
func pruneNulls(r *rand.Rand, x any) {
	switch x := x.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if r.IntN(6) == 0 {
				x[k] = nil
			} else {
				pruneNulls(r, x[k])
			}
		}
	case []any:
		for _, v := range x {
			pruneNulls(r, v)
		}
	}
}

// TestCoerceDifferential coerces generated custom resources, with nulls,
// metadata of every shape and apiVersion and kind of every type, by
// generated schemas with crd.Coerce and with a copy of the server's
// coercer, and compares the errors, or the paths pruned and the objects
// left. The server reads metadata and embedded resources walking maps in
// random order, so that of two errors in one object either may come out:
// where the errors differ, the server is rerun up to 12 times, and the
// case matches if one run gives crd.Coerce's error. Rerun a failure with
//
//	go test -run TestCoerceDifferential -pruneseed N
func TestCoerceDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(*pruneSeed, 5))
	p := &pruneTally{t: t}
	errs := 0
	for p.compared < pruneCount() {
		sm := defaultedSchema(r, 3, false)
		sm["type"] = "object"
		delete(sm, "x-kubernetes-int-or-string")
		delete(sm, "default")
		obj, ok := conforming(r, sm, 3).(map[string]any)
		if !ok {
			continue
		}
		pruneNulls(r, obj)
		if r.IntN(2) == 0 {
			obj["apiVersion"] = []any{"g/v1", "v1", int64(1), "a/b/c"}[r.IntN(4)]
		}
		if r.IntN(2) == 0 {
			obj["kind"] = []any{"Foo", true}[r.IntN(2)]
		}
		if r.IntN(2) == 0 {
			obj["metadata"] = pruneMeta(r)
		}
		schemaJSON, objJSON := pruneJSON(sm), pruneJSON(obj)
		if _, err := kubeStructural(schemaJSON); err != nil {
			continue
		}
		var s crd.JSONSchemaProps
		if err := json.Unmarshal(schemaJSON, &s); err != nil {
			t.Fatalf("crd.JSONSchemaProps does not read a schema the server reads: %v\n%s", err, schemaJSON)
		}
		p.compared++
		ours, theirs := coerceOurs(&s, objJSON), coerceTheirs(schemaJSON, objJSON)
		if theirs.err != "" {
			errs++
		}
		if len(theirs.paths) > 0 || theirs.err == "" && string(objJSON) != theirs.obj {
			p.interesting++
		}
		same := ours.equal(theirs)
		for try := 0; !same && ours.err != "" && theirs.err != "" && try < 12; try++ {
			if again := coerceTheirs(schemaJSON, objJSON); ours.equal(again) {
				same = true
				p.reruns++
			}
		}
		if !same {
			p.differ("schema %s\nobject %s\ncrd.Coerce: %+v\nthe server: %+v", schemaJSON, objJSON, ours, theirs)
		}
	}
	t.Logf("%d cases failed on the server", errs)
	p.report("objects changed without an error")
}

// TestCoerceEmptyKey holds the path of an error under a property named ""
// to the server's: apimachinery writes an empty name as "[]", so the kind
// of the resource under it is "[].kind". The generators do not make empty
// names.
func TestCoerceEmptyKey(t *testing.T) {
	schemaJSON := []byte(`{"type":"object","properties":{"":{"type":"object","x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true}}}`)
	objJSON := []byte(`{"apiVersion":"g/v1","kind":"K","":{"kind":1}}`)
	var s crd.JSONSchemaProps
	if err := json.Unmarshal(schemaJSON, &s); err != nil {
		t.Fatal(err)
	}
	ours, theirs := coerceOurs(&s, objJSON), coerceTheirs(schemaJSON, objJSON)
	if !ours.equal(theirs) || theirs.err == "" {
		t.Errorf("crd.Coerce: %+v\nthe server: %+v", ours, theirs)
	}
}
