package conformance

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// corpusDoc is one CustomResourceDefinition of the corpus, as JSON.
type corpusDoc struct {
	label, module, file string // file: relative to the module
	name                string // metadata.name
	release             int    // index of its module among its label's releases
	json                []byte
	yamlSize            int
}

// corpusSource is one line of testdata/corpus.txt.
type corpusSource struct {
	label, module, glob string
}

// corpusListEnv, when set, names the list of the corpus instead of
// testdata/corpus.txt, relative to this directory: for example
// KUBEVERSION_CORPUS=testdata/corpus-operators.txt, the second corpus of
// BenchmarkLintCorpus. The corpus tests and benchmarks all take it.
const corpusListEnv = "KUBEVERSION_CORPUS"

// corpusList returns the path of the list of the corpus.
func corpusList() string {
	if list := os.Getenv(corpusListEnv); list != "" {
		return list
	}
	return "testdata/corpus.txt"
}

func readCorpusList() ([]corpusSource, error) {
	list := corpusList()
	data, err := os.ReadFile(list)
	if err != nil {
		return nil, err
	}
	var out []corpusSource
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 || !strings.Contains(f[1], "@") {
			return nil, fmt.Errorf("%s:%d: want label module@version glob, got %q", list, i+1, line)
		}
		out = append(out, corpusSource{f[0], f[1], f[2]})
	}
	return out, nil
}

var (
	corpusOnce sync.Once
	corpusDocs []corpusDoc
	corpusErr  error
)

// loadCorpus fetches the modules of the corpus with `go mod download`
// (through the module proxy, or the module cache when it has them) and
// reads their CRDs, YAML to JSON as kubectl converts it. It runs once per
// test binary.
func loadCorpus() ([]corpusDoc, error) {
	corpusOnce.Do(func() { corpusDocs, corpusErr = fetchCorpus() })
	return corpusDocs, corpusErr
}

// corpusSources returns the lines of testdata/corpus.txt and the
// directory of each of their modules, downloaded.
func corpusSources() ([]corpusSource, map[string]string, error) {
	sources, err := readCorpusList()
	if err != nil {
		return nil, nil, err
	}
	var modules []string
	for _, s := range sources {
		if !slices.Contains(modules, s.module) {
			modules = append(modules, s.module)
		}
	}
	dirs, err := downloadModules(modules)
	return sources, dirs, err
}

func fetchCorpus() ([]corpusDoc, error) {
	sources, dirs, err := corpusSources()
	if err != nil {
		return nil, err
	}
	var docs []corpusDoc
	releases := map[string][]string{} // label → modules in order
	for _, s := range sources {
		if !slices.Contains(releases[s.label], s.module) {
			releases[s.label] = append(releases[s.label], s.module)
		}
		release := slices.Index(releases[s.label], s.module)
		files, err := filepath.Glob(filepath.Join(dirs[s.module], s.glob))
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s %s: no files", s.module, s.glob)
		}
		for _, file := range files {
			found, err := readCRDs(file)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", file, err)
			}
			rel, _ := filepath.Rel(dirs[s.module], file)
			for _, d := range found {
				d.label, d.module, d.file, d.release = s.label, s.module, rel, release
				docs = append(docs, d)
			}
		}
	}
	return docs, nil
}

// downloadModules runs `go mod download -json` outside any module, so that
// no go.mod or go.sum changes, and returns each module's directory.
func downloadModules(modules []string) (map[string]string, error) {
	cmd := exec.Command("go", append([]string{"mod", "download", "-json"}, modules...)...)
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GO111MODULE=on")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	dirs := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	var failures []string
	for {
		var m struct{ Path, Version, Dir, Error string }
		if err := dec.Decode(&m); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go mod download: %v", err)
		}
		if m.Error != "" {
			failures = append(failures, m.Error)
			continue
		}
		dirs[m.Path+"@"+m.Version] = m.Dir
	}
	if len(failures) > 0 || err != nil {
		return nil, fmt.Errorf("go mod download: %v %s %s", err, strings.Join(failures, "; "), stderr.String())
	}
	return dirs, nil
}

