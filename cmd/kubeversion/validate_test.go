package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/validate"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// wantLines checks that each of want is a line of out, and that out has
// no line that want does not name among those that start with one of
// the prefixes of only (the lines about one file, for example).
func wantLines(t *testing.T, out string, only []string, want ...string) {
	t.Helper()
	got := map[string]bool{}
	for line := range strings.Lines(out) {
		got[strings.TrimSuffix(line, "\n")] = true
	}
	wanted := map[string]bool{}
	for _, w := range want {
		wanted[w] = true
		if !got[w] {
			t.Errorf("missing line %q in output:\n%s", w, out)
		}
	}
	for line := range got {
		for _, p := range only {
			if strings.HasPrefix(line, p) && !wanted[line] {
				t.Errorf("unexpected line %q in output:\n%s", line, out)
			}
		}
	}
}

func TestValidateValid(t *testing.T) {
	stdout, stderr, status := runBinary(t, "", "validate", "--crd", "validate/crd.yaml", "validate/valid.yaml")
	if status != exitOK || stderr != "" {
		t.Errorf("exit status %d, stderr %q, want 0 and nothing", status, stderr)
	}
	wantLines(t, stdout, []string{"validate/"},
		"validate/valid.yaml:3: Widget small (example.com/v1): valid on create",
		"validate/valid.yaml:11: ConfigMap settings (v1): valid on create",
	)
	if !strings.HasSuffix(stdout, "2 objects (1 built-in, 1 custom resource): 2 valid, 0 invalid; 1 CustomResourceDefinition; built-in objects judged by the API server code of Kubernetes 1.37.2\n") {
		t.Errorf("the summary is not the last line:\n%s", stdout)
	}
}

// TestValidateBroken checks each mistake of broken.yaml, at the line of
// its field: an unknown field (strict decoding), a wrong type, a value
// outside the enum, a required field missing, a CEL rule broken, a bound
// crossed.
func TestValidateBroken(t *testing.T) {
	stdout, _, status := runBinary(t, "", "validate", "--crd", "validate/crd.yaml", "validate/broken.yaml")
	if status != exitInvalid {
		t.Errorf("exit status %d, want 1", status)
	}
	skipped := "validate/broken.yaml:%d: error: <nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation"
	wantLines(t, stdout, []string{"validate/"},
		"validate/broken.yaml:2: Widget typo (example.com/v1): invalid on create: 1 unknown or duplicate field, which strict field validation refuses before validating the object",
		`validate/broken.yaml:8: error: strict decoding error: unknown field "spec.replicsa"`,
		"validate/broken.yaml:10: Widget wrong-type (example.com/v1): invalid on create: 2 errors",
		`validate/broken.yaml:16: error: spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"`,
		strings.Replace(skipped, "%d", "10", 1),
		"validate/broken.yaml:18: Widget enum (example.com/v1): invalid on create: 2 errors",
		`validate/broken.yaml:23: error: spec.size: Unsupported value: "huge": supported values: "small", "medium", "large"`,
		strings.Replace(skipped, "%d", "18", 1),
		"validate/broken.yaml:25: Widget required (example.com/v1): invalid on create: 2 errors",
		"validate/broken.yaml:29: error: spec.size: Required value",
		strings.Replace(skipped, "%d", "25", 1),
		"validate/broken.yaml:32: Widget cel (example.com/v1): invalid on create: 1 error",
		"validate/broken.yaml:36: error: spec: Invalid value: replicas must not exceed maxReplicas",
		"validate/broken.yaml:41: Widget negative (example.com/v1): invalid on create: 1 error",
		"validate/broken.yaml:47: error: spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0",
		"6 objects: 0 valid, 6 invalid; 1 CustomResourceDefinition",
	)
}

