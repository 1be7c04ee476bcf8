package crd

import (
	"encoding/json"
	"testing"

	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// pruneBenchSchema is a CronTab schema with a list of objects, a map and
// a preserved field: every way pruning walks.
const pruneBenchSchema = `{"type": "object", "properties": {
	"spec": {"type": "object", "properties": {
		"cronSpec": {"type": "string"},
		"image": {"type": "string"},
		"replicas": {"type": "integer", "default": 1},
		"containers": {"type": "array", "items": {"type": "object", "properties": {
			"name": {"type": "string"},
			"args": {"type": "array", "items": {"type": "string"}},
			"env": {"type": "object", "additionalProperties": {"type": "string"}}}}},
		"extra": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {"known": {"type": "string"}}}}},
	"status": {"type": "object", "nullable": true, "properties": {"ready": {"type": "boolean"}}}}}`

// pruneBenchObject has unknown fields at each level, and nulls.
const pruneBenchObject = `{"apiVersion": "stable.example.com/v1", "kind": "CronTab",
	"metadata": {"name": "c", "namespace": "ns", "labels": {"app": "x"}},
	"spec": {"cronSpec": "*/5 * * * *", "image": "busybox", "replicas": null, "unknown": 1,
		"containers": [
			{"name": "a", "args": ["x", "y"], "env": {"A": "1", "B": "2"}, "unknown": true},
			{"name": "b", "args": [], "env": {}, "more": {"x": 1}}],
		"extra": {"known": "k", "kept": {"x": 1}}},
	"status": null, "unknown": "x"}`

// BenchmarkPrune prunes, and coerces, one CronTab; the copy of the object
// each round takes is in both figures.
func BenchmarkPrune(b *testing.B) {
	var s JSONSchemaProps
	if err := json.Unmarshal([]byte(pruneBenchSchema), &s); err != nil {
		b.Fatal(err)
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(pruneBenchObject), &obj); err != nil {
		b.Fatal(err)
	}
	b.Run("func=Prune", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Prune(jsonvalue.Copy(obj).(map[string]any), &s)
		}
	})
	b.Run("func=Coerce", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Coerce(jsonvalue.Copy(obj).(map[string]any), &s); err != nil {
				b.Fatal(err)
			}
		}
	})
}
