package conformance

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// referenceLintEnv, when set, makes the test binary the reference side of
// BenchmarkLintCorpus instead of running tests: it checks every CRD of the
// files it is given as `kubectl apply` and the API server would on create,
// with the API server's own code.
const referenceLintEnv = "KUBEVERSION_REFERENCE_LINT"

// referenceLint is the API server's side of BenchmarkLintCorpus, run as a
// process of its own as lint is: each file is read, split into YAML
// documents and converted to JSON as kubectl does, and each
// CustomResourceDefinition among them is decoded strictly, defaulted,
// converted, prepared and validated by k8s.io/apiextensions-apiserver's
// registry strategy (CEL compilation included), and its warnings are
// made, as lint prints them. It prints the number of CRDs, errors and
// warnings, so that nothing is optimized away.
func referenceLint(files []string) int {
	ctx := context.Background()
	crds, errs, warnings := 0, 0, 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
		for {
			doc, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, file, err)
				return 2
			}
			j, err := yaml.YAMLToJSON(doc)
			if err != nil {
				errs++
				continue
			}
			var head struct{ APIVersion, Kind string }
			if json.Unmarshal(j, &head) != nil || head.Kind != "CustomResourceDefinition" || head.APIVersion != "apiextensions.k8s.io/v1" {
				continue
			}
			crds++
			obj, _, err := decodeInternal(j)
			if err != nil {
				errs++
				continue
			}
			strategy.PrepareForCreate(ctx, obj)
			errs += len(strategy.Validate(ctx, obj))
			warnings += len(strategy.WarningsOnCreate(ctx, obj))
		}
	}
	fmt.Printf("%d CRDs, %d errors, %d warnings\n", crds, errs, warnings)
	return 0
}

// corpusFiles returns the files of the corpus, each once, in the order of
// testdata/corpus.txt.
func corpusFiles() ([]string, error) {
	sources, dirs, err := corpusSources()
	if err != nil {
		return nil, err
	}
	var files []string
	for _, s := range sources {
		found, err := filepath.Glob(filepath.Join(dirs[s.module], s.glob))
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			if !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	return files, nil
}
