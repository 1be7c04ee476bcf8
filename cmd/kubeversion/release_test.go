package main

import (
	"bytes"
	"encoding/json"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lint"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// gatewayAPI returns the directory of sigs.k8s.io/gateway-api at version
// (see moduleDir).
func gatewayAPI(t *testing.T, version string) string {
	return moduleDir(t, "sigs.k8s.io/gateway-api@"+version)
}

// moduleDir returns the directory of module (PATH@VERSION, one of
// testModules), fetched with go mod download (through the module proxy,
// or from the module cache), outside any module so that no go.mod
// changes.
func moduleDir(t *testing.T, module string) string {
	t.Helper()
	modulesOnce.Do(func() {
		cmd := exec.Command("go", append([]string{"mod", "download", "-json"}, testModules...)...)
		cmd.Dir = os.TempDir()
		cmd.Env = append(os.Environ(), "GOFLAGS=", "GO111MODULE=on", "GOWORK=off")
		out, err := cmd.Output()
		if err != nil {
			modulesErr = err
			return
		}
		moduleDirs = map[string]string{}
		dec := json.NewDecoder(bytes.NewReader(out))
		for dec.More() {
			var m struct{ Path, Version, Dir string }
			if modulesErr = dec.Decode(&m); modulesErr != nil {
				return
			}
			moduleDirs[m.Path+"@"+m.Version] = m.Dir
		}
	})
	if modulesErr != nil || moduleDirs[module] == "" {
		t.Fatalf("go mod download %s: %v", module, modulesErr)
	}
	return moduleDirs[module]
}

// testModules are the modules whose files tests lint.
var testModules = []string{"sigs.k8s.io/gateway-api@v1.3.0", "sigs.k8s.io/gateway-api@v1.6.3", "sigs.k8s.io/cluster-api@v1.8.0", "istio.io/api@v1.22.0", "istio.io/api@v1.31.1", "github.com/kyverno/kyverno@v1.12.0"}

var (
	modulesOnce sync.Once
	moduleDirs  map[string]string
	modulesErr  error
)

// lintArgs runs lint with args and returns its standard output and status.
func lintArgs(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	status := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, append([]string{"lint"}, args...))
	if errOut.Len() > 0 {
		t.Logf("stderr: %s", errOut.String())
	}
	return out.String(), status
}

