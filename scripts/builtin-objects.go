//go:build ignore

// Builtin-objects writes, as one YAML stream, the documents of real
// manifests whose apiVersion and kind a Kubernetes release serves, for
// scripts/bench-builtin.sh:
//
//	go run scripts/builtin-objects.go -table TABLE.json MANIFESTS.tsv >OUT.yaml
//
// MANIFESTS.tsv lists module@version and a file in it on each line
// (conformance/apiserver/testdata/real-manifests.tsv); each module is
// fetched with `go mod download -json`. TABLE.json is the output of
// `kubeversion api-versions -o json`: a document is kept when its
// top-level apiVersion and kind are a row served or deprecated there.
// Documents are split at lines that start with "---", as kubectl splits
// a file, and kept as they are written.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	table := flag.String("table", "", "the output of kubeversion api-versions -o json")
	flag.Parse()
	if *table == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/builtin-objects.go -table TABLE.json MANIFESTS.tsv >OUT.yaml")
		os.Exit(2)
	}
	if err := run(*table, flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "builtin-objects:", err)
		os.Exit(1)
	}
}

func run(tablePath, listPath string) error {
	served, err := servedKinds(tablePath)
	if err != nil {
		return err
	}
	list, err := os.ReadFile(listPath)
	if err != nil {
		return err
	}
	dirs := map[string]string{}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	kept, files := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(list)), "\n") {
		module, file, ok := strings.Cut(line, "\t")
		if !ok {
			return fmt.Errorf("%s: %q is not module@version<TAB>file", listPath, line)
		}
		dir, ok := dirs[module]
		if !ok {
			if dir, err = download(module); err != nil {
				return err
			}
			dirs[module] = dir
		}
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			return err
		}
		files++
		for _, doc := range split(data) {
			if served[kindOf(doc)] {
				if kept > 0 {
					out.WriteString("---\n")
				}
				out.Write(doc)
				kept++
			}
		}
	}
	fmt.Fprintf(os.Stderr, "builtin-objects: %d documents of served kinds from %d files of %d modules\n", kept, files, len(dirs))
	return nil
}

// servedKinds reads the "apiVersion kind" pairs served or deprecated in
// the table.
func servedKinds(path string) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var table struct {
		Kinds []struct{ APIVersion, Kind, Status string }
	}
	if err := json.Unmarshal(data, &table); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	served := map[string]bool{}
	for _, k := range table.Kinds {
		if k.Status == "served" || k.Status == "deprecated" {
			served[k.APIVersion+" "+k.Kind] = true
		}
	}
	if len(served) == 0 {
		return nil, fmt.Errorf("%s: no served kinds", path)
	}
	return served, nil
}

// download fetches module@version and returns its directory.
func download(module string) (string, error) {
	var info struct{ Dir, Error string }
	out, err := exec.Command("go", "mod", "download", "-json", module).Output()
	if json.Unmarshal(out, &info); info.Error != "" {
		return "", fmt.Errorf("go mod download %s: %s", module, info.Error)
	}
	if err != nil || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %v", module, err)
	}
	return info.Dir, nil
}

// split cuts a YAML stream at lines that start with "---", each document
// ending in a newline; empty documents are dropped.
func split(data []byte) [][]byte {
	var docs [][]byte
	var cur []byte
	flush := func() {
		if len(bytes.TrimSpace(cur)) > 0 {
			docs = append(docs, cur)
		}
		cur = nil
	}
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		if bytes.HasPrefix(line, []byte("---")) {
			flush()
			continue
		}
		cur = append(cur, line...)
	}
	flush()
	for i, d := range docs {
		if !bytes.HasSuffix(d, []byte("\n")) {
			docs[i] = append(d, '\n')
		}
	}
	return docs
}

// kindOf returns "apiVersion kind" from a document's top-level lines.
func kindOf(doc []byte) string {
	var apiVersion, kind string
	for _, line := range strings.Split(string(doc), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		value = strings.Trim(strings.TrimSpace(value), `"'`)
		switch key {
		case "apiVersion":
			apiVersion = value
		case "kind":
			kind = value
		}
	}
	return apiVersion + " " + kind
}
