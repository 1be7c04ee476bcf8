package cel

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apimachinery/pkg/conversion"
	"k8s.io/apimachinery/pkg/util/validation/field"
	apiservercel "k8s.io/apiserver/pkg/cel"

	"github.com/kubeversion/kubeversion/crd"
)

// Checker judges CEL rules as the API server does; see the package doc.
// It is a crd.CELChecker: give it to crd.Validator. A Checker may be used
// by several goroutines at once. For example:
//
//	v := crd.Validator{CEL: cel.NewChecker()}
//	errs := v.ValidateCreate(c)
type Checker struct {
	release  int // of Kubernetes, 1.release
	compiled compileCache
	suspects suspects
	mu       sync.Mutex
	// converted are the last schemas converted to the server's type:
	// package crd asks DefaultErrors and then CheckCEL of each version's
	// schema, and lint then the Requirements of the CRD's versions.
	converted conversions
	update    *update // the last update seen
}

// NewChecker returns a Checker with the CEL environment of the API server
// of Kubernetes 1.37 (Newest).
func NewChecker() *Checker {
	return &Checker{release: Newest}
}

// CheckCEL returns the errors of the rules of s, as the API server's
// ValidateCustomResourceDefinitionOpenAPISchema and
// validateCustomResourceDefinitionValidation report them.
func (c *Checker) CheckCEL(s *crd.CELSchema) crd.ErrorList {
	if !hasRules(s.Schema) {
		return nil
	}
	schema, err := c.internalSchema(s.Schema)
	if err != nil {
		return crd.ErrorList{{Type: crd.ErrorTypeInternal, Field: s.Field, Detail: "converting the schema: " + err.Error()}}
	}
	w := walker{release: c.release, compiled: &c.compiled, root: s.Field, invalid: s.Invalid, loader: schemacel.NewExpressionsEnvLoader(), digests: digests{}}
	if s.Old != nil {
		if u := c.updateOf(s.CRD, s.Old); u.exprs.rules != nil {
			w.loader = u.exprs
			w.suppressPerExpressionCost = u.unchanged.Has(s.Version)
		}
	}
	root := validation.RootCELContext(schema)
	w.walk(schema, s.Field, "", root)
	if root.TotalCost != nil && root.TotalCost.Total > validation.StaticEstimatedCRDCostLimit {
		for _, expensive := range root.TotalCost.MostExpensive {
			w.forbidden(expensive.Path.String(), "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema")
		}
		w.forbidden(s.Field, costErrorMessage("x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema", root.TotalCost.Total, validation.StaticEstimatedCRDCostLimit))
	}
	return w.errs
}

// hasRules reports whether s or a schema below it that the server builds
// a CEL context for has x-kubernetes-validations rules.
func hasRules(s *crd.JSONSchemaProps) bool {
	return s != nil && anyRule(*s, func(crd.ValidationRule) bool { return true })
}

// anyRule reports whether f is true of a rule of s or of a schema below it
// that the server builds a CEL context for: additionalProperties,
// properties and items. s is passed by value so that the schemas of a map,
// copied, stay on the stack.
func anyRule(s crd.JSONSchemaProps, f func(crd.ValidationRule) bool) bool {
	for _, r := range s.XValidations {
		if f(r) {
			return true
		}
	}
	if a := s.AdditionalProperties; a != nil && a.Schema != nil && anyRule(*a.Schema, f) {
		return true
	}
	for _, p := range s.Properties {
		if anyRule(p, f) {
			return true
		}
	}
	if it := s.Items; it != nil {
		if it.Schema != nil && anyRule(*it.Schema, f) {
			return true
		}
		for _, p := range it.JSONSchemas {
			if anyRule(p, f) {
				return true
			}
		}
	}
	return false
}

// internalSchema returns s in the API server's internal type, converted
// once for the calls about one CRD.
func (c *Checker) internalSchema(s *crd.JSONSchemaProps) (*apiextensions.JSONSchemaProps, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if internal := c.converted.get(s); internal != nil {
		return internal, nil
	}
	internal, err := internalSchema(s)
	if err != nil {
		return nil, err
	}
	c.converted.add(s, internal)
	return internal, nil
}

