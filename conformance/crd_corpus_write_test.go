package conformance

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

var writeCorpus = flag.String("writecorpus", "", "directory where TestWriteCorpus writes the corpus documents and their mutations as JSON files")

// TestWriteCorpus writes every document of the corpus, and
// -corpusmutations mutations of each, as JSON files into -writecorpus,
// for package crd's tests and benchmarks that take a directory of CRDs
// (go test ./crd -run TestDecodeSameCorpus -decodecorpus DIR): they can
// compare the package's internal paths, which this module cannot reach.
func TestWriteCorpus(t *testing.T) {
	if *writeCorpus == "" {
		t.Skip("no -writecorpus")
	}
	docs, err := loadCorpus()
	if err != nil {
		t.Fatal("corpus not available:", err)
	}
	if err := os.MkdirAll(*writeCorpus, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(*writeCorpus, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(17, 17))
	for i, d := range docs {
		write(fmt.Sprintf("%04d.json", i), d.json)
		for m := range *corpusMutations {
			write(fmt.Sprintf("%04d-mutation%d.json", i, m), mutate(r, d.json))
		}
	}
}
