package conformance

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// checkWarningField says what is wrong with the field of w in doc, the
// decoded manifest, or returns "": the field must hold the format w
// names, or the list type set.
func checkWarningField(doc any, w crd.Warning) string {
	want := any("set")
	if f, ok := strings.CutPrefix(w.Message, "unrecognized format "); ok {
		format, err := strconv.Unquote(f)
		if err != nil {
			return "message " + w.Message + ": " + err.Error()
		}
		want = format
	}
	got, ok := valueAt(doc, w.Path())
	if !ok || got != want {
		return fmt.Sprintf("field %s of %q holds %v (found: %v), want %q", w.Field, w.Message, got, ok, want)
	}
	return ""
}

// valueAt returns the value at path in doc.
func valueAt(doc any, path []crd.PathStep) (any, bool) {
	for _, s := range path {
		switch s.Kind {
		case crd.StepIndex:
			l, ok := doc.([]any)
			if !ok || s.Index >= len(l) {
				return nil, false
			}
			doc = l[s.Index]
		default:
			m, ok := doc.(map[string]any)
			if !ok {
				return nil, false
			}
			if doc, ok = m[s.Name]; !ok {
				return nil, false
			}
		}
	}
	return doc, true
}

// compareWarnings says how ours differs from the server's warnings k, or
// returns "".
func compareWarnings(k serverWarnings, ours []string) string {
	if slices.Equal(k.warnings, ours) {
		return ""
	}
	if !k.ambiguous {
		return "warnings differ"
	}
	kf, ks := splitFormats(k.warnings)
	of, os := splitFormats(ours)
	slices.Sort(kf)
	slices.Sort(of)
	if !slices.Equal(kf, of) || !slices.Equal(ks, os) {
		return "warnings differ (formats compared in any order)"
	}
	return ""
}

// splitFormats returns the format warnings of ws and the others.
func splitFormats(ws []string) (formats, others []string) {
	for _, w := range ws {
		if strings.HasPrefix(w, "unrecognized format ") {
			formats = append(formats, w)
		} else {
			others = append(others, w)
		}
	}
	return formats, others
}

// formatOrderAmbiguous reports whether the order of the server's format
// warnings for spec depends on the order in which SchemaHas visits a map:
// whether the schemas of the properties, pattern properties, definitions
// or dependencies of a schema give, below them, two different sequences
// of unrecognized formats. GetUnrecognizedFormats, the server's own,
// judges each format.
func formatOrderAmbiguous(crdSpec *apiextensions.CustomResourceDefinitionSpec) bool {
	ver := environment.DefaultCompatibilityVersion()
	ambiguous := false
	var walk func(s *apiextensions.JSONSchemaProps) string
	mapOf := func(schemas []*apiextensions.JSONSchemaProps) string {
		var outs []string
		for _, s := range schemas {
			if out := walk(s); out != "" && !slices.Contains(outs, out) {
				outs = append(outs, out)
			}
		}
		if len(outs) > 1 {
			ambiguous = true
		}
		return strings.Join(outs, "\x00")
	}
	walk = func(s *apiextensions.JSONSchemaProps) string {
		if s == nil {
			return ""
		}
		var out []string
		if s.Format != "" {
			out = append(out, apiservervalidation.GetUnrecognizedFormats(&spec.Schema{SchemaProps: spec.SchemaProps{Format: s.Format, Type: []string{s.Type}}}, ver)...)
		}
		add := func(sub string) {
			if sub != "" {
				out = append(out, sub)
			}
		}
		var below []*apiextensions.JSONSchemaProps
		if s.Items != nil {
			below = append(below, s.Items.Schema)
			for i := range s.Items.JSONSchemas {
				below = append(below, &s.Items.JSONSchemas[i])
			}
		}
		for _, list := range [][]apiextensions.JSONSchemaProps{s.AllOf, s.AnyOf, s.OneOf} {
			for i := range list {
				below = append(below, &list[i])
			}
		}
		below = append(below, s.Not)
		for _, b := range below {
			add(walk(b))
		}
		add(mapOf(schemasOf(s.Properties)))
		if s.AdditionalProperties != nil {
			add(walk(s.AdditionalProperties.Schema))
		}
		add(mapOf(schemasOf(s.PatternProperties)))
		if s.AdditionalItems != nil {
			add(walk(s.AdditionalItems.Schema))
		}
		add(mapOf(schemasOf(s.Definitions)))
		var deps []*apiextensions.JSONSchemaProps
		for _, d := range s.Dependencies {
			deps = append(deps, d.Schema)
		}
		add(mapOf(deps))
		return strings.Join(out, "\x00")
	}
	if crdSpec.Validation != nil {
		walk(crdSpec.Validation.OpenAPIV3Schema)
	}
	for _, v := range crdSpec.Versions {
		if v.Schema != nil {
			walk(v.Schema.OpenAPIV3Schema)
		}
	}
	return ambiguous
}

// schemasOf returns pointers to the schemas of m.
func schemasOf(m map[string]apiextensions.JSONSchemaProps) []*apiextensions.JSONSchemaProps {
	var out []*apiextensions.JSONSchemaProps
	for _, s := range m {
		out = append(out, &s)
	}
	return out
}