// TestValidateFieldValidation checks --validate: strict refuses an
// unknown field alone, warn warns and validates, ignore says nothing.
func TestValidateFieldValidation(t *testing.T) {
	for _, tt := range []struct {
		level  string
		status int
		want   []string
	}{
		{"strict", exitInvalid, []string{
			"validate/bundle.yaml:11: Widget shop/second (example.com/v1): invalid on create: 1 unknown or duplicate field, which strict field validation refuses before validating the object",
			`validate/bundle.yaml:18: error: strict decoding error: unknown field "spec.colour"`,
		}},
		{"true", exitInvalid, []string{
			"validate/bundle.yaml:11: Widget shop/second (example.com/v1): invalid on create: 1 unknown or duplicate field, which strict field validation refuses before validating the object",
			`validate/bundle.yaml:18: error: strict decoding error: unknown field "spec.colour"`,
		}},
		{"warn", exitOK, []string{
			"validate/bundle.yaml:11: Widget shop/second (example.com/v1): valid on create; 1 warning",
			`validate/bundle.yaml:18: warning: unknown field "spec.colour"`,
		}},
		{"ignore", exitOK, []string{"validate/bundle.yaml:11: Widget shop/second (example.com/v1): valid on create"}},
		{"false", exitOK, []string{"validate/bundle.yaml:11: Widget shop/second (example.com/v1): valid on create"}},
	} {
		t.Run(tt.level, func(t *testing.T) {
			stdout, _, status := runBinary(t, "", "validate", "--validate="+tt.level, "validate/bundle.yaml")
			if status != tt.status {
				t.Errorf("exit status %d, want %d", status, tt.status)
			}
			wantLines(t, stdout, []string{"validate/bundle.yaml:11", "validate/bundle.yaml:18"}, tt.want...)
			// The CRD follows its objects in the stream, and is found.
			wantLines(t, stdout, nil, "validate/bundle.yaml:3: Widget shop/first (example.com/v1): valid on create")
		})
	}
}

// TestValidateUpdate checks --old: a transition rule holds on update
// only, and the live object is found by group, kind, namespace and name,
// a manifest without namespace taking kubectl's default.
func TestValidateUpdate(t *testing.T) {
	stdout, _, status := runBinary(t, "", "validate", "--crd", "validate/crd.yaml", "--old", "validate/live.yaml", "validate/update.yaml")
	if status != exitInvalid {
		t.Errorf("exit status %d, want 1", status)
	}
	wantLines(t, stdout, []string{"validate/"},
		"validate/update.yaml:3: Widget gold (example.com/v1): invalid on update (live object at validate/live.yaml:2): 1 error",
		`validate/update.yaml:10: error: spec.tier: Invalid value: "platinum": tier is immutable`,
		"validate/update.yaml:12: Widget silver (example.com/v1): valid on update (live object at validate/live.yaml:18)",
	)

	// On create, the rule with oldSelf does not run.
	stdout, _, status = runBinary(t, "", "validate", "--crd", "validate/crd.yaml", "validate/update.yaml")
	if status != exitOK {
		t.Errorf("without --old: exit status %d, want 0\n%s", status, stdout)
	}
	wantLines(t, stdout, []string{"validate/"},
		"validate/update.yaml:3: Widget gold (example.com/v1): valid on create",
		"validate/update.yaml:12: Widget silver (example.com/v1): valid on create",
	)

	// Another namespace has no live object: a create, said so.
	stdout, _, _ = runBinary(t, "", "validate", "--namespace", "shop", "--crd", "validate/crd.yaml", "--old", "validate/live.yaml", "validate/update.yaml")
	wantLines(t, stdout, nil, "validate/update.yaml:3: Widget gold (example.com/v1): valid on create (no live object of this name in --old)")
}

