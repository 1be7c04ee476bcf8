package crd

import (
	"errors"
	"testing"
)

func TestDecodeStrict(t *testing.T) {
	tests := []struct {
		in   string
		want string // the error, "" for none
	}{
		{`{"spec": {"group": "a"}}`, ""},
		{`{"spec": {"versions": [{"name": "v1", "Storage": true}]}}`, `strict decoding error: unknown field "spec.versions[0].Storage"`},
		{`{"Spec": {}, "spec": {"scope": "Cluster"}, "spec": {}}`, `strict decoding error: unknown field "Spec", duplicate field "spec"`},
		{`{"metadata": {"labels": {"a": "1", "a": "2"}}}`, `strict decoding error: duplicate field "metadata.labels.a"`},
		{`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"properties": {"x": {"tpye": "string"}}}}}]}}`,
			`strict decoding error: unknown field "spec.versions[0].schema.openAPIV3Schema.properties.x.tpye"`},
		// Like the API server, no strict checks under items.
		{`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"items": {"tpye": "string", "Type": "x"}}}}]}}`, ""},
		{`{"spec": {"versions": [{"served": "yes"}]}}`, `json: cannot unmarshal string into Go struct field CustomResourceDefinitionVersion.spec.versions.served of type bool`},
		{`{"spec": {"names": []}}`, `json: cannot unmarshal array into Go struct field CustomResourceDefinitionSpec.spec.names of type v1.CustomResourceDefinitionNames`},
		{`{"spec": {}} x`, `invalid character after top-level value`},
		{`{"spec": {`, `unexpected end of JSON input`},
		// An unknown field is read as a known one, with the server's message.
		{`{"Spec" {}}`, `invalid character '{' after object key`},
		{`{"spec": {"scope" {}}}`, `invalid character '{' after object key`},
	}
	for _, tt := range tests {
		_, err := Decode([]byte(tt.in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Decode(%s) error:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestDecodeIsCaseSensitive(t *testing.T) {
	c, err := Decode([]byte(`{"spec": {"versions": [{"name": "v1", "Storage": true, "served": true}],
		"conversion": {"strategy": "None"}}}`))
	var strict *StrictError
	if !errors.As(err, &strict) || c == nil {
		t.Fatalf("Decode: %v, %v; want an object and a *StrictError", c, err)
	}
	if v := c.Spec.Versions[0]; v.Storage || !v.Served {
		t.Errorf("version = %+v, want served and not storage", v)
	}
}

func TestDecodeValues(t *testing.T) {
	c, err := Decode([]byte(`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {
		"default": 3, "enum": [1.0, "a", null, 1e3, 9223372036854775808],
		"additionalProperties": false, "items": {"type": "string"}}}}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	s := c.Spec.Versions[0].Schema.OpenAPIV3Schema
	if s.Default.Value != int64(3) {
		t.Errorf("default = %#v, want int64(3)", s.Default.Value)
	}
	want := []any{1.0, "a", nil, 1000.0, 9223372036854775808.0}
	for i, e := range s.Enum {
		if e.Value != want[i] {
			t.Errorf("enum[%d] = %#v, want %#v", i, e.Value, want[i])
		}
	}
	if s.AdditionalProperties == nil || s.AdditionalProperties.Allows || s.AdditionalProperties.Schema != nil {
		t.Errorf("additionalProperties = %+v, want false", s.AdditionalProperties)
	}
	if s.Items == nil || s.Items.Schema == nil || s.Items.Schema.Type != "string" {
		t.Errorf("items = %+v, want a schema of type string", s.Items)
	}
}

func TestDecodeTimestamps(t *testing.T) {
	tests := []struct {
		in      string
		wantErr string // "" for none
	}{
		{`{"metadata": {"creationTimestamp": null}}`, ""},
		{`{"metadata": {"creationTimestamp": "2026-11-23T10:00:00Z"}}`, ""},
		{`{"metadata": {"creationTimestamp": "x"}}`, `parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"`},
		{`{"metadata": {"deletionTimestamp": 5}}`, "json: cannot unmarshal number into Go value of type string"},
		{`{"metadata": {"managedFields": [{"time": "2026-11-23"}]}}`, `parsing time "2026-11-23" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"`},
		{`{"status": {"conditions": [{"type": "Established", "status": "True", "lastTransitionTime": true}]}}`, "json: cannot unmarshal bool into Go value of type string"},
	}
	for _, tt := range tests {
		c, err := Decode([]byte(tt.in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.wantErr {
			t.Errorf("Decode(%s) error = %q, want %q", tt.in, got, tt.wantErr)
		}
		if (c == nil) != (tt.wantErr != "") {
			t.Errorf("Decode(%s) = %v, want nil only with an error", tt.in, c)
		}
	}
}

func TestDecodeTypeErrorsNameKubernetesTypes(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"spec": {"scope": true}}`,
			"json: cannot unmarshal bool into Go struct field CustomResourceDefinitionSpec.spec.scope of type v1.ResourceScope"},
		{`{"spec": {"conversion": {"strategy": 1}}}`,
			"json: cannot unmarshal number into Go struct field CustomResourceConversion.spec.conversion.strategy of type v1.ConversionStrategyType"},
		{`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"properties": {"a": {"items": {"type": true}}}}}}]}}`,
			"json: cannot unmarshal bool into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema.properties.items.type of type string"},
		{`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"x-kubernetes-validations": [{"rule": "r", "reason": 1}]}}}]}}`,
			"json: cannot unmarshal number into Go struct field ValidationRule.spec.versions.schema.openAPIV3Schema.x-kubernetes-validations.reason of type v1.FieldValueErrorReason"},
	}
	for _, tt := range tests {
		_, err := Decode([]byte(tt.in))
		if err == nil || err.Error() != tt.want {
			t.Errorf("Decode(%s) error = %v, want %s", tt.in, err, tt.want)
		}
	}
}
