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

// unchanged reports whether version's schema is the same in c and old, as
// the server's findVersionsWithUnchangedSchemas decides it.
func unchanged(c *crd.CustomResourceDefinition, old *apiextensions.CustomResourceDefinition, version string) bool {
	internal, err := internalCRD(c)
	if err != nil {
		return false
	}
	newSchema, err := apiextensions.GetSchemaForVersion(internal, version)
	if err != nil {
		return false
	}
	oldSchema, err := apiextensions.GetSchemaForVersion(old, version)
	if err != nil {
		return false
	}
	return apiequality.Semantic.DeepEqual(newSchema, oldSchema)
}