// TestValidateUnchecked checks the objects that cannot be judged: a
// version not served, an unknown kind of a known group (both invalid, as
// kubectl finds no match), and a kind without CRD (not checked, which
// fails unless --allow-unchecked, and is never called valid).
func TestValidateUnchecked(t *testing.T) {
	stdout, _, status := runBinary(t, "", "validate", "--crd", "validate/crd.yaml", "validate/unchecked.yaml")
	if status != exitInvalid {
		t.Errorf("exit status %d, want 1", status)
	}
	wantLines(t, stdout, []string{"validate/"},
		"validate/unchecked.yaml:2: Widget old-version (example.com/v1alpha1): invalid: version not served",
		`validate/unchecked.yaml:2: error: no matches for kind "Widget" in version "example.com/v1alpha1": the CustomResourceDefinition widgets.example.com does not serve v1alpha1, only v1`,
		"validate/unchecked.yaml:9: Widget no-version (example.com/v2): invalid: version not served",
		`validate/unchecked.yaml:9: error: no matches for kind "Widget" in version "example.com/v2": the CustomResourceDefinition widgets.example.com has no version v2, and serves v1`,
		"validate/unchecked.yaml:14: Wodget unknown-kind (example.com/v1): invalid: unknown kind",
		`validate/unchecked.yaml:15: error: no matches for kind "Wodget" in version "example.com/v1": the CustomResourceDefinitions of group example.com define Widget`,
		"validate/unchecked.yaml:19: Certificate no-crd (cert-manager.io/v1): not checked: no CustomResourceDefinition of kind Certificate in group cert-manager.io in the input or --crd",
		"4 objects: 0 valid, 3 invalid, 1 not checked; 1 CustomResourceDefinition",
	)

	const certificate = "apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata: {name: tls}\n"
	stdout, stderr, status := runBinary(t, certificate, "validate", "--crd", "validate/crd.yaml", "-")
	if status != exitInvalid || !strings.Contains(stderr, "1 object not checked in full: exit status 1 (--allow-unchecked accepts them)") {
		t.Errorf("a custom resource without CRD: exit status %d, stderr %q, want 1 and why", status, stderr)
	}
	if strings.Contains(stdout, ": valid") {
		t.Errorf("a custom resource without CRD is called valid:\n%s", stdout)
	}
	_, _, status = runBinary(t, certificate, "validate", "--allow-unchecked", "--crd", "validate/crd.yaml", "-")
	if status != exitOK {
		t.Errorf("--allow-unchecked: exit status %d, want 0", status)
	}
	// Built-in kinds alone are no failure: there is nothing to check.
	_, _, status = runBinary(t, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n", "validate", "-")
	if status != exitOK {
		t.Errorf("a ConfigMap alone: exit status %d, want 0", status)
	}
}

// TestValidateRejectedCRD checks that the objects of a CRD the API server
// refuses are not checked: they cannot exist.
func TestValidateRejectedCRD(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"crd.yaml":    strings.Replace(gadgetCRD, "scope: Namespaced", "scope: Nowhere", 1),
		"gadget.yaml": "apiVersion: example.io/v1\nkind: Gadget\nmetadata: {name: g}\n",
	})
	stdout, _, status := runLintIn(t, "", "validate", dir)
	if status != exitInvalid {
		t.Errorf("exit status %d, want 1", status)
	}
	crdFile := filepath.Join(dir, "crd.yaml")
	wantLines(t, stdout, nil,
		filepath.Join(dir, "gadget.yaml")+":1: Gadget g (example.io/v1): not checked: the API server rejects its CRD gadgets.example.io ("+crdFile+":1), with 1 error: kubeversion lint "+crdFile+" says which",
	)
}

