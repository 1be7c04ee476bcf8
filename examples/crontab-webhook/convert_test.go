package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/conversion"
	"github.com/kubeversion/kubeversion/crd"
	"sigs.k8s.io/yaml"
)

// TestRoundTrip converts each CronTab of crontabs.yaml to the other
// version and back, as the API server would call the webhook, judges each
// answer by the server's rules with conversion.CheckResponse, and wants
// every object back as it was: the unit test a webhook author writes.
func TestRoundTrip(t *testing.T) {
	def := readCRD(t, "crd.yaml")
	if missing := converter().Missing(def); missing != nil {
		t.Errorf("the converter cannot convert %v", missing)
	}
	data, err := os.ReadFile("crontabs.yaml")
	if err != nil {
		t.Fatal(err)
	}
	docs := strings.Split(string(data), "\n---\n")
	if len(docs) != 3 {
		t.Fatalf("crontabs.yaml has %d documents, want 3", len(docs))
	}
	for _, doc := range docs {
		obj := fromYAML(t, doc)
		from := strings.TrimPrefix(obj["apiVersion"].(string), "stable.example.com/")
		to := map[string]string{"v1beta1": "v1", "v1": "v1beta1"}[from]
		there := convert(t, def, obj, to)
		back := convert(t, def, there, from)
		if got, want := toJSON(t, back), toJSON(t, obj); got != want {
			t.Errorf("%s to %s and back:\n got %s\nwant %s", from, to, got, want)
		}
	}
}

// convert sends obj to the webhook's Handler logic as the API server would
// and returns the object the server would keep.
func convert(t *testing.T, def *crd.CustomResourceDefinition, obj map[string]any, to string) map[string]any {
	t.Helper()
	review, _, err := conversion.NewRequest(def, []map[string]any{obj}, false, to, "705ab4f5-6393-11e8-b7cc-42010a800002")
	if err != nil || review == nil {
		t.Fatalf("NewRequest to %s: %v, %v", to, review, err)
	}
	body, err := json.Marshal(conversion.Answer(review, converter().Convert))
	if err != nil {
		t.Fatal(err)
	}
	var schema *crd.JSONSchemaProps
	for _, v := range def.Spec.Versions {
		if v.Name == to {
			schema = v.Schema.OpenAPIV3Schema
		}
	}
	converted, err := conversion.CheckResponse(review, body, conversion.CheckOptions{Schema: schema})
	if err != nil {
		t.Fatalf("to %s: %v", to, err)
	}
	if p := converted[0].Pruned; len(p) > 0 {
		t.Errorf("to %s: the schema prunes %v", to, p)
	}
	return converted[0].Object
}

func readCRD(t *testing.T, file string) *crd.CustomResourceDefinition {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	j, err := yaml.YAMLToJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	def, err := crd.Decode(j)
	if err != nil {
		t.Fatal(err)
	}
	return def
}

func fromYAML(t *testing.T, doc string) map[string]any {
	t.Helper()
	j, err := yaml.YAMLToJSON([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var obj map[string]any
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.UseNumber()
	if err := dec.Decode(&obj); err != nil {
		t.Fatal(err)
	}
	return obj
}

// toJSON prints v with sorted keys, so that equal objects print alike
// whatever Go type holds their numbers.
func toJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var generic any
	json.Unmarshal(b, &generic)
	b, _ = json.Marshal(generic)
	return string(b)
}