// readCRDs splits file into YAML documents, as kubectl does, and returns
// the CustomResourceDefinitions among them as JSON.
func readCRDs(file string) ([]corpusDoc, error) {
	var out []corpusDoc
	err := eachYAMLDoc(file, func(doc, j []byte) {
		var head struct {
			APIVersion, Kind string
			Metadata         struct{ Name string }
		}
		if json.Unmarshal(j, &head) != nil || head.Kind != "CustomResourceDefinition" || head.APIVersion != "apiextensions.k8s.io/v1" {
			return
		}
		out = append(out, corpusDoc{name: head.Metadata.Name, json: j, yamlSize: len(doc)})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

var corpusMutations = flag.Int("corpusmutations", 2, "mutations of each corpus document TestCRDCorpus checks, on create and on update (none under -short)")

// TestCRDCorpus compares package crd with the API server on the corpus of
// testdata/corpus.txt: every document on create; every document of a
// release as an update of the same CRD in the release before; and
// -corpusmutations mutations of every document, on create and as an update
// of the document. It fails when the modules cannot be fetched: the
// module proxy that fetched Kubernetes' own modules serves these too, and
// a skipped corpus would read as a pass.
func TestCRDCorpus(t *testing.T) {
	docs, err := loadCorpus()
	if err != nil {
		t.Fatal("corpus not available:", err)
	}
	type count struct{ docs, errs, differ, covered int }
	byLabel := map[string]*count{}
	var labels []string
	failures := 0
	var mu sync.Mutex // guards byLabel, labels, failures
	check := func(source string, d corpusDoc, manifest, old []byte) {
		k, _, diffs, err := runCase(source, manifest, old)
		if err != nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		c := byLabel[d.label]
		if c == nil {
			c = &count{}
			byLabel[d.label] = c
			labels = append(labels, d.label)
		}
		if source == "corpus" {
			c.docs++
			if len(k.errs) > 0 {
				c.errs++
			}
			if len(diffs) > 0 {
				c.differ++
			}
		}
		if covered := coveredDifferences(diffs); len(covered) > 0 {
			c.covered++
			failures++
			if failures <= 10 {
				t.Errorf("%s %s %s (%s) differs in covered topics:\n%s", source, d.module, d.file, d.name, formatDifferences(covered))
			}
		}
	}
	previous := map[string]corpusDoc{} // label/name → the document of the release before
	for _, d := range docs {
		check("corpus", d, d.json, nil)
		if p, ok := previous[d.label+"/"+d.name]; ok && p.release == d.release-1 {
			check("corpus-upgrade", d, stored(d.json), established(stored(p.json)))
		}
		previous[d.label+"/"+d.name] = d
	}
	n := *corpusMutations
	if testing.Short() {
		n = 0
	}
	parallel(len(docs)*n, func(i int) {
		d := docs[i/n]
		r := rand.New(rand.NewPCG(7, uint64(i)))
		check("corpus-mutated", d, mutate(r, d.json), nil)
		check("corpus-mutated-update", d, stored(mutate(r, d.json)), stored(d.json))
	})
	var b strings.Builder
	for _, l := range labels {
		c := byLabel[l]
		fmt.Fprintf(&b, "  %-22s %4d documents, %3d with errors, %3d differ in some topic, %3d cases differ in covered topics\n", l, c.docs, c.errs, c.differ, c.covered)
	}
	projects := map[string]bool{}
	for _, d := range docs {
		path, _, _ := strings.Cut(d.module, "@")
		projects[path] = true
	}
	t.Logf("corpus: %d projects, %d documents\n%s%s\none pass on create: %s", len(projects), len(docs), b.String(), seen.summary(), corpusThroughput(docs))
}

// stored returns doc as an update request carries it and as the API server
// keeps it: with metadata.resourceVersion set, which an update must have.
func stored(doc []byte) []byte {
	return edit(doc, func(root map[string]any) {
		if m, ok := root["metadata"].(map[string]any); ok {
			m["resourceVersion"] = "1"
		}
	})
}

// established returns doc with the status the API server's controllers
// give a CRD once it serves it: condition Established true and its names
// accepted. An update of such a CRD may not change spec.names.
func established(doc []byte) []byte {
	return edit(doc, func(root map[string]any) {
		status, _ := root["status"].(map[string]any)
		if status == nil {
			status = map[string]any{}
			root["status"] = status
		}
		status["conditions"] = []any{map[string]any{"type": "Established", "status": "True", "reason": "InitialNamesAccepted", "message": "the initial names have been accepted"}}
		if spec, ok := root["spec"].(map[string]any); ok && spec["names"] != nil {
			status["acceptedNames"] = spec["names"]
		}
	})
}

// edit returns doc changed by f, or doc itself if it is not a JSON object.
func edit(doc []byte, f func(map[string]any)) []byte {
	root, err := decodeJSON(doc)
	m, ok := root.(map[string]any)
	if err != nil || !ok {
		return doc
	}
	f(m)
	out, err := json.Marshal(m)
	if err != nil {
		return doc
	}
	return out
}
