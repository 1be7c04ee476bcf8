package builtin

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func judge(t *testing.T) *Judge {
	t.Helper()
	j, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return j
}

const deploymentJSON = `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},
"spec":{"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},
"spec":{"containers":[{"name":"c","image":"nginx"}]}}}}`

// TestCreateIssueExamples checks the server's words for the objects the
// built-in objects issue names.
func TestCreateIssueExamples(t *testing.T) {
	j := judge(t)
	for _, tc := range []struct {
		name, object string
		message      string // a part of Result.Message; "" for accepted
		field        string // a cause's field
	}{
		{"valid deploymentJSON", deploymentJSON, "", ""},
		{"selector mismatch", strings.Replace(deploymentJSON, `"labels":{"app":"web"}`, `"labels":{"app":"other"}`, 1),
			"`selector` does not match template `labels`", "spec.template.metadata.labels"},
		{"no image", strings.Replace(deploymentJSON, `,"image":"nginx"`, ``, 1),
			"spec.template.spec.containers[0].image: Required value", "spec.template.spec.containers[0].image"},
		{"port 70000", `{"apiVersion":"v1","kind":"Service","metadata":{"name":"s"},"spec":{"selector":{"a":"b"},"ports":[{"port":70000}]}}`,
			"spec.ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive", "spec.ports[0].port"},
		{"hpa max below min", `{"apiVersion":"autoscaling/v2","kind":"HorizontalPodAutoscaler","metadata":{"name":"h"},"spec":{"scaleTargetRef":{"kind":"Deployment","name":"web","apiVersion":"apps/v1"},"minReplicas":5,"maxReplicas":3}}`,
			"spec.maxReplicas: Invalid value: 3: must be greater than or equal to `minReplicas`", "spec.maxReplicas"},
		{"unknown field", strings.Replace(deploymentJSON, `"spec":{"selector"`, `"spec":{"replicaz":3,"selector"`, 1),
			`Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replicaz"`, "spec.replicaz"},
		{"bad name", strings.Replace(deploymentJSON, `"name":"web"`, `"name":"Web_1"`, 1),
			`metadata.name: Invalid value: "Web_1"`, "metadata.name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := j.Create(context.Background(), []byte(tc.object), Options{})
			if !res.Checked {
				t.Fatalf("not checked: %s", res.Reason)
			}
			if tc.message == "" {
				if !res.Valid() {
					t.Fatalf("refused: %s", res.Message)
				}
				return
			}
			if !strings.Contains(res.Message, tc.message) {
				t.Errorf("message %q\nwant a part %q", res.Message, tc.message)
			}
			found := false
			for _, c := range res.Causes {
				found = found || c.Field == tc.field
			}
			if !found {
				t.Errorf("no cause at %s in %+v", tc.field, res.Causes)
			}
		})
	}
}

// TestCreateDefaults checks that the stored object carries the server's
// defaults and its namespace.
func TestCreateDefaults(t *testing.T) {
	res := judge(t).Create(context.Background(), []byte(deploymentJSON), Options{})
	if !res.Valid() {
		t.Fatalf("refused: %s %s", res.Message, res.Reason)
	}
	var got struct {
		Metadata struct{ Namespace string }
		Spec     struct {
			Replicas *int
			Strategy struct{ Type string }
		}
	}
	if err := json.Unmarshal(res.Object, &got); err != nil {
		t.Fatal(err)
	}
	if got.Metadata.Namespace != DefaultNamespace || got.Spec.Replicas == nil || *got.Spec.Replicas != 1 || got.Spec.Strategy.Type != "RollingUpdate" {
		t.Errorf("stored object lacks defaults: %s", res.Object)
	}
}

// TestCreateWarnings checks a strategy warning in the server's words.
func TestCreateWarnings(t *testing.T) {
	obj := strings.Replace(deploymentJSON, `"image":"nginx"`, `"image":"nginx","resources":{"limits":{"memory":"100m"}}`, 1)
	res := judge(t).Create(context.Background(), []byte(obj), Options{})
	if !res.Valid() {
		t.Fatalf("refused: %s %s", res.Message, res.Reason)
	}
	want := `spec.template.spec.containers[0].resources.limits[memory]: fractional byte value "100m" is invalid, must be an integer`
	if len(res.Warnings) != 1 || res.Warnings[0] != want {
		t.Errorf("warnings %q, want [%q]", res.Warnings, want)
	}
}

// TestUpdateImmutable checks an update rule: a Deployment's selector is
// immutable in apps/v1.
func TestUpdateImmutable(t *testing.T) {
	j := judge(t)
	changed := strings.ReplaceAll(deploymentJSON, `"app":"web"`, `"app":"web2"`)
	res := j.Update(context.Background(), []byte(changed), []byte(deploymentJSON), Options{})
	if !res.Checked {
		t.Fatalf("not checked: %s", res.Reason)
	}
	if !strings.Contains(res.Message, "spec.selector: Invalid value") || !strings.Contains(res.Message, "field is immutable") {
		t.Errorf("message %q, want the selector immutable", res.Message)
	}
	same := j.Update(context.Background(), []byte(deploymentJSON), []byte(deploymentJSON), Options{})
	if !same.Valid() {
		t.Errorf("an unchanged update refused: %s %s", same.Message, same.Reason)
	}
}

// TestNotChecked checks that what cannot be judged says so.
func TestNotChecked(t *testing.T) {
	j := judge(t)
	for _, obj := range []string{
		`{"apiVersion":"autoscaling/v2beta2","kind":"HorizontalPodAutoscaler","metadata":{"name":"h"}}`,
		`{"apiVersion":"v1","kind":"Widget","metadata":{"name":"w"}}`,
		`[1,2]`,
		`{"kind":"ConfigMap"}`,
	} {
		if res := j.Create(context.Background(), []byte(obj), Options{}); res.Checked || res.Reason == "" {
			t.Errorf("%s: %+v, want not checked with a reason", obj, res)
		}
	}
}