func TestValidateJSON(t *testing.T) {
	stdout, _, status := runBinary(t, "", "validate", "-o", "json", "--validate=warn", "validate/bundle.yaml", "validate/valid.yaml")
	if status != exitOK {
		t.Errorf("exit status %d, want 0", status)
	}
	var doc struct {
		Objects []struct {
			File, Kind, Name, Namespace, Status, Verdict, Operation, CRD, Class, JudgedBy string
			Line                                                                          int
			Errors                                                                        []server.Error
			Warnings                                                                      []validate.Warning
			Object                                                                        map[string]any
		}
		Summary  validate.Summary
		Problems []inputs.Problem
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if len(doc.Objects) != 4 {
		t.Fatalf("%d objects, want 4:\n%s", len(doc.Objects), stdout)
	}
	// The Widgets of bundle.yaml come before their CRD: they are judged,
	// and reported, at the end of the input.
	if order := []string{doc.Objects[0].Name, doc.Objects[1].Name, doc.Objects[2].Name, doc.Objects[3].Name}; !slices.Equal(order, []string{"small", "settings", "first", "second"}) {
		t.Errorf("objects in the order %q, want the Widget and the ConfigMap of valid.yaml, then the Widgets of bundle.yaml", order)
	}
	second := doc.Objects[3]
	if second.Name != "second" || second.Status != validate.StatusValid || second.CRD != "widgets.example.com" || second.Operation != "create" || second.Line != 11 {
		t.Errorf("second object: %+v", second)
	}
	if len(second.Warnings) != 1 || second.Warnings[0].Line != 18 || second.Warnings[0].Field != "spec.colour" {
		t.Errorf("second object's warnings: %+v, want spec.colour at line 18", second.Warnings)
	}
	// The stored object: defaulted (replicas: 1), pruned (no colour).
	spec, _ := second.Object["spec"].(map[string]any)
	if spec["replicas"] != 1.0 || spec["size"] != "medium" || spec["colour"] != nil {
		t.Errorf("stored spec %v, want replicas 1 (the default), size medium, no colour", spec)
	}
	// A namespaced object without namespace is stored in kubectl's.
	if meta, _ := doc.Objects[0].Object["metadata"].(map[string]any); meta["namespace"] != "default" {
		t.Errorf("stored metadata %v, want namespace default", meta)
	}
	// A ConfigMap, judged by the API server's code, stored in kubectl's
	// namespace.
	cm := doc.Objects[1]
	if meta, _ := cm.Object["metadata"].(map[string]any); cm.Status != validate.StatusValid || cm.Class != validate.ClassBuiltin || cm.JudgedBy != "Kubernetes 1.37.2" || meta["namespace"] != "default" {
		t.Errorf("a ConfigMap: %+v, want valid, built-in, judged by Kubernetes 1.37.2, stored in namespace default", cm)
	}
	want := validate.Summary{Objects: 4, Valid: 4, CRDs: 1, Builtin: 1, Custom: 3, JudgedBy: "Kubernetes 1.37.2"}
	if doc.Summary != want || len(doc.Problems) != 0 {
		t.Errorf("summary %+v, problems %v, want %+v and none", doc.Summary, doc.Problems, want)
	}

	stdout, _, _ = runBinary(t, "", "validate", "-o", "json", "--crd", "validate/crd.yaml", "validate/broken.yaml")
	doc.Objects = nil
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	enum := doc.Objects[2]
	if enum.Status != validate.StatusInvalid || enum.Object != nil || len(enum.Errors) == 0 {
		t.Fatalf("enum object: %+v", enum)
	}
	if e := enum.Errors[0]; e.Line != 23 || e.Field != "spec.size" || e.Type != "Unsupported value" || e.Detail != `supported values: "small", "medium", "large"` {
		t.Errorf("enum error %+v", e)
	}
	if doc.Summary.Invalid != 6 {
		t.Errorf("summary %+v, want 6 invalid", doc.Summary)
	}
}

func TestValidateGitHub(t *testing.T) {
	stdout, _, status := runBinary(t, "", "validate", "-o", "github", "--crd", "validate/crd.yaml", "validate/broken.yaml", "validate/unchecked.yaml")
	if status != exitInvalid {
		t.Errorf("exit status %d, want 1", status)
	}
	wantLines(t, stdout, nil,
		`::error file=validate/broken.yaml,line=23,title=Widget enum (example.com/v1)::spec.size: Unsupported value: "huge": supported values: "small", "medium", "large"`,
		"::notice file=validate/broken.yaml,line=18,title=Widget enum (example.com/v1)::invalid on create: 2 errors",
		"::error file=validate/unchecked.yaml,line=19,title=Certificate no-crd (cert-manager.io/v1)::not checked: no CustomResourceDefinition of kind Certificate in group cert-manager.io in the input or --crd",
		"::notice title=kubeversion validate::10 objects: 0 valid, 9 invalid, 1 not checked; 1 CustomResourceDefinition",
	)
	stdout, _, _ = runBinary(t, "", "validate", "-o", "github", "--allow-unchecked", "--crd", "validate/crd.yaml", "validate/unchecked.yaml")
	wantLines(t, stdout, nil, "::warning file=validate/unchecked.yaml,line=19,title=Certificate no-crd (cert-manager.io/v1)::not checked: no CustomResourceDefinition of kind Certificate in group cert-manager.io in the input or --crd")
}

// TestValidateInputs checks the inputs validate reads as lint does: a
// directory, a kustomize directory, a Helm chart, and the same CRD given
// twice.
func TestValidateInputs(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"crd.yaml":           gadgetCRD,
		"gadget.yaml":        "apiVersion: example.io/v1\nkind: Gadget\nmetadata: {name: g}\n",
		"kustomization.yaml": "resources: [crd.yaml, gadget.yaml]\nnamespace: tools\n",
	})
	stdout, _, status := runLintIn(t, "", "validate", dir)
	if status != exitOK {
		t.Errorf("kustomize: exit status %d, want 0\n%s", status, stdout)
	}
	if !strings.HasPrefix(stdout, dir+" (kustomize build):") || !strings.Contains(stdout, ": Gadget tools/g (example.io/v1): valid on create\n") {
		t.Errorf("kustomize: want the Gadget of the build, in its namespace:\n%s", stdout)
	}
	// File by file, the kustomization is read too, and is no object.
	stdout, _, status = runLintIn(t, "", "validate", "--no-kustomize", dir)
	if status != exitOK {
		t.Errorf("--no-kustomize: exit status %d, want 0\n%s", status, stdout)
	}
	wantLines(t, stdout, nil,
		filepath.Join(dir, "gadget.yaml")+":1: Gadget g (example.io/v1): valid on create",
		filepath.Join(dir, "kustomization.yaml")+":1: object (no name): skipped: not a Kubernetes object: no apiVersion, no kind",
	)

	// The same CRD twice is read once; another one of the same kind is a
	// problem.
	_, _, status = runBinary(t, "", "validate", "--validate=warn", "--crd", "validate/crd.yaml", "validate/bundle.yaml")
	if status != exitOK {
		t.Errorf("one CRD twice: exit status %d, want 0", status)
	}
	other := writeFiles(t, map[string]string{"crd.yaml": strings.Replace(gadgetCRD, "plural: gadgets}", "plural: gadgets, singular: gadget}", 1)})
	_, stderr, status := runLintIn(t, "", "validate", "--crd", filepath.Join(other, "crd.yaml"), dir)
	if status != exitError || !strings.Contains(stderr, "a second CustomResourceDefinition of kind Gadget in group example.io, after the one at") {
		t.Errorf("two CRDs of one kind: exit status %d, stderr %q", status, stderr)
	}
}

