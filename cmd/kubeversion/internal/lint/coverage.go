package lint

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/kubeversion/kubeversion/crd"
)

// An area is a group of the API server's rules on a CustomResourceDefinition,
// with a probe: a valid CRD broken in that area alone. Package crd checks
// the area when it reports an error at one of the fields the server would.
//
// lint asks package crd what it checks instead of assuming it, so that its
// verdict never claims more than was checked: "valid on create" needs every
// area, and a verdict names the areas that were not checked. As package crd
// learns a rule, the area drops out of the list without a change here.
type area struct {
	name   string
	update bool     // checked by ValidateUpdate only
	fields []string // field paths, or their prefixes, of the server's errors
	probe  string   // a JSON patch of probeBase's spec, or of the whole object with "metadata"
}

// probeBase is a CRD that the API server accepts.
const probeBase = `{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "widgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced",
  "names": {"plural": "widgets", "singular": "widget", "kind": "Widget", "listKind": "WidgetList"},
  "versions": [{"name": "v1", "served": true, "storage": true,
   "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}}, "status": {"type": "object", "properties": {"replicas": {"type": "integer"}}}}}},
   "subresources": {"status": {}}}]}}`

var areas = []area{
	{name: "metadata.name", fields: []string{"metadata.name"},
		probe: `{"metadata": {"name": "gadgets.example.com"}}`},
	{name: "spec.group", fields: []string{"spec.group"},
		probe: `{"metadata": {"name": "widgets.example_com"}, "spec": {"group": "example_com"}}`},
	{name: "the api-approved.kubernetes.io annotation", fields: []string{"metadata.annotations"},
		probe: `{"metadata": {"name": "widgets.example.k8s.io"}, "spec": {"group": "example.k8s.io"}}`},
	{name: "spec.names", fields: []string{"spec.names"},
		probe: `{"spec": {"names": {"kind": "Widget", "listKind": "WidgetList", "plural": "widgets", "singular": "Widget!"}}}`},
	{name: "spec.scope", fields: []string{"spec.scope"},
		probe: `{"spec": {"scope": "Galaxy"}}`},
	{name: "spec.preserveUnknownFields", fields: []string{"spec.preserveUnknownFields"},
		probe: `{"spec": {"preserveUnknownFields": true}}`},
	{name: "schema types", fields: schemaFields,
		probe: `{"spec": {"versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "bogus"}}}]}}`},
	{name: "schema defaults", fields: schemaFields,
		probe: `{"spec": {"versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object", "properties": {"a": {"type": "string", "default": 1}}}}}]}}`},
	{name: "printer columns", fields: []string{"spec.versions[0].additionalPrinterColumns", "spec.additionalPrinterColumns"},
		probe: `{"spec": {"versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object"}}, "additionalPrinterColumns": [{"name": "x", "type": "bogus", "jsonPath": ".spec"}]}]}}`},
	{name: "subresources", fields: []string{"spec.versions[0].subresources", "spec.subresources"},
		probe: `{"spec": {"versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object"}}, "subresources": {"scale": {"specReplicasPath": "spec", "statusReplicasPath": ""}}}]}}`},
	{name: "selectable fields", fields: []string{"spec.versions[0].selectableFields", "spec.selectableFields"},
		probe: `{"spec": {"versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object"}}, "selectableFields": [{"jsonPath": ""}]}]}}`},
	{name: "fields that may not change", update: true, fields: []string{"spec.group", "metadata.name"},
		probe: `{"metadata": {"name": "widgets.example.org"}, "spec": {"group": "example.org"}}`},
}

var schemaFields = []string{"spec.versions[0].schema.openAPIV3Schema", "spec.validation.openAPIV3Schema"}

// notChecked returns the names of the areas that package crd does not
// check on create, or on update, in the order of areas; nil when it checks
// them all. CEL rules are judged by package cel.
func notChecked(update bool) []string {
	coverageOnce.Do(probeAreas)
	if update {
		return uncheckedUpdate
	}
	return uncheckedCreate
}

var (
	coverageOnce                     sync.Once
	uncheckedCreate, uncheckedUpdate []string
)

func probeAreas() {
	base, err := crd.Decode([]byte(probeBase))
	if err != nil || len(crd.ValidateCreate(base)) > 0 {
		// The base is no longer valid for crd: claim nothing.
		for _, a := range areas {
			uncheckedUpdate = append(uncheckedUpdate, a.name)
			if !a.update {
				uncheckedCreate = append(uncheckedCreate, a.name)
			}
		}
		return
	}
	for _, a := range areas {
		checked := false
		if c, err := crd.Decode(mergePatch(probeBase, a.probe)); err == nil {
			var errs crd.ErrorList
			if a.update {
				errs = crd.ValidateUpdate(asApplied(c, base), base)
			} else {
				errs = crd.ValidateCreate(c)
			}
			checked = hasErrorAt(errs, a.fields)
		}
		if !checked {
			uncheckedUpdate = append(uncheckedUpdate, a.name)
			if !a.update {
				uncheckedCreate = append(uncheckedCreate, a.name)
			}
		}
	}
}

// hasErrorAt reports whether an error is at one of fields or under it.
func hasErrorAt(errs crd.ErrorList, fields []string) bool {
	for _, e := range errs {
		for _, f := range fields {
			if e.Field == f || strings.HasPrefix(e.Field, f+".") || strings.HasPrefix(e.Field, f+"[") {
				return true
			}
		}
	}
	return false
}

// mergePatch applies patch to doc as a JSON merge patch (RFC 7386):
// objects merge, anything else replaces. Both are JSON objects.
func mergePatch(doc, patch string) []byte {
	var d, p map[string]any
	if json.Unmarshal([]byte(doc), &d) != nil || json.Unmarshal([]byte(patch), &p) != nil {
		return nil
	}
	merged, _ := json.Marshal(merge(d, p))
	return merged
}

func merge(d, p map[string]any) map[string]any {
	for k, pv := range p {
		dm, dIsMap := d[k].(map[string]any)
		pm, pIsMap := pv.(map[string]any)
		if dIsMap && pIsMap {
			d[k] = merge(dm, pm)
		} else {
			d[k] = pv
		}
	}
	return d
}
