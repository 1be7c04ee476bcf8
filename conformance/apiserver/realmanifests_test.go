package apiserver

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/builtin"
	"sigs.k8s.io/yaml"
)

// pinned is the module whose manifests the default run reads: the test
// already requires it, so CI downloads nothing more for them.
const pinned = "k8s.io/kubernetes@v1.37.2"

// TestRealManifests sends the built-in objects of real manifests, which
// nobody here wrote, to the kube-apiserver and to builtin.Judge as
// creates, and requires the same answer from both: install bundles,
// examples and kustomize bases of the projects in
// testdata/real-manifests.tsv (module@version and file; plain YAML only,
// no templates). The default run reads those of k8s.io/kubernetes
// itself; -full reads every project's.
func TestRealManifests(t *testing.T) {
	data, err := os.ReadFile("testdata/real-manifests.tsv")
	if err != nil {
		t.Fatal(err)
	}
	srv := startServer(t)
	judge, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	type tally struct{ files, objects, refused, notServed, agree int } // notServed counts existing objects too
	byProject := map[string]*tally{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		module, file, ok := strings.Cut(line, "\t")
		if !ok || (!*full && module != pinned) {
			continue
		}
		dir := moduleDir(t, module)
		docs, err := splitYAML(filepath.Join(dir, file))
		if err != nil {
			t.Fatalf("%s %s: %v", module, file, err)
		}
		n := byProject[module]
		if n == nil {
			n = &tally{}
			byProject[module] = n
		}
		n.files++
		for i, doc := range docs {
			j, err := yaml.YAMLToJSON(doc)
			if err != nil {
				continue // kubectl refuses it before sending anything
			}
			var m map[string]any
			if json.Unmarshal(j, &m) != nil || m == nil {
				continue
			}
			apiVersion, _ := m["apiVersion"].(string)
			kind, _ := m["kind"].(string)
			if _, _, ok := judge.Resource(gvkOf(apiVersion, kind)); !ok {
				continue // a custom resource, or no built-in resource of 1.37
			}
			n.objects++
			// In a namespace of their own, as kubectl with a context of
			// that namespace puts them, so that none meets the server's
			// own objects of namespace default (its Service kubernetes).
			got, err := runCase(judge, srv, tcase{kind: kind, desc: fmt.Sprintf("%s %s#%d", module, file, i), object: m, namespace: "real-manifests"})
			if err != nil {
				t.Fatalf("%s %s#%d: %v", module, file, i, err)
			}
			if got.notServed || got.exists {
				n.notServed++
				continue
			}
			if got.refused {
				n.refused++
			}
			if got.diff == "" {
				n.agree++
			} else {
				t.Errorf("%s %s#%d (%s): %s", module, file, i, kind, got.diff)
			}
		}
	}
	modules := make([]string, 0, len(byProject))
	for m := range byProject {
		modules = append(modules, m)
	}
	sort.Strings(modules)
	var b strings.Builder
	total := tally{}
	for _, m := range modules {
		n := byProject[m]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d |\n", m, n.files, n.objects, n.notServed, n.refused, n.agree)
		total.files, total.objects, total.notServed, total.refused, total.agree = total.files+n.files, total.objects+n.objects, total.notServed+n.notServed, total.refused+n.refused, total.agree+n.agree
	}
	t.Logf("real manifests (full=%v): %d files, %d built-in objects, %d not compared (a version the server does not serve by default, or the server's own object), %d refused by the server, builtin agrees on %d\n| project | files | built-in objects | not compared | refused by the server | builtin agrees |\n|---|---|---|---|---|---|\n%s",
		*full, total.files, total.objects, total.notServed, total.refused, total.agree, b.String())
	if total.objects == 0 {
		t.Error("no built-in object read")
	}
}
