package conformance

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/kubeversion/kubeversion/crd"
)

// objCRD is a CRD whose objects the differential of ValidateObject draws:
// its JSON and, of each served version, what the generator needs.
type objCRD struct {
	name, source string // metadata.name; "corpus <label>" or "generated"
	json         []byte
	group, kind  string
	namespaced   bool
	versions     []objVersion

	once sync.Once
	def  *crd.CustomResourceDefinition
	err  error
}

// decoded returns the CRD as crd.Decode reads it, decoded once.
func (c *objCRD) decoded() (*crd.CustomResourceDefinition, error) {
	c.once.Do(func() { c.def, c.err = crd.Decode(c.json) })
	return c.def, c.err
}

// objVersion is a served version of an objCRD.
type objVersion struct {
	name       string
	schema     map[string]any // openAPIV3Schema
	status     bool           // the status subresource
	specScale  string         // scale's specReplicasPath, "" without scale
	rules      int            // x-kubernetes-validations rules
	transition bool           // a rule reads oldSelf
}

// newObjCRD reads a v1 CustomResourceDefinition as JSON; ok is false when
// it serves no version with a schema.
func newObjCRD(source string, doc []byte) (*objCRD, bool) {
	var c struct {
		Metadata struct{ Name string }
		Spec     struct {
			Group    string
			Scope    string
			Names    struct{ Kind string }
			Versions []struct {
				Name         string
				Served       bool
				Schema       struct{ OpenAPIV3Schema map[string]any }
				Subresources struct {
					Status map[string]any
					Scale  *struct{ SpecReplicasPath string }
				}
			}
		}
	}
	if json.Unmarshal(doc, &c) != nil {
		return nil, false
	}
	o := &objCRD{name: c.Metadata.Name, source: source, json: doc, group: c.Spec.Group, kind: c.Spec.Names.Kind, namespaced: c.Spec.Scope != "Cluster"}
	for _, v := range c.Spec.Versions {
		if !v.Served || v.Schema.OpenAPIV3Schema == nil {
			continue
		}
		ov := objVersion{name: v.Name, schema: v.Schema.OpenAPIV3Schema, status: v.Subresources.Status != nil}
		if v.Subresources.Scale != nil {
			ov.specScale = v.Subresources.Scale.SpecReplicasPath
		}
		countRules(ov.schema, &ov)
		o.versions = append(o.versions, ov)
	}
	return o, len(o.versions) > 0
}

// countRules counts the x-kubernetes-validations rules of s and below.
func countRules(s any, v *objVersion) {
	switch s := s.(type) {
	case map[string]any:
		for k, x := range s {
			if k == "x-kubernetes-validations" {
				for _, rule := range asList(x) {
					v.rules++
					if m, ok := rule.(map[string]any); ok {
						if text, _ := m["rule"].(string); strings.Contains(text, "oldSelf") {
							v.transition = true
						}
					}
				}
				continue
			}
			if k == "default" || k == "enum" || k == "example" {
				continue
			}
			countRules(x, v)
		}
	case []any:
		for _, x := range s {
			countRules(x, v)
		}
	}
}

// resource returns a valid object of version v of c, with realistic
// metadata: a name (or now and then a generateName), a namespace when c
// is namespaced (or none, for the request's default), labels,
// annotations, finalizers and ownerReferences.
func (g *objGen) resource(c *objCRD, v *objVersion) map[string]any {
	r := g.r
	obj, _ := g.value(v.schema, 4).(map[string]any)
	if obj == nil {
		obj = map[string]any{}
	}
	obj["apiVersion"] = c.group + "/" + v.name
	obj["kind"] = c.kind
	meta := map[string]any{}
	if r.IntN(10) == 0 {
		meta["generateName"] = oneOf(r, "gen-", "a.b-", "x")
	} else {
		meta["name"] = oneOf(r, "a", "my-object", "web.example.com", fmt.Sprintf("obj-%d", r.IntN(1000)), strings.Repeat("n", 63))
	}
	if c.namespaced && r.IntN(3) != 0 {
		meta["namespace"] = oneOf(r, "default", "team-a", "kube-system")
	}
	if r.IntN(2) == 0 {
		labels := map[string]any{}
		for range 1 + r.IntN(3) {
			labels[oneOf(r, "app", "app.kubernetes.io/name", "tier", "example.com/x")] = oneOf(r, "web", "", "v1.2", "a_b-c")
		}
		meta["labels"] = labels
	}
	if r.IntN(3) == 0 {
		ann := map[string]any{}
		for range 1 + r.IntN(2) {
			ann[oneOf(r, "note", "example.com/owner", "kubectl.kubernetes.io/last-applied-configuration")] = oneOf(r, "any text: {}", "", "x")
		}
		meta["annotations"] = ann
	}
	if r.IntN(6) == 0 {
		meta["finalizers"] = []any{oneOf(r, "example.com/cleanup", "foo", "orphan", "example.com", "a.b/c")}
	}
	if r.IntN(12) == 0 {
		meta["ownerReferences"] = []any{map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "name": "d", "uid": "1234"}}
	}
	obj["metadata"] = meta
	return obj
}