func TestValidateUsage(t *testing.T) {
	for _, tt := range []struct {
		name  string
		stdin string
		args  []string
		want  string // in standard error
	}{
		{"no objects", "", []string{"validate"}, "no OBJECTS given"},
		{"format", "", []string{"validate", "-o", "markdown", "validate/valid.yaml"}, `-o "markdown": want text, json, github or sarif`},
		{"level", "", []string{"validate", "--validate", "loose", "validate/valid.yaml"}, `--validate "loose": want strict, warn or ignore`},
		{"stdin twice", "", []string{"validate", "--crd", "-", "-"}, "standard input (-) given twice"},
		{"CRDs only", "", []string{"validate", "validate/crd.yaml"}, "only CustomResourceDefinitions, no object of them to validate"},
		{"empty", "", []string{"validate", "-"}, "-: no object found"},
		{"no CRD in --crd", "", []string{"validate", "--crd", "validate/valid.yaml", "validate/valid.yaml"}, "validate/valid.yaml: --crd: no CustomResourceDefinition found"},
		{"missing", "", []string{"validate", "validate/nothing.yaml"}, "validate/nothing.yaml"},
		{"malformed", "apiVersion: v1\nkind: [\n", []string{"validate", "-"}, "-:2: did not find expected node content"},
		{"malformed --old", "kind: [", []string{"validate", "--old", "-", "validate/valid.yaml"}, "kubeversion validate: --old: -:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, status := runBinary(t, tt.stdin, tt.args...)
			if status != exitError || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit status %d, stderr %q; want 2 and %q", status, stderr, tt.want)
			}
		})
	}
	stdout, _, status := runBinary(t, "", "help", "validate")
	if status != exitOK || !strings.Contains(stdout, "Usage: kubeversion validate [--crd PATH]...") || !strings.Contains(stdout, "--allow-unchecked") {
		t.Errorf("help validate: exit status %d\n%s", status, stdout)
	}
}

// TestValidateKubectlRefuses checks an object without kind: kubectl's own
// validation refuses it.
func TestValidateKubectlRefuses(t *testing.T) {
	stdout, _, status := runBinary(t, "apiVersion: example.com/v1\nmetadata: {name: w}\n", "validate", "--crd", "validate/crd.yaml", "-")
	if status != exitInvalid {
		t.Errorf("exit status %d, want 1", status)
	}
	wantLines(t, stdout, nil,
		"-:1: object w (example.com/v1): invalid: kubectl refuses it: kind not set",
		"-:1: error: error validating data: kind not set",
	)
}

