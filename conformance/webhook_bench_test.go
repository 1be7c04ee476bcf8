package conformance

import (
	"net/http"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/go-logr/logr"
	"github.com/kubeversion/kubeversion/conversion"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	crwebhook "sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// BenchmarkWebhookSpeedup serves one ConversionReview of 100 CronTabs
// through conversion.Handler and through controller-runtime's conversion
// webhook (NewWebhookHandler with a Hub and a Convertible type), the same
// bytes to both, and reports the ratio of their times measured in the same
// run; TestWebhookBenchEquivalent proves that they answer alike, and
// BenchmarkWebhook gives one line each for benchstat:
//
//	cd conformance && go test -run '^$' -bench WebhookSpeedup -benchtime 1x

// wbImpl is a webhook of the benchmark.
type wbImpl struct {
	name string
	h    http.Handler
}

// wbImpls returns the webhooks: kubeversion's with typed steps (the
// benchmark's subject), with steps on maps, and controller-runtime's (the
// reference).
func wbImpls() (typed, untyped, theirs wbImpl) {
	return wbImpl{"kubeversion-typed", &conversion.Handler{Convert: wbConverter().Convert}},
		wbImpl{"kubeversion-map", &conversion.Handler{Convert: wbMapConverter().Convert}},
		wbImpl{"controller-runtime", crwebhook.NewWebhookHandler(wbScheme(), crwebhook.NewRegistry())}
}

// TestWebhookBenchEquivalent proves that the webhooks of the benchmark
// give equivalent answers: each answer is checked against the expected
// conversion (see wbCheck), and kubeversion's against controller-runtime's
// (the same objects after decoding, the same result status; failure
// messages differ, as each webhook words them).
func TestWebhookBenchEquivalent(t *testing.T) {
	logf.SetLogger(logr.Discard()) // controller-runtime logs the failure
	typed, untyped, theirs := wbImpls()
	for _, c := range wbCases {
		t.Run(c.name, func(t *testing.T) {
			ref, errs := wbCheck(theirs.h, c)
			for _, e := range errs {
				t.Errorf("%s: %s", theirs.name, e)
			}
			for _, impl := range []wbImpl{typed, untyped} {
				a, errs := wbCheck(impl.h, c)
				for _, e := range errs {
					t.Errorf("%s: %s", impl.name, e)
				}
				if a.status != ref.status {
					t.Errorf("result.status: %s %q, %s %q", impl.name, a.status, theirs.name, ref.status)
				}
				if len(a.objects) != len(ref.objects) {
					t.Errorf("%s converted %d objects, %s %d", impl.name, len(a.objects), theirs.name, len(ref.objects))
				}
				for i := range min(len(a.objects), len(ref.objects)) {
					if !reflect.DeepEqual(a.objects[i], ref.objects[i]) {
						t.Errorf("convertedObjects[%d] differ: %s\n%s\n%s\n%s", i, impl.name, wbMarshal(a.objects[i]), theirs.name, wbMarshal(ref.objects[i]))
						break // the first is enough, the checks above say more
					}
				}
			}
		})
	}
}

// BenchmarkWebhook serves the review of the benchmark through each
// webhook, for benchstat.
func BenchmarkWebhook(b *testing.B) {
	body := wbCases[0].body()
	typed, untyped, theirs := wbImpls()
	for _, impl := range []wbImpl{typed, untyped, theirs} {
		b.Run("impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				wbPost(impl.h, body)
			}
		})
	}
}

// BenchmarkWebhookSpeedup runs kubeversion's webhook and
// controller-runtime's on the same review in -rounds paired rounds of
// about -roundtime each, as BenchmarkSpeedup does, the first of the pair
// alternating from one round to the next: Typed with kubeversion's typed
// steps on types whose metadata is a map (controller-runtime's types have
// metav1.ObjectMeta, which TypedStep would take through encoding/json),
// and Map with its steps on maps. It
// reports the median over the rounds of each one's time per request
// (kubeversion-ns/op, controller-runtime-ns/op), and of the ratio within a
// round, controller-runtime's time over kubeversion's (x-faster, above 1
// when kubeversion is faster), with its quartiles, and each one's
// allocations and bytes allocated per request. It fails if an answer is
// wrong (see wbCheck). Run it with -benchtime 1x: the testing package
// would otherwise run all the rounds again if they took under a second.
func BenchmarkWebhookSpeedup(b *testing.B) {
	c := wbCases[0]
	body := c.body()
	typed, untyped, theirs := wbImpls()
	for _, impl := range []wbImpl{typed, untyped, theirs} {
		if _, errs := wbCheck(impl.h, c); len(errs) > 0 {
			b.Fatalf("%s answers wrongly: %s", impl.name, strings.Join(errs, "\n"))
		}
	}
	opTheirs := func(n int) {
		for range n {
			wbPost(theirs.h, body)
		}
	}
	for _, pair := range []struct {
		name string
		ours wbImpl
	}{{"Typed", typed}, {"Map", untyped}} {
		b.Run(pair.name, func(b *testing.B) {
			opOurs := func(n int) {
				for range n {
					wbPost(pair.ours.h, body)
				}
			}
			n := max(*rounds, 1)
			nOurs, nTheirs := calibrate(opOurs, *roundTime), calibrate(opTheirs, *roundTime)
			tOurs, tTheirs, ratios := make([]float64, n), make([]float64, n), make([]float64, n)
			for r := range n {
				if r%2 == 0 {
					tOurs[r] = nsPerOp(opOurs, nOurs)
					tTheirs[r] = nsPerOp(opTheirs, nTheirs)
				} else {
					tTheirs[r] = nsPerOp(opTheirs, nTheirs)
					tOurs[r] = nsPerOp(opOurs, nOurs)
				}
				ratios[r] = tTheirs[r] / tOurs[r]
			}
			b.ReportMetric(0, "ns/op")
			b.ReportMetric(median(tOurs), "kubeversion-ns/op")
			b.ReportMetric(median(tTheirs), "controller-runtime-ns/op")
			b.ReportMetric(median(ratios), "x-faster")
			b.ReportMetric(quantile(ratios, 0.25), "x-faster-q1")
			b.ReportMetric(quantile(ratios, 0.75), "x-faster-q3")
			b.ReportMetric(allocsPerOp(opOurs, nOurs), "kubeversion-allocs/op")
			b.ReportMetric(allocsPerOp(opTheirs, nTheirs), "controller-runtime-allocs/op")
			b.ReportMetric(wbBytesPerOp(opOurs, nOurs), "kubeversion-B/op")
			b.ReportMetric(wbBytesPerOp(opTheirs, nTheirs), "controller-runtime-B/op")
		})
	}
}

// wbBytesPerOp runs op n times and returns the bytes it allocated per
// operation, on average.
func wbBytesPerOp(op func(n int), n int) float64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	op(n)
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / float64(n)
}
