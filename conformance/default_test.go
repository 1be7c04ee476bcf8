package conformance

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/kubeversion/kubeversion/crd"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
)

// defaultBoth defaults the object of objJSON by the schema of schemaJSON
// with crd.Default and as the server does to every object it reads
// (PruneNonNullableNullsWithoutDefaults, then Default), each on its own
// copy. ok is false where the schema is not structural for the server.
func defaultBoth(schemaJSON, objJSON []byte) (ours, theirs map[string]any, ok bool) {
	ss, err := kubeStructural(schemaJSON)
	if err != nil || len(structuralschema.ValidateStructural(nil, ss)) > 0 {
		return nil, nil, false
	}
	var s crd.JSONSchemaProps
	if err := json.Unmarshal(schemaJSON, &s); err != nil {
		return nil, nil, false
	}
	var o1, o2 crd.JSON
	if json.Unmarshal(objJSON, &o1) != nil || json.Unmarshal(objJSON, &o2) != nil {
		return nil, nil, false
	}
	ours, ok1 := o1.Value.(map[string]any)
	theirs, ok2 := o2.Value.(map[string]any)
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	crd.Default(ours, &s)
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(theirs, ss)
	structuraldefaulting.Default(theirs, ss)
	return ours, theirs, true
}

// withNulls returns v with about one value in four, at any depth, made
// null: the nulls that defaulting removes or replaces.
func withNulls(r *rand.Rand, v any) any {
	if r.IntN(4) == 0 {
		return nil
	}
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = withNulls(r, e)
		}
	case []any:
		for i, e := range v {
			v[i] = withNulls(r, e)
		}
	}
	return v
}

// TestDefaultDifferential defaults generated objects by generated
// schemas with defaults (those of TestDefaultsDifferential: half shaped by
// their schema, half arbitrary, nullable now and then) with crd.Default
// and with the server's structural defaulting, and compares the objects.
// The objects are shaped by the schema, then have nulls put in. Rerun a
// failure with
//
//	go test -run TestDefaultDifferential -pruneseed N
func TestDefaultDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(*pruneSeed, 3))
	p := &pruneTally{t: t}
	skipped := 0
	for p.compared < pruneCount() {
		s := defaultedSchema(r, 3, false)
		if s["type"] != "object" {
			continue
		}
		schemaJSON := pruneJSON(s)
		obj, isObject := withNulls(r, conforming(r, s, 3)).(map[string]any)
		if !isObject {
			continue
		}
		objJSON := pruneJSON(obj)
		ours, theirs, ok := defaultBoth(schemaJSON, objJSON)
		if !ok {
			skipped++
			continue
		}
		p.compared++
		if string(pruneJSON(theirs)) != string(objJSON) {
			p.interesting++
		}
		if !reflect.DeepEqual(ours, theirs) {
			p.differ("schema %s\nobject %s\ncrd.Default gave %s\nthe server gave %s",
				schemaJSON, objJSON, pruneJSON(ours), pruneJSON(theirs))
		}
	}
	t.Logf("%d schemas not structural and skipped", skipped)
	p.report("objects defaulted")
}
