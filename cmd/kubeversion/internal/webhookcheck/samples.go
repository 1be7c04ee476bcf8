package webhookcheck

import (
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/crd"
)

// sample is a sample object of the CRD's kind, with its version's name.
type sample struct {
	inputs.Object
	version string
}

// label names s as "CronTab name" or "CronTab namespace/name".
func (s sample) label() string {
	name := metadataString(s.Fields, "name")
	if ns := metadataString(s.Fields, "namespace"); ns != "" {
		name = ns + "/" + name
	}
	return strings.TrimSpace(s.Str("kind") + " " + name)
}

func metadataString(obj map[string]any, key string) string {
	m, _ := obj["metadata"].(map[string]any)
	s, _ := m[key].(string)
	return s
}

// samplesOf returns the objects as samples of def, or the problem with the
// first that is not an object of def's group and kind in one of its
// versions: the API server would not convert it.
func samplesOf(def *crd.CustomResourceDefinition, objects []inputs.Object) ([]sample, *inputs.Problem) {
	var out []sample
	for _, o := range objects {
		group, version, _ := strings.Cut(o.Str("apiVersion"), "/")
		if group != def.Spec.Group || o.Str("kind") != def.Spec.Names.Kind || !hasVersion(def, version) {
			return nil, &inputs.Problem{File: o.File, Line: o.Line, Message: fmt.Sprintf("apiVersion %q, kind %q: not a %s of a version of %s",
				o.Str("apiVersion"), o.Str("kind"), def.Spec.Names.Kind, def.Spec.Group)}
		}
		out = append(out, sample{o, version})
	}
	return out, nil
}

func hasVersion(def *crd.CustomResourceDefinition, name string) bool {
	for _, v := range def.Spec.Versions {
		if v.Name == name {
			return true
		}
	}
	return false
}

// schemaOf returns the openAPIV3Schema of def's version name, or nil when
// it has none or def preserves unknown fields (nothing is pruned then).
func schemaOf(def *crd.CustomResourceDefinition, name string) *crd.JSONSchemaProps {
	for _, v := range def.Spec.Versions {
		if v.Name == name && v.Schema != nil && !def.Spec.PreserveUnknownFields {
			return v.Schema.OpenAPIV3Schema
		}
	}
	return nil
}

// served returns the names of def's served versions, in spec order.
func served(def *crd.CustomResourceDefinition) []string {
	var out []string
	for _, v := range def.Spec.Versions {
		if v.Served {
			out = append(out, v.Name)
		}
	}
	return out
}

// stored returns the samples as the API server stores them, pruned and
// coerced by the schemas of their versions: the objects it converts. It
// reports what that removes, and leaves out the samples it would refuse.
func (c *webhookChecker) stored(samples []sample) []sample {
	var out []sample
	for _, s := range samples {
		schema := schemaOf(c.def, s.version)
		if schema == nil {
			out = append(out, s)
			continue
		}
		obj := deepCopy(s.Fields).(map[string]any)
		pruned, err := crd.Coerce(obj, schema)
		switch {
		case err != nil:
			c.add(s, "stored", s.version, s.version, "the API server would not store it: "+err.Error())
			continue
		case len(pruned) > 0:
			c.add(s, "stored", s.version, s.version, fmt.Sprintf("the %s schema prunes, when it is stored: %s", s.version, strings.Join(pruned, ", ")))
		}
		s.Fields = obj
		out = append(out, s)
	}
	return out
}
