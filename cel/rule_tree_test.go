package cel

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
)

// walkEvery is walkCEL as it was before ruleTree: it visits every schema.
func walkEvery(s *apiextensions.JSONSchemaProps, path, uncorrelatable string, visit func(s *apiextensions.JSONSchemaProps, path, uncorrelatable string)) {
	if s == nil {
		return
	}
	if s.AdditionalProperties != nil {
		walkEvery(s.AdditionalProperties.Schema, path+".additionalProperties", uncorrelatable, visit)
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		sub := uncorrelatable
		if sub == "" && !schemacel.MapIsCorrelatable(s.XMapType) {
			sub = path
		}
		p := s.Properties[name]
		walkEvery(&p, path+".properties["+name+"]", sub, visit)
	}
	if s.Items != nil {
		sub := uncorrelatable
		if sub == "" && (s.XListType == nil || *s.XListType != "map") {
			sub = path
		}
		walkEvery(s.Items.Schema, path+".items", sub, visit)
		for i := range s.Items.JSONSchemas {
			it := s.Items.JSONSchemas[i]
			walkEvery(&it, path+".items["+strconv.Itoa(i)+"]", sub, visit)
		}
	}
	visit(s, path, uncorrelatable)
}

// randomSchema returns a schema of up to depth levels whose schemas have
// rules now and then, below properties, additionalProperties and items.
func randomSchema(r *rand.Rand, depth int) *apiextensions.JSONSchemaProps {
	s := &apiextensions.JSONSchemaProps{Type: "object"}
	if r.IntN(4) == 0 {
		s.XValidations = apiextensions.ValidationRules{{Rule: "true"}}
	}
	if r.IntN(3) == 0 {
		mapType := "other" // not a type the server knows: uncorrelatable
		s.XMapType = &mapType
	}
	if depth == 0 {
		return s
	}
	for i := range r.IntN(4) {
		if s.Properties == nil {
			s.Properties = map[string]apiextensions.JSONSchemaProps{}
		}
		s.Properties[fmt.Sprint("p", i)] = *randomSchema(r, depth-1)
	}
	switch r.IntN(4) {
	case 0:
		s.AdditionalProperties = &apiextensions.JSONSchemaPropsOrBool{Allows: true, Schema: randomSchema(r, depth-1)}
	case 1:
		s.Items = &apiextensions.JSONSchemaPropsOrArray{Schema: randomSchema(r, depth-1)}
	case 2:
		s.Items = &apiextensions.JSONSchemaPropsOrArray{JSONSchemas: []apiextensions.JSONSchemaProps{*randomSchema(r, depth-1), *randomSchema(r, depth-1)}}
		if r.IntN(2) == 0 {
			listType := "map"
			s.XListType = &listType
		}
	}
	return s
}

// TestWalkCELVisitsRules checks that walkCEL, which leaves out the
// schemas without rules at or below them, visits the schemas with rules
// as a walk of every schema does: the same paths, in the same order, with
// the same uncorrelatable path and a CEL context for each.
func TestWalkCELVisitsRules(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 500 {
		s := randomSchema(r, 5)
		var want, got []string
		walkEvery(s, "root", "", func(s *apiextensions.JSONSchemaProps, path, uncorrelatable string) {
			if len(s.XValidations) > 0 {
				want = append(want, path+" "+uncorrelatable)
			}
		})
		walkCEL(s, "root", "", validation.RootCELContext(s), func(s *apiextensions.JSONSchemaProps, path, uncorrelatable string, ctx *validation.CELSchemaContext) {
			if len(s.XValidations) > 0 {
				if ctx == nil {
					t.Errorf("schema %d, %s: no CEL context", n, path)
				}
				got = append(got, path+" "+uncorrelatable)
			}
		})
		if !slices.Equal(got, want) {
			t.Fatalf("schema %d: walkCEL visits\n%q\nwant\n%q", n, got, want)
		}
	}
}
