package apiserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/kubeversion/kubeversion/builtin"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// kubectlValidate is the peer whose own test suite TestPeerSuite runs.
const kubectlValidate = "sigs.k8s.io/kubectl-validate@v0.0.4"

// TestPeerSuite runs every document of kubectl-validate's test cases
// (testcases/manifests, the disabled ones too) that is a built-in object
// through the kube-apiserver and builtin.Judge, and logs a table of what
// kubectl-validate's suite expects, what the server says and what builtin
// says. builtin must agree with the server on every case; where
// kubectl-validate's expectation differs from the server, the server is
// right by definition, and the table shows it.
func TestPeerSuite(t *testing.T) {
	dir := moduleDir(t, kubectlValidate)
	srv := startServer(t)
	judge, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "testcases", "manifests", "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test cases in %s: %v", dir, err)
	}
	sort.Strings(files)
	var rows []string
	cases, agree := 0, 0
	for _, file := range files {
		docs, err := splitYAML(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range docs {
			name := filepath.Base(file) + "#" + itoa(i)
			expect := peerExpectation(doc)
			obj, err := yaml.YAMLToJSON(doc)
			if err != nil {
				// kubectl refuses it before sending anything.
				rows = append(rows, row(name, "-", expect, "kubectl: "+err.Error(), "(not sent)"))
				continue
			}
			var m map[string]any
			if json.Unmarshal(obj, &m) != nil || m == nil {
				rows = append(rows, row(name, "-", expect, "(empty document)", "(empty document)"))
				continue
			}
			apiVersion, _ := m["apiVersion"].(string)
			kind, _ := m["kind"].(string)
			if _, _, ok := judge.Resource(gvkOf(apiVersion, kind)); !ok {
				rows = append(rows, row(name, apiVersion+" "+kind, expect, "(not a built-in resource of 1.37)", "(not judged)"))
				continue
			}
			cases++
			got, err := runCase(judge, srv, tcase{kind: kind, desc: name, object: m})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			server, ours := verdicts(srv, judge, m)
			if got.diff == "" {
				agree++
			} else {
				t.Errorf("%s: builtin and the server differ: %s", name, got.diff)
			}
			rows = append(rows, row(name, apiVersion+" "+kind, expect, server, ours))
		}
	}
	t.Logf("kubectl-validate %s: %d built-in cases, builtin agrees with the server on %d\n| case | object | kubectl-validate expects | kube-apiserver 1.37.2 | builtin |\n|---|---|---|---|---|\n%s",
		kubectlValidate, cases, agree, strings.Join(rows, "\n"))
	if cases == 0 {
		t.Error("no built-in case found")
	}
}

// verdicts are the server's and builtin's answers to a create of obj, in
// a few words for the table.
func verdicts(srv *server, judge *builtin.Judge, obj map[string]any) (server, ours string) {
	body := mustJSON(obj)
	gvk := gvkOf(obj["apiVersion"].(string), obj["kind"].(string))
	gvr, namespaced, _ := judge.Resource(gvk)
	ns := ""
	if namespaced {
		ns = builtin.DefaultNamespace
	}
	a, err := srv.do("POST", resourcePath(gvr, ns, ""), body, true)
	switch {
	case err != nil:
		server = "error: " + err.Error()
	case a.ok:
		server = "accepted"
	default:
		server = a.message
	}
	res := judge.Create(context.Background(), body, builtin.Options{})
	switch {
	case !res.Checked:
		ours = "not checked: " + res.Reason
	case res.Valid():
		ours = "accepted"
	default:
		ours = res.Message
	}
	return server, ours
}

func row(cells ...string) string {
	for i, c := range cells {
		c = strings.ReplaceAll(c, "|", `\|`)
		if len(c) > 160 {
			c = c[:160] + "..."
		}
		cells[i] = c
	}
	return "| " + strings.Join(cells, " | ") + " |"
}

// peerExpectation reads a document's leading comment block, where
// kubectl-validate's suite writes the Status it expects.
func peerExpectation(doc []byte) string {
	var text strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(doc))
	started := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !started && line == "" {
			continue
		}
		if !strings.HasPrefix(line, "#") {
			break
		}
		started = true
		text.WriteString(strings.TrimPrefix(line, "#"))
	}
	if text.Len() == 0 {
		return "success (no comment)"
	}
	var status struct{ Status, Message string }
	if err := json.Unmarshal([]byte(text.String()), &status); err != nil {
		return "(not a Status)"
	}
	if status.Status == "Success" {
		return "success"
	}
	return status.Message
}

// splitYAML splits a file into its documents as kubectl does.
func splitYAML(file string) ([][]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := utilyaml.NewYAMLReader(bufio.NewReader(f))
	var docs [][]byte
	for {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		docs = append(docs, doc)
	}
}

var (
	modulesMu  sync.Mutex
	moduleDirs = map[string]string{}
)

// moduleDir returns the directory of module (PATH@VERSION), fetched with
// go mod download (through the module proxy, or from the module cache),
// outside any module so that no go.mod changes.
func moduleDir(t *testing.T, module string) string {
	t.Helper()
	modulesMu.Lock()
	defer modulesMu.Unlock()
	if d, ok := moduleDirs[module]; ok {
		return d
	}
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GO111MODULE=on", "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v", module, err)
	}
	var m struct{ Dir string }
	if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
		t.Fatalf("go mod download %s: %v: %s", module, err, out)
	}
	moduleDirs[module] = m.Dir
	return m.Dir
}

func itoa(i int) string { return strconv.Itoa(i) }