// TestValidateScope checks what the handler does with namespaces: a
// cluster-scoped object loses the one it sets, a namespaced one without
// gets --namespace.
func TestValidateScope(t *testing.T) {
	cluster := strings.Replace(gadgetCRD, "scope: Namespaced", "scope: Cluster", 1)
	dir := writeFiles(t, map[string]string{
		"crd.yaml": cluster,
		"g.yaml":   "apiVersion: example.io/v1\nkind: Gadget\nmetadata: {name: g, namespace: tools}\n",
	})
	stdout, _, status := runLintIn(t, "", "validate", "-o", "json", dir)
	if status != exitOK || !strings.Contains(stdout, `"status": "valid"`) || strings.Contains(stdout, `"namespace": "tools",`+"\n          ") {
		t.Errorf("cluster-scoped object with a namespace: exit status %d\n%s", status, stdout)
	}
	var doc struct{ Objects []validate.ObjectReport }
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if meta, _ := doc.Objects[0].Object["metadata"].(map[string]any); meta == nil || meta["namespace"] != nil {
		t.Errorf("stored metadata %v, want no namespace", meta)
	}

	stdout, _, _ = runBinary(t, "", "validate", "-o", "json", "--namespace", "shop", "--crd", "validate/crd.yaml", "validate/valid.yaml")
	doc.Objects = nil
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if meta, _ := doc.Objects[0].Object["metadata"].(map[string]any); meta["namespace"] != "shop" {
		t.Errorf("stored metadata %v, want namespace shop", meta)
	}
}

// TestValidateSARIF checks -o sarif against the SARIF 2.1.0 schema, and
// its results: errors, warnings and objects not checked.
func TestValidateSARIF(t *testing.T) {
	schema := sarifSchema(t)
	in := func(name string) string { return filepath.Join("testdata", "validate", name) }
	for _, tt := range []struct {
		args  []string
		rules map[string]int // results by rule
	}{
		{[]string{"--crd", in("crd.yaml"), in("broken.yaml"), in("unchecked.yaml")},
			map[string]int{validate.RuleObjectInvalid: 12, validate.RuleObjectNotChecked: 1}},
		{[]string{"--validate=warn", in("bundle.yaml")}, map[string]int{validate.RuleObjectWarning: 1}},
		{[]string{in("valid.yaml")}, map[string]int{validate.RuleObjectNotChecked: 1}},
		{[]string{"-"}, map[string]int{format.RuleInput: 1}},
	} {
		args := append([]string{"validate", "-o", "sarif"}, tt.args...)
		out, _, _ := runLintIn(t, "kind: [", args...)
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
		if err != nil {
			t.Fatalf("%q: %v\n%s", args, err, out)
		}
		if err := schema.Validate(doc); err != nil {
			t.Errorf("%q: not valid SARIF 2.1.0: %v", args, err)
		}
		var log format.SARIFLog
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, r := range log.Runs[0].Results {
			got[r.RuleID]++
			if log.Runs[0].Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
				t.Errorf("%q: result of %s has the index of %s", args, r.RuleID, log.Runs[0].Tool.Driver.Rules[r.RuleIndex].ID)
			}
		}
		if diff := cmp.Diff(tt.rules, got); diff != "" {
			t.Errorf("%q: results by rule (-want +got):\n%s", args, diff)
		}
	}
}

func TestValidateWarningLines(t *testing.T) {
	const text = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  finalizers:\n  - foo\nspec: {size: small}\n"
	stdout, _, status := runBinary(t, text, "validate", "--crd", "validate/crd.yaml", "-")
	if status != exitOK {
		t.Errorf("exit status %d, want 0", status)
	}
	wantLines(t, stdout, nil,
		"-:1: Widget w (example.com/v1): valid on create; 1 warning",
		`-:5: warning: metadata.finalizers: "foo": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`,
	)
}

