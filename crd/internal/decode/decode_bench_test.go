package decode

import (
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// decodeCorpus is a directory of CRDs as JSON files, one a file, such as
// the corpus of the conformance module writes with
// go test -run TestWriteCorpus -writecorpus DIR there.
var decodeCorpus = flag.String("decodecorpus", "", "directory of CRD JSON files for TestDecodeSameCorpus and BenchmarkDecode")

// readDecodeCorpus returns the files of -decodecorpus that match
// pattern, or skips.
func readDecodeCorpus(tb testing.TB, pattern string) [][]byte {
	if *decodeCorpus == "" {
		tb.Skip("no -decodecorpus")
	}
	files, err := filepath.Glob(filepath.Join(*decodeCorpus, pattern))
	if err != nil || len(files) == 0 {
		tb.Fatalf("-decodecorpus %s: no JSON files (%v)", *decodeCorpus, err)
	}
	var docs [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		docs = append(docs, data)
	}
	return docs
}

// TestDecodeSameCorpus checks Decode against decodeSlow on every file of
// -decodecorpus and on mutations of each: a byte replaced or deleted at
// 10 places, and the document cut short at 10 places.
func TestDecodeSameCorpus(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, doc := range readDecodeCorpus(t, "*.json") {
		checkSame(t, doc)
		for range 10 {
			i := r.IntN(len(doc))
			m := append([]byte(nil), doc...)
			if c := `"{[]},:1n\`[r.IntN(10)]; c != '\\' {
				m[i] = c
			} else {
				m = append(m[:i], m[i+1:]...)
			}
			checkSame(t, m)
			checkSame(t, doc[:r.IntN(len(doc))])
		}
		if t.Failed() {
			return
		}
	}
}

// BenchmarkDecode runs Decode ("new") and decodeSlow ("old") on the same
// documents: a large CRD like those of operators, one with every field
// set, and with -decodecorpus, the whole corpus per iteration. It logs
// the ratio of their times.
func BenchmarkDecode(b *testing.B) {
	inputs := []struct {
		name string
		docs [][]byte
	}{
		{"large", [][]byte{bigCRD(3)}},
		{"full", [][]byte{fullCRD()}},
	}
	if *decodeCorpus != "" {
		inputs = append(inputs, struct {
			name string
			docs [][]byte
		}{"corpus", readDecodeCorpus(b, "[0-9][0-9][0-9][0-9].json")})
	}
	for _, in := range inputs {
		size := 0
		for _, d := range in.docs {
			size += len(d)
		}
		var perOp [2]time.Duration
		for i, side := range []struct {
			name   string
			decode func([]byte) (*api.CustomResourceDefinition, error)
		}{{"old", decodeSlow}, {"new", Decode}} {
			b.Run(in.name+"/"+side.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(size))
				for b.Loop() {
					for _, d := range in.docs {
						side.decode(d)
					}
				}
				perOp[i] = b.Elapsed() / time.Duration(b.N)
			})
		}
		if perOp[1] > 0 {
			b.Logf("%s: old/new = %.2f", in.name, float64(perOp[0])/float64(perOp[1]))
		}
	}
}
