package cel

import (
	"slices"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
)

// ruleTree says where the rules of a schema are, for walkCEL: it is nil
// for a schema with no rule at or below it, where walkCEL has nothing to
// visit, and otherwise holds the trees of the schemas below it that
// walkCEL walks. Most of a CRD's schema has no rule: walking all of it,
// with a CEL context and a path for every schema, was 3% of lint's CPU.
type ruleTree struct {
	additional, items *ruleTree
	properties        map[string]*ruleTree
	itemList          []*ruleTree // of Items.JSONSchemas, by index
}

// rulesOf returns the ruleTree of s, walking s once.
func rulesOf(s *apiextensions.JSONSchemaProps) *ruleTree {
	if s == nil {
		return nil
	}
	var t ruleTree
	found := len(s.XValidations) > 0
	if s.AdditionalProperties != nil {
		t.additional = rulesOf(s.AdditionalProperties.Schema)
		found = found || t.additional != nil
	}
	for name, p := range s.Properties {
		if sub := rulesOf(&p); sub != nil {
			if t.properties == nil {
				t.properties = map[string]*ruleTree{}
			}
			t.properties[name] = sub
			found = true
		}
	}
	if s.Items != nil {
		t.items = rulesOf(s.Items.Schema)
		found = found || t.items != nil
		for i := range s.Items.JSONSchemas {
			if sub := rulesOf(&s.Items.JSONSchemas[i]); sub != nil {
				if t.itemList == nil {
					t.itemList = make([]*ruleTree, len(s.Items.JSONSchemas))
				}
				t.itemList[i] = sub
				found = true
			}
		}
	}
	if !found {
		return nil
	}
	return &t
}

// propertyNames returns the names of the properties of t's schema that
// have rules at or below them, sorted.
func (t *ruleTree) propertyNames() []string {
	names := make([]string, 0, len(t.properties))
	for name := range t.properties {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// item returns the tree of the ith schema of Items.JSONSchemas.
func (t *ruleTree) item(i int) *ruleTree {
	if t.itemList == nil {
		return nil
	}
	return t.itemList[i]
}