// TestValidateChart checks a Helm chart: its crds directory is read, its
// templates are skipped with a note, and a chart without objects outside
// them says to render it.
func TestValidateChart(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"Chart.yaml":          "apiVersion: v2\nname: gadgets\nversion: 0.1.0\n",
		"crds/gadgets.yaml":   gadgetCRD,
		"templates/g.yaml":    "apiVersion: example.io/v1\nkind: Gadget\nmetadata: {name: {{ .Release.Name }}}\n",
		"examples/good.yaml":  "apiVersion: example.io/v1\nkind: Gadget\nmetadata: {name: good}\n",
		"examples/wrong.yaml": "apiVersion: example.io/v2\nkind: Gadget\nmetadata: {name: wrong}\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stdout, stderr, status := runLintIn(t, "", "validate", dir)
	if status != exitInvalid {
		t.Errorf("exit status %d, want 1", status)
	}
	wantLines(t, stdout, nil,
		filepath.Join(dir, "examples", "good.yaml")+":1: Gadget good (example.io/v1): valid on create",
		filepath.Join(dir, "examples", "wrong.yaml")+":1: Gadget wrong (example.io/v2): invalid: version not served",
		"2 objects: 1 valid, 1 invalid; 1 CustomResourceDefinition",
	)
	if !strings.Contains(stderr, "templates: skipped: the templates of a Helm chart; to validate them, render them: helm template "+dir+" | kubeversion validate -") {
		t.Errorf("no note on the templates:\n%s", stderr)
	}
	os.RemoveAll(filepath.Join(dir, "examples"))
	_, stderr, status = runLintIn(t, "", "validate", dir)
	if status != exitError || !strings.Contains(stderr, "no object found outside the templates of the Helm chart "+dir+": render them") {
		t.Errorf("a chart without objects: exit status %d, stderr\n%s", status, stderr)
	}
}

