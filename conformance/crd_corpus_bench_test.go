package conformance

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/crd"
)

// validateCorpusOurs and validateCorpusKubernetes check every document of
// the corpus on create, from its JSON: package crd's Decode and
// ValidateCreate, and the API server's strict decoding, defaulting,
// conversion, registry strategy and ValidateCustomResourceDefinition.
// They return the number of errors found, so that nothing is optimized
// away.
func validateCorpusOurs(docs []corpusDoc) int {
	n := 0
	for _, d := range docs {
		c, _ := crd.Decode(d.json) // a strict decoding error still gives c
		if c == nil {
			n++
			continue
		}
		n += len(crd.ValidateCreate(c))
	}
	return n
}

func validateCorpusKubernetes(docs []corpusDoc) int {
	ctx := context.Background()
	n := 0
	for _, d := range docs {
		obj, _, err := decodeInternal(d.json)
		if err != nil {
			n++
			continue
		}
		strategy.PrepareForCreate(ctx, obj)
		n += len(strategy.Validate(ctx, obj))
	}
	return n
}

// BenchmarkCRDCorpus validates the whole corpus per iteration, with package
// crd and with the API server's code; the bytes are those of the JSON
// documents. Compare the two with
//
//	go test -run - -bench CRDCorpus -count 10 | benchstat -col /side -
func BenchmarkCRDCorpus(b *testing.B) {
	docs, err := loadCorpus()
	if err != nil {
		b.Skip("corpus not available:", err)
	}
	size := 0
	for _, d := range docs {
		size += len(d.json)
	}
	for _, side := range []struct {
		name string
		run  func([]corpusDoc) int
	}{{"crd", validateCorpusOurs}, {"kubernetes", validateCorpusKubernetes}} {
		b.Run("side="+side.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			for b.Loop() {
				side.run(docs)
			}
			b.ReportMetric(float64(len(docs)), "docs/op")
		})
	}
}

// corpusThroughput times one pass of each side over the corpus and
// returns files, megabytes and seconds side by side. The benchmark gives
// steadier figures.
func corpusThroughput(docs []corpusDoc) string {
	files := map[string]bool{}
	yamlBytes, jsonBytes := 0, 0
	for _, d := range docs {
		files[d.module+"/"+d.file] = true
		yamlBytes += d.yamlSize
		jsonBytes += len(d.json)
	}
	start := time.Now()
	ours := validateCorpusOurs(docs)
	oursTime := time.Since(start)
	start = time.Now()
	theirs := validateCorpusKubernetes(docs)
	theirTime := time.Since(start)
	return fmt.Sprintf("%d files, %d documents, %.1f MB of YAML, %.1f MB of JSON\n"+
		"  crd:        %7.3fs, %6.1f MB/s of JSON, %d errors\n"+
		"  kubernetes: %7.3fs, %6.1f MB/s of JSON, %d errors\n",
		len(files), len(docs), float64(yamlBytes)/1e6, float64(jsonBytes)/1e6,
		oursTime.Seconds(), float64(jsonBytes)/1e6/oursTime.Seconds(), ours,
		theirTime.Seconds(), float64(jsonBytes)/1e6/theirTime.Seconds(), theirs)
}