// linesOf returns the lines of file that contain s, 1-based.
func linesOf(t *testing.T, file, s string) []int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, s) {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// TestRequiresGatewayAPI lints the standard CRDs of Gateway API v1.6.3,
// whose TLSRoute has a rule that calls isIP in two versions: one note at
// the first of them says it needs Kubernetes 1.31; --kubernetes-version
// 1.30 makes both rules the server's compile errors, each explained, and
// 1.31 accepts them. Gateway API v1.3.0 needs no release after 1.29.
func TestRequiresGatewayAPI(t *testing.T) {
	dir := filepath.Join(gatewayAPI(t, "v1.6.3"), "config", "crd", "standard")
	tls := filepath.Join(dir, "gateway.networking.k8s.io_tlsroutes.yaml")
	isIP := linesOf(t, tls, "!isIP(h)")
	if len(isIP) != 2 {
		t.Fatalf("%s: isIP at lines %v, want 2", tls, isIP)
	}

	out, status := lintArgs(t, dir)
	notes := grepLines(out, "needs Kubernetes")
	want := tls + ":" + strconv.Itoa(isIP[0]) + ": note: spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[hostnames].x-kubernetes-validations[0].rule: needs Kubernetes 1.31 or later: Kubernetes 1.31 added the ip and cidr libraries; Kubernetes 1.30 says: undeclared reference to 'isIP' (in container '') (1 more field needs a release after 1.29)"
	if status != exitOK || len(notes) != 1 || notes[0] != want {
		t.Errorf("lint: status %d, lines %q\nwant one: %s", status, notes, want)
	}

	out, status = lintArgs(t, "--kubernetes-version", "1.30", tls)
	compileErrs := grepLines(out, "undeclared reference to 'isIP' (in container '')\\n")
	explained := grepLines(out, ": note: ")
	if status != exitInvalid || len(compileErrs) != 2 || len(explained) != 2 || !strings.Contains(out, "tlsroutes.gateway.networking.k8s.io: 2 errors on create (CEL rules judged as Kubernetes 1.30);") {
		t.Errorf("--kubernetes-version 1.30: status %d, output\n%s", status, out)
	}
	for i, l := range explained {
		if !strings.HasPrefix(l, tls+":"+strconv.Itoa(isIP[i])+": note: ") {
			t.Errorf("note %d at the wrong line: %s", i, l)
		}
	}

	out, status = lintArgs(t, "--kubernetes-version", "v1.31.4", tls)
	if status != exitOK || !strings.Contains(out, "tlsroutes.gateway.networking.k8s.io: valid on create (CEL rules judged as Kubernetes 1.31);") || strings.Contains(out, "needs Kubernetes") {
		t.Errorf("--kubernetes-version v1.31.4: status %d, output\n%s", status, out)
	}

	old := filepath.Join(gatewayAPI(t, "v1.3.0"), "config", "crd", "standard")
	out, status = lintArgs(t, "--kubernetes-version", "1.29", old)
	if status != exitOK || strings.Contains(out, "needs Kubernetes") || strings.Count(out, ": valid on create (CEL rules judged as Kubernetes 1.29);") < 5 {
		t.Errorf("Gateway API v1.3.0 with 1.29: status %d, output\n%s", status, out)
	}
}

// TestRequiresDroppedField checks that a field an older release drops is
// an error with --kubernetes-version, at its line, and in -o json.
func TestRequiresDroppedField(t *testing.T) {
	crd := `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: gadgets, kind: Gadget}
  versions:
  - name: v1
    served: true
    storage: true
    selectableFields:
    - jsonPath: .spec.color
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {color: {type: string}}}
`
	file := filepath.Join(t.TempDir(), "gadgets.yaml")
	if err := os.WriteFile(file, []byte(crd), 0o644); err != nil {
		t.Fatal(err)
	}
	out, status := lintArgs(t, "--kubernetes-version", "1.30", file)
	want := file + ":13: error: spec.versions[0].selectableFields: needs Kubernetes 1.31 or later: older releases drop selectableFields (feature CustomResourceFieldSelectors, on by default from 1.31)"
	if status != exitInvalid || !strings.Contains(out, want+"\n") || !strings.Contains(out, "valid on create (CEL rules judged as Kubernetes 1.30); 1 field that Kubernetes 1.30 rejects or drops;") {
		t.Errorf("status %d, output\n%s\nwant the line %s", status, out, want)
	}
	out, status = lintArgs(t, "-o", "json", "--kubernetes-version", "1.31", file)
	var doc struct {
		CRDs []struct {
			Requires          string `json:"requires"`
			KubernetesVersion string `json:"kubernetesVersion"`
			Requirements      []struct {
				Level string `json:"level"`
				Line  int    `json:"line"`
			} `json:"requirements"`
		} `json:"crds"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if r := doc.CRDs[0]; status != exitOK || r.Requires != "1.31" || r.KubernetesVersion != "1.31" || len(r.Requirements) != 1 || r.Requirements[0].Level != "note" || r.Requirements[0].Line != 13 {
		t.Errorf("-o json with 1.31: status %d, %+v", status, r)
	}
}

// TestKubernetesVersionFlag checks the releases --kubernetes-version takes.
func TestKubernetesVersionFlag(t *testing.T) {
	for s, want := range map[string]int{"1.30": 30, "v1.37": 37, "1.29.0": 29} {
		if got, err := lint.ParseRelease(s); got != want || err != nil {
			t.Errorf("%s: got %d, %v, want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "1", "1.28", "1.38", "2.30", "1.030", "1.30.", "1.30.x", "v1.3o", "1.+30"} {
		if got, err := lint.ParseRelease(s); err == nil {
			t.Errorf("%q: got %d, want an error", s, got)
		}
	}
	var out, errOut bytes.Buffer
	if status := run(&env{stdout: &out, stderr: &errOut}, []string{"lint", "--kubernetes-version", "1.28", "x.yaml"}); status != exitError || errOut.String() != "kubeversion lint: --kubernetes-version 1.28: kubeversion judges releases 1.29 to 1.37\n" {
		t.Errorf("1.28: status %d, stderr %q", status, errOut.String())
	}
}

func grepLines(out, s string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, s) {
			lines = append(lines, l)
		}
	}
	return lines
}