// TestValidateLiveTwice checks that --old with two live objects of one
// name is refused: which one is live cannot be known.
func TestValidateLiveTwice(t *testing.T) {
	live, err := os.ReadFile(filepath.Join("testdata", "validate", "live.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	_, stderr, status := runBinary(t, string(live)+"---\n"+string(live), "validate", "--crd", "validate/crd.yaml", "--old", "-", "validate/update.yaml")
	if status != exitError || !strings.Contains(stderr, "kubeversion validate: --old: -:33: a second live object Widget default/gold, after the one at -:2") {
		t.Errorf("exit status %d, stderr %q", status, stderr)
	}
}

// TestValidateUpdateStored checks the object stored on update: the live
// object's uid and creation time, the generation moved on by the change
// of spec.
func TestValidateUpdateStored(t *testing.T) {
	stdout, _, _ := runBinary(t, "", "validate", "-o", "json", "--crd", "validate/crd.yaml", "--old", "validate/live.yaml", "validate/update.yaml")
	var doc struct{ Objects []validate.ObjectReport }
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	silver := doc.Objects[1]
	meta, _ := silver.Object["metadata"].(map[string]any)
	if silver.Operation != "update" || silver.Live != "validate/live.yaml:18" || meta["uid"] != "5e0a0b7e-2c1b-4a56-8c49-1b7f0e3c9a22" ||
		meta["generation"] != 2.0 || meta["creationTimestamp"] != "2026-01-05T10:00:00Z" {
		t.Errorf("silver: operation %q, live %q, stored metadata %v", silver.Operation, silver.Live, meta)
	}
	if gold := doc.Objects[0]; gold.Object != nil || gold.Status != validate.StatusInvalid {
		t.Errorf("gold, invalid, has a stored object: %+v", gold)
	}
}

// TestValidateRatcheting checks that an invalid value the live object
// has already passes on update, and not on create.
func TestValidateRatcheting(t *testing.T) {
	stdout, _, status := runBinary(t, "", "validate", "--crd", "validate/crd.yaml", "--old", "validate/ratchet-live.yaml", "validate/ratchet.yaml")
	if status != exitOK {
		t.Errorf("update: exit status %d, want 0", status)
	}
	wantLines(t, stdout, []string{"validate/"}, "validate/ratchet.yaml:3: Widget bronze (example.com/v1): valid on update (live object at validate/ratchet-live.yaml:2)")
	stdout, _, status = runBinary(t, "", "validate", "--crd", "validate/crd.yaml", "validate/ratchet.yaml")
	if status != exitInvalid {
		t.Errorf("create: exit status %d, want 1", status)
	}
	wantLines(t, stdout, []string{"validate/"},
		"validate/ratchet.yaml:3: Widget bronze (example.com/v1): invalid on create: 1 error",
		"validate/ratchet.yaml:9: error: spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0",
	)
}

// TestValidateGatewayAPI validates the examples that Gateway API v1.6.3
// ships against its standard CRDs, which CEL rules guard: every custom
// resource valid, and the Services and Deployments beside them; then
// an HTTPRoute broken as users break them.
func TestValidateGatewayAPI(t *testing.T) {
	g := gatewayAPI(t, "v1.6.3")
	crds := filepath.Join(g, "config", "crd", "standard")
	stdout, _, status := runLintIn(t, "", "validate", "--crd", crds, filepath.Join(g, "examples", "standard"))
	if status != exitOK {
		t.Errorf("exit status %d, want 0", status)
	}
	if !strings.HasSuffix(stdout, "\n103 objects (11 built-in, 92 custom resources): 103 valid, 0 invalid; 10 CustomResourceDefinitions; built-in objects judged by the API server code of Kubernetes 1.37.2\n") {
		t.Errorf("summary, the last line of:\n%s", stdout)
	}

	const route = `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: broken
spec:
  parentRefs:
  - name: gw
  rules:
  - matches:
    - path:
        type: PathPrefix
        value: /shop
    filters:
    - type: RequestRedirect
      requestRedirect:
        scheme: ftp
    backendRefs:
    - name: svc
      port: 80
  - filters:
    - type: RequestHeaderModifier
`
	stdout, _, status = runLintIn(t, route, "validate", "--crd", crds, "-")
	if status != exitInvalid {
		t.Errorf("broken route: exit status %d, want 1", status)
	}
	wantLines(t, stdout, nil,
		`-:16: error: spec.rules[0].filters[0].requestRedirect.scheme: Unsupported value: "ftp": supported values: "http", "https"`,
	)
	// Fixed, the route breaks CEL rules: a RequestRedirect filter beside
	// backendRefs, a RequestHeaderModifier filter without its field.
	fixed := strings.Replace(route, "scheme: ftp", "scheme: https", 1)
	stdout, _, _ = runLintIn(t, fixed, "validate", "--crd", crds, "-")
	for _, want := range []string{
		"-:9: error: spec.rules[0]: Invalid value: RequestRedirect filter must not be used together with backendRefs",
		"-:21: error: spec.rules[1].filters[0]: Invalid value: filter.requestHeaderModifier must be specified for RequestHeaderModifier filter.type",
	} {
		if !strings.Contains(stdout, want+"\n") {
			t.Errorf("missing %q in:\n%s", want, stdout)
		}
	}
}

// TestValidateTimeout checks --timeout: the objects not judged when it
// passes are not checked, with the reason, and the exit status is 1.
func TestValidateTimeout(t *testing.T) {
	stdout, stderr, status := runBinary(t, "", "validate", "--timeout", "1ns", "validate/builtin-content.yaml")
	if status != exitInvalid {
		t.Errorf("exit status %d, want 1; stderr %s", status, stderr)
	}
	wantLines(t, stdout, []string{"validate/"},
		"validate/builtin-content.yaml:3: Deployment web (apps/v1): not checked: --timeout 1ns passed before it was judged",
		"validate/builtin-content.yaml:22: Service web (v1): not checked: --timeout 1ns passed before it was judged",
		"validate/builtin-content.yaml:32: HorizontalPodAutoscaler web (autoscaling/v2): not checked: --timeout 1ns passed before it was judged",
		"validate/builtin-content.yaml:44: ConfigMap settings (v1): not checked: --timeout 1ns passed before it was judged",
	)
	if _, _, status := runBinary(t, "", "validate", "--timeout", "1h", "validate/valid.yaml", "--crd", "validate/crd.yaml"); status != exitOK {
		t.Errorf("--timeout 1h: exit status %d, want 0", status)
	}
}

// TestValidateWarningsCutQuietly checks that an object with more
// warnings than the API server sends gets them cut as the server cuts
// them (past 4,096 runes in all), with nothing on standard error: the
// server logs "exceeded max warning header size" for itself, and its
// client sees only the warnings.
func TestValidateWarningsCutQuietly(t *testing.T) {
	var pod strings.Builder
	pod.WriteString("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n")
	for i := range 60 {
		fmt.Fprintf(&pod, "  - name: c%d\n    image: nginx\n    resources:\n      limits: {memory: 100m}\n", i)
	}
	stdout, stderr, status := runBinary(t, pod.String(), "validate", "-")
	warnings := strings.Count(stdout, ": warning: ")
	if status != exitOK || warnings == 0 || warnings >= 120 || stderr != "" {
		t.Errorf("status %d, %d warnings (want fewer than the 120 made: cut), standard error %q", status, warnings, stderr)
	}
}
