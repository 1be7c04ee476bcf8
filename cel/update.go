package cel

import (
	celgo "github.com/google/cel-go/cel"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/cel/environment"

	"github.com/kubeversion/kubeversion/crd"
)

// preexisting is the server's preexistingExpressions: the rules and
// message expressions of the live object, which compile in the
// environment for stored expressions, so that a rule the server accepted
// once keeps compiling after its CEL library changes.
type preexisting struct {
	rules, messageExpressions sets.Set[string]
}

func (pe preexisting) RuleEnv(envSet *environment.EnvSet, expression string) *celgo.Env {
	if pe.rules.Has(expression) {
		return envSet.StoredExpressionsEnv()
	}
	return envSet.NewExpressionsEnv()
}

func (pe preexisting) MessageExpressionEnv(envSet *environment.EnvSet, expression string) *celgo.Env {
	if pe.messageExpressions.Has(expression) {
		return envSet.StoredExpressionsEnv()
	}
	return envSet.NewExpressionsEnv()
}

// findPreexisting is the server's findPreexistingExpressions.
func findPreexisting(spec *apiextensions.CustomResourceDefinitionSpec) preexisting {
	pe := preexisting{rules: sets.New[string](), messageExpressions: sets.New[string]()}
	add := func(s *apiextensions.JSONSchemaProps) bool {
		for _, v := range s.XValidations {
			pe.rules.Insert(v.Rule)
			if len(v.MessageExpression) > 0 {
				pe.messageExpressions.Insert(v.MessageExpression)
			}
		}
		return false
	}
	if spec.Validation != nil && spec.Validation.OpenAPIV3Schema != nil {
		validation.SchemaHas(spec.Validation.OpenAPIV3Schema, add)
	}
	for _, v := range spec.Versions {
		if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
			validation.SchemaHas(v.Schema.OpenAPIV3Schema, add)
		}
	}
	return pe
}

// update is what the server derives once per update from the new object
// and the live one: the expressions of the live object, and the versions
// whose schemas did not change (findVersionsWithUnchangedSchemas). A zero
// exprs means that an object could not be converted.
type update struct {
	crd, old  *crd.CustomResourceDefinition
	exprs     preexisting
	unchanged sets.Set[string]
}

// updateOf returns the update of old by next, derived once for the calls
// about its versions.
func (c *Checker) updateOf(next, old *crd.CustomResourceDefinition) *update {
	c.mu.Lock()
	defer c.mu.Unlock()
	if u := c.update; u != nil && u.crd == next && u.old == old {
		return u
	}
	u := &update{crd: next, old: old}
	c.update = u
	internalNew, err := internalCRD(next)
	if err != nil {
		return u
	}
	internalOld, err := internalCRD(old)
	if err != nil {
		return u
	}
	u.exprs = findPreexisting(&internalOld.Spec)
	u.unchanged = sets.New[string]()
	for _, v := range internalNew.Spec.Versions {
		newSchema, err := apiextensions.GetSchemaForVersion(internalNew, v.Name)
		if err != nil {
			continue
		}
		oldSchema, err := apiextensions.GetSchemaForVersion(internalOld, v.Name)
		if err != nil {
			continue
		}
		if apiequality.Semantic.DeepEqual(newSchema, oldSchema) {
			u.unchanged.Insert(v.Name)
		}
	}
	return u
}