// internalSchema converts s to the API server's internal type, as the
// server converts the v1 object it decoded: directly (convertSchema), or
// through JSON where only JSON gives the same.
func internalSchema(s *crd.JSONSchemaProps) (*apiextensions.JSONSchemaProps, error) {
	if internal, err := convertSchema(s); err != errSlowPath {
		return internal, err
	}
	return viaV1(s, apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps)
}

// internalCRD converts c to the API server's internal type.
func internalCRD(c *crd.CustomResourceDefinition) (*apiextensions.CustomResourceDefinition, error) {
	return viaV1(c, apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition)
}

// viaV1 converts in, one of package crd's types, to the API server's
// internal type I through its JSON and the v1 type V, as the server reads
// a request and converts it.
func viaV1[V, I any](in any, convert func(*V, *I, conversion.Scope) error) (*I, error) {
	data, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	var v1 V
	if err := json.Unmarshal(data, &v1); err != nil {
		return nil, err
	}
	var out I
	if err := convert(&v1, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// walker walks a schema as ValidateCustomResourceDefinitionOpenAPISchema
// does, with the CEL contexts the server makes, and collects the errors of
// the rules it compiles.
type walker struct {
	release                   int
	compiled                  *compileCache
	root                      string // the root's path
	loader                    schemacel.EnvLoader
	invalid                   func(string) bool
	suppressPerExpressionCost bool
	digests                   digests // of the schemas compiled so far
	errs                      crd.ErrorList
}

// walk visits s at path, and compiles the rules of each schema that has
// a CEL context and is free of keyword errors (see walkCEL).
func (w *walker) walk(s *apiextensions.JSONSchemaProps, path, uncorrelatable string, ctx *validation.CELSchemaContext) {
	walkCEL(s, path, uncorrelatable, ctx, func(s *apiextensions.JSONSchemaProps, path, uncorrelatable string, ctx *validation.CELSchemaContext) {
		if len(s.XValidations) > 0 && ctx != nil && (w.invalid == nil || !w.invalid(path)) {
			w.compile(s, path, uncorrelatable, ctx)
		}
	})
}

// walkCEL calls visit on every schema at or below s, at path, that has
// rules at or below it, as ValidateCustomResourceDefinitionOpenAPISchema
// walks them (additionalProperties, properties, items), each after the
// schemas below it; uncorrelatable is the path of the highest schema
// above that old and new objects cannot be correlated through ("" if
// none); ctx is s's CEL context, nil where the server has none. The
// schemas it leaves out have no rule to compile, and a CEL context
// depends only on those above it, so visit sees what it would see in a
// walk of every schema, in the same order.
func walkCEL(s *apiextensions.JSONSchemaProps, path, uncorrelatable string, ctx *validation.CELSchemaContext, visit func(s *apiextensions.JSONSchemaProps, path, uncorrelatable string, ctx *validation.CELSchemaContext)) {
	walkRules(s, rulesOf(s), path, uncorrelatable, ctx, visit)
}

// walkRules is walkCEL below a schema s whose ruleTree is t.
func walkRules(s *apiextensions.JSONSchemaProps, t *ruleTree, path, uncorrelatable string, ctx *validation.CELSchemaContext, visit func(s *apiextensions.JSONSchemaProps, path, uncorrelatable string, ctx *validation.CELSchemaContext)) {
	if s == nil || t == nil {
		return
	}
	if s.AdditionalProperties != nil && t.additional != nil {
		walkRules(s.AdditionalProperties.Schema, t.additional, path+".additionalProperties", uncorrelatable, ctx.ChildAdditionalPropertiesContext(s.AdditionalProperties.Schema), visit)
	}
	// The server walks properties in map order; the order of sibling
	// errors is the only thing this changes.
	for _, name := range t.propertyNames() {
		sub := uncorrelatable
		if sub == "" && !schemacel.MapIsCorrelatable(s.XMapType) {
			sub = path
		}
		p := s.Properties[name]
		walkRules(&p, t.properties[name], path+".properties["+name+"]", sub, ctx.ChildPropertyContext(&p, name), visit)
	}
	if s.Items != nil {
		sub := uncorrelatable
		if sub == "" && (s.XListType == nil || *s.XListType != "map") {
			sub = path
		}
		if t.items != nil {
			walkRules(s.Items.Schema, t.items, path+".items", sub, ctx.ChildItemsContext(s.Items.Schema), visit)
		}
		for i := range s.Items.JSONSchemas {
			if it := t.item(i); it != nil {
				schema := s.Items.JSONSchemas[i]
				walkRules(&schema, it, path+".items["+strconv.Itoa(i)+"]", sub, ctx.ChildItemsContext(&schema), visit)
			}
		}
	}
	visit(s, path, uncorrelatable, ctx)
}

// compile compiles the rules of s at path and reports their errors, as
// the server does once the schema at and below path is free of errors.
func (w *walker) compile(s *apiextensions.JSONSchemaProps, path, uncorrelatable string, ctx *validation.CELSchemaContext) {
	rules := path + ".x-kubernetes-validations"
	typeInfo, err := ctx.TypeInfo()
	switch {
	case err != nil:
		w.add(crd.ErrorTypeInternal, rules, nil, "internal error: failed to construct type information for x-kubernetes-validations rules: "+err.Error())
		return
	case typeInfo == nil:
		w.add(crd.ErrorTypeInternal, rules, nil, "internal error: failed to retrieve type information for x-kubernetes-validations")
		return
	}
	results, err := w.compiled.compile(s, path == w.root, typeInfo, w.release, w.loader, w.digests)
	if err != nil {
		w.add(crd.ErrorTypeInternal, rules, nil, err.Error())
		return
	}
	for i, cr := range results {
		at := rules + "[" + strconv.Itoa(i) + "]"
		rule := publicRule(s.XValidations[i])
		cost := expressionCost(cr, ctx)
		if !w.suppressPerExpressionCost && cost > validation.StaticEstimatedCostLimit {
			w.forbidden(at+".rule", costErrorMessage("estimated rule cost", cost, validation.StaticEstimatedCostLimit))
		}
		if ctx.TotalCost != nil {
			ctx.TotalCost.ObserveExpressionCost(field.NewPath(at+".rule"), cost)
		}
		if cr.err != nil {
			if cr.err.Type == apiservercel.ErrorTypeRequired {
				w.add(crd.ErrorTypeRequired, at+".rule", "", cr.err.Detail)
			} else {
				w.add(crd.ErrorTypeInvalid, at+".rule", rule, cr.err.Detail)
			}
		}
		if cr.messageErr != nil {
			w.add(crd.ErrorTypeInvalid, at+".messageExpression", rule, cr.messageErr.Detail)
		} else if cr.hasMessage {
			if !w.suppressPerExpressionCost && cr.messageMaxCost > validation.StaticEstimatedCostLimit {
				w.forbidden(at+".messageExpression", costErrorMessage("estimated messageExpression cost", cr.messageMaxCost, validation.StaticEstimatedCostLimit))
			}
			if ctx.TotalCost != nil {
				ctx.TotalCost.ObserveExpressionCost(field.NewPath(at+".messageExpression"), cr.messageMaxCost)
			}
		}
		if cr.usesOldSelf {
			if uncorrelatable != "" {
				w.add(crd.ErrorTypeInvalid, at+".rule", rule.Rule, fmt.Sprintf("oldSelf cannot be used on the uncorrelatable portion of the schema within %v", uncorrelatable))
			}
		} else if rule.OptionalOldSelf != nil {
			w.add(crd.ErrorTypeInvalid, at+".optionalOldSelf", *rule.OptionalOldSelf, "may not be set if oldSelf is not used in rule")
		}
	}
}

func (w *walker) add(t crd.ErrorType, path string, value any, detail string) {
	w.errs = append(w.errs, &crd.Error{Type: t, Field: path, BadValue: value, Detail: detail})
}

func (w *walker) forbidden(path, detail string) {
	w.add(crd.ErrorTypeForbidden, path, "", detail)
}

// publicRule returns r as package crd models it, for printing.
func publicRule(r apiextensions.ValidationRule) crd.ValidationRule {
	out := crd.ValidationRule{Rule: r.Rule, Message: r.Message, MessageExpression: r.MessageExpression, FieldPath: r.FieldPath, OptionalOldSelf: r.OptionalOldSelf}
	if r.Reason != nil {
		reason := string(*r.Reason)
		out.Reason = &reason
	}
	return out
}

// expressionCost is the server's getExpressionCost: the cost of one
// evaluation times the most times the schema can be evaluated.
func expressionCost(cr ruleResult, ctx *validation.CELSchemaContext) uint64 {
	if ctx.MaxCardinality != nil {
		return multiplyWithOverflowGuard(cr.maxCost, *ctx.MaxCardinality)
	}
	return multiplyWithOverflowGuard(cr.maxCost, cr.cardinality)
}

// multiplyWithOverflowGuard is the server's: the product, or
// math.MaxUint when it overflows.
func multiplyWithOverflowGuard(baseCost, cardinality uint64) uint64 {
	if baseCost == 0 {
		return 0
	} else if math.MaxUint/baseCost < cardinality {
		return math.MaxUint
	}
	return baseCost * cardinality
}

// costErrorMessage is the server's getCostErrorMessage.
func costErrorMessage(costName string, expressionCost, costLimit uint64) string {
	exceedFactor := float64(expressionCost) / float64(costLimit)
	var factor string
	switch {
	case exceedFactor > 100.0:
		factor = "more than 100x"
	case exceedFactor < 1.5:
		factor = fmt.Sprintf("%fx", exceedFactor)
	default:
		factor = fmt.Sprintf("%.1fx", exceedFactor)
	}
	return fmt.Sprintf("%s exceeds budget by factor of %s (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)", costName, factor)
}

// DefaultErrors returns the errors of the server's ValidateDefaults on
// s, which runs the rules of each schema with a default on the default
// once its other checks pass; nil when no schema with a default has
// rules at or below it, where the server runs none.
func (c *Checker) DefaultErrors(s *crd.CELSchema) crd.ErrorList {
	if !defaultUnderRules(s.Schema) {
		return nil
	}
	schema, err := c.internalSchema(s.Schema)
	if err != nil {
		return crd.ErrorList{{Type: crd.ErrorTypeInternal, Field: s.Field, Detail: "converting the schema: " + err.Error()}}
	}
	ss, err := structuralschema.NewStructural(schema)
	if err != nil {
		return nil // package crd reports it
	}
	errs, err := structuraldefaulting.ValidateDefaults(context.Background(), field.NewPath(s.Field), ss, true, s.RequirePrunedDefaults)
	if err != nil {
		return crd.ErrorList{{Type: crd.ErrorTypeInvalid, Field: s.Field, BadValue: "", Detail: err.Error()}}
	}
	out := make(crd.ErrorList, len(errs))
	for i, e := range errs {
		value := e.BadValue
		if _, omitted := value.(field.OmitValueType); omitted {
			value = crd.ValueOmitted{}
		}
		out[i] = &crd.Error{Type: crd.ErrorType(e.Type), Field: e.Field, BadValue: value, Detail: e.Detail}
	}
	return out
}

// defaultUnderRules reports whether s or a schema below it has a default
// and rules at or below it, as the server's ValidateDefaults walks it
// (properties and items).
func defaultUnderRules(s *crd.JSONSchemaProps) bool {
	return s != nil && defaultUnder(*s)
}

// defaultUnder is defaultUnderRules of a schema passed by value, as
// anyRule takes it.
func defaultUnder(s crd.JSONSchemaProps) bool {
	if s.Default != nil && hasRules(&s) {
		return true
	}
	for _, p := range s.Properties {
		if defaultUnder(p) {
			return true
		}
	}
	return s.Items != nil && s.Items.Schema != nil && defaultUnder(*s.Items.Schema)
}
