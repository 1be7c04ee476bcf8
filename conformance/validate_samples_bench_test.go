package conformance

import (
	"testing"

	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
)

// BenchmarkValidateSamples validates the sample objects of
// testdata/samples.txt (see TestValidateSamples) on create with
// crd.ObjectValidator and the cel module's evaluator, and with the API
// server's code (kubeCustomResource, each CRD's serving built once as the
// server builds it), in -rounds paired rounds of one pass over every
// object each, and reports each side's objects per second and the ratio,
// median and lower quartile over the rounds. Both sides start warm: the
// first pass of each, which builds the servings and compiles the CEL
// rules, is not counted.
//
//	go test -run '^$' -bench ValidateSamples -rounds 7 .
func BenchmarkValidateSamples(b *testing.B) {
	sources, err := readSampleSources()
	if err != nil {
		b.Fatal(err)
	}
	var modules []string
	for _, s := range sources {
		modules = append(modules, s.module)
	}
	dirs, err := downloadModules(modules)
	if err != nil {
		b.Fatal(err)
	}
	var objs []sampleObject
	for _, s := range sources {
		o, err := loadSamples(s, dirs[s.module])
		if err != nil {
			b.Fatal(err)
		}
		objs = append(objs, o...)
	}
	v := crd.NewObjectValidator(cel.NewEvaluator())
	ours := func(n int) {
		for range n {
			for _, o := range objs {
				if _, err := v.ValidateObject(o.c, o.json); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	theirs := func(n int) {
		for range n {
			for _, o := range objs {
				if _, err := kubeCustomResource(o.crd.json, o.json, nil); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	ours(1)
	theirs(1)
	n := max(*rounds, 1)
	oursRate, theirsRate, ratios := make([]float64, n), make([]float64, n), make([]float64, n)
	for r := range n {
		oursNs, theirsNs := nsPerOp(ours, 1), nsPerOp(theirs, 1)
		oursRate[r] = float64(len(objs)) / oursNs * 1e9
		theirsRate[r] = float64(len(objs)) / theirsNs * 1e9
		ratios[r] = theirsNs / oursNs
	}
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(float64(len(objs)), "objects")
	b.ReportMetric(median(oursRate), "kubeversion-objects/s")
	b.ReportMetric(median(theirsRate), "apiserver-objects/s")
	b.ReportMetric(median(ratios), "x-faster")
	b.ReportMetric(quantile(ratios, 0.25), "x-faster-q1")
}
