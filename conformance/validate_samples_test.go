package conformance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// sampleSource is one line of testdata/samples.txt.
type sampleSource struct {
	label, module, crds, samples string
}

// sampleObject is one object of a sample file, with the CRD of its kind.
type sampleObject struct {
	file string // relative to the module
	json []byte
	crd  corpusDoc
	c    *crd.CustomResourceDefinition
}

func readSampleSources() ([]sampleSource, error) {
	data, err := os.ReadFile("testdata/samples.txt")
	if err != nil {
		return nil, err
	}
	var out []sampleSource
	for i, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 4 {
			return nil, fmt.Errorf("testdata/samples.txt:%d: want label module@version crd-glob sample-dir, got %q", i+1, line)
		}
		out = append(out, sampleSource{f[0], f[1], f[2], f[3]})
	}
	return out, nil
}

// loadSamples reads the CRDs and the sample objects of s from the
// module's directory dir: the objects of a kind one of the CRDs defines,
// in file order.
func loadSamples(s sampleSource, dir string) ([]sampleObject, error) {
	files, err := filepath.Glob(filepath.Join(dir, s.crds))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("%s %s: no CRDs (%v)", s.module, s.crds, err)
	}
	byKind := map[string]corpusDoc{} // group/kind
	decoded := map[string]*crd.CustomResourceDefinition{}
	for _, file := range files {
		docs, err := readCRDs(file)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		for _, d := range docs {
			c, err := crd.Decode(d.json)
			if err != nil {
				continue
			}
			key := c.Spec.Group + "/" + c.Spec.Names.Kind
			byKind[key], decoded[key] = d, c
		}
	}
	var out []sampleObject
	err = filepath.WalkDir(filepath.Join(dir, s.samples), func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !(strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
			return err
		}
		docs, err := readYAMLDocs(path)
		if err != nil {
			return nil // not YAML that kubectl reads: not a sample
		}
		rel, _ := filepath.Rel(dir, path)
		for _, j := range docs {
			var head struct{ APIVersion, Kind string }
			if json.Unmarshal(j, &head) != nil {
				continue
			}
			group, _, _ := strings.Cut(head.APIVersion, "/")
			key := group + "/" + head.Kind
			if d, ok := byKind[key]; ok {
				out = append(out, sampleObject{file: rel, json: j, crd: d, c: decoded[key]})
			}
		}
		return nil
	})
	return out, err
}

// readYAMLDocs returns the documents of a YAML file as JSON, as kubectl
// converts them; empty documents are left out.
func readYAMLDocs(file string) ([][]byte, error) {
	var out [][]byte
	err := eachYAMLDoc(file, func(_, j []byte) {
		if len(j) > 0 && j[0] == '{' {
			out = append(out, j)
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachYAMLDoc splits file into YAML documents, as kubectl does, and calls
// f with each and its JSON, as kubectl converts it.
func eachYAMLDoc(file string, f func(doc, j []byte)) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		j, err := yaml.YAMLToJSON(doc)
		if err != nil {
			return err
		}
		f(doc, j)
	}
}

// sampleVerdict is what one side says of an object: "valid", "invalid"
// (errors, or unknown and duplicate fields that kubectl's strict
// validation refuses), or "refused" (not a validation answer, such as a
// version not served).
func sampleVerdict(errs, strict []string, err error) string {
	switch {
	case err != nil:
		return "refused"
	case len(errs) > 0 || len(strict) > 0:
		return "invalid"
	}
	return "valid"
}

// TestValidateSamples validates the sample objects of testdata/samples.txt
// against their projects' CRDs, on create, with crd.ObjectValidator (and
// the cel module's evaluator) and with the API server's code, and
// requires the same answer: errors (sorted), unknown and duplicate
// fields, warnings and the stored object. It logs a table of the verdicts.
func TestValidateSamples(t *testing.T) {
	if testing.Short() {
		t.Skip("fetches modules")
	}
	sources, err := readSampleSources()
	if err != nil {
		t.Fatal(err)
	}
	var modules []string
	for _, s := range sources {
		modules = append(modules, s.module)
	}
	dirs, err := downloadModules(modules)
	if err != nil {
		t.Fatal(err)
	}
	ours := crd.NewObjectValidator(cel.NewEvaluator())
	var table strings.Builder
	fmt.Fprintf(&table, "\n| project | module | objects | valid | invalid | refused | agree with the API server |\n|---|---|--:|--:|--:|--:|--:|\n")
	for _, s := range sources {
		objs, err := loadSamples(s, dirs[s.module])
		if err != nil {
			t.Fatal(err)
		}
		if len(objs) == 0 {
			t.Errorf("%s: no sample objects", s.label)
		}
		counts := map[string]int{}
		agree := 0
		for _, o := range objs {
			theirs, kerr := kubeCustomResource(o.crd.json, o.json, nil)
			res, err := ours.ValidateObject(o.c, o.json)
			var got kubeCRResult
			if err == nil {
				got = ourCRResult(res)
			}
			verdict := sampleVerdict(got.Errors, got.Strict, err)
			counts[verdict]++
			if diff := compareCRResults(got, err, theirs, kerr); diff != "" {
				t.Errorf("%s %s: %s", s.label, o.file, diff)
				continue
			}
			agree++
		}
		fmt.Fprintf(&table, "| %s | %s | %d | %d | %d | %d | %d |\n", s.label, s.module, len(objs), counts["valid"], counts["invalid"], counts["refused"], agree)
	}
	t.Log(table.String())
}

// ourCRResult is res in the reference's terms.
func ourCRResult(res *crd.ObjectResult) kubeCRResult {
	var out kubeCRResult
	for _, e := range res.Errors {
		out.Errors = append(out.Errors, e.Error())
	}
	for _, f := range res.Strict {
		out.Strict = append(out.Strict, f.String())
	}
	out.Stored, out.Warnings = res.Object, res.Warnings
	return out
}

// compareCRResults returns how ours and theirs differ, "" if they do
// not: both refused, or the same errors (in any order), strict errors,
// warnings and stored object.
func compareCRResults(ours kubeCRResult, ourErr error, theirs kubeCRResult, theirErr error) string {
	if (ourErr != nil) != (theirErr != nil) {
		return fmt.Sprintf("error: ours %v, the server's %v", ourErr, theirErr)
	}
	if ourErr != nil {
		return ""
	}
	a, b := slices.Clone(ours.Errors), slices.Clone(theirs.Errors)
	slices.Sort(a)
	slices.Sort(b)
	switch {
	case !slices.Equal(a, b):
		return fmt.Sprintf("errors: ours %q, the server's %q", ours.Errors, theirs.Errors)
	case !slices.Equal(ours.Strict, theirs.Strict):
		return fmt.Sprintf("strict: ours %q, the server's %q", ours.Strict, theirs.Strict)
	case !slices.Equal(ours.Warnings, theirs.Warnings):
		return fmt.Sprintf("warnings: ours %q, the server's %q", ours.Warnings, theirs.Warnings)
	case !reflect.DeepEqual(ours.Stored, theirs.Stored):
		a, _ := json.Marshal(ours.Stored)
		b, _ := json.Marshal(theirs.Stored)
		return fmt.Sprintf("stored: ours %s, the server's %s", a, b)
	}
	return ""
}
