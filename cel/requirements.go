package cel

import (
	"strconv"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"

	"github.com/kubeversion/kubeversion/crd"
)

// Requirements returns the fields of x that API servers older than a
// release reject or drop: those of crd.Requirements, then each rule and
// message expression of x's versions that the environment of Kubernetes
// 1.29 (Oldest) does not compile and a later one does, with the oldest
// release that compiles it and why. For example, a new rule that calls
// isIP needs Kubernetes 1.31:
//
//	spec.versions[0].schema.openAPIV3Schema.x-kubernetes-validations[0].rule: needs Kubernetes 1.31 or later: ...
//
// Releases are judged by their environment for new expressions, in which
// a server compiles every rule of a created CRD and each new rule of an
// updated one, whichever release c judges with. Expressions that no
// release compiles are left to CheckCEL. Only expressions that name a
// function, macro or field name that some release after 1.29 added are
// compiled again (see suspicious), so that the others cost one parse.
func (c *Checker) Requirements(x *crd.CustomResourceDefinition) []crd.Requirement {
	out := crd.Requirements(x)
	for i, v := range x.Spec.Versions {
		if v.Schema == nil || !c.hasSuspicious(v.Schema.OpenAPIV3Schema) {
			continue
		}
		schema, err := c.internalSchema(v.Schema.OpenAPIV3Schema)
		if err != nil {
			continue // CheckCEL reports it
		}
		field := "spec.versions[" + strconv.Itoa(i) + "].schema.openAPIV3Schema"
		r := requirer{c: c, root: field, digests: digests{}}
		r.walk(schema, field, validation.RootCELContext(schema))
		out = append(out, r.found...)
	}
	return out
}

// hasSuspicious reports whether s or a schema below it that the server
// builds a CEL context for has a suspicious rule or message expression:
// the schema needs converting only then.
func (c *Checker) hasSuspicious(s *crd.JSONSchemaProps) bool {
	return s != nil && anyRule(*s, func(r crd.ValidationRule) bool {
		return c.suspicious(r.Rule) || c.suspicious(r.MessageExpression)
	})
}

// requirer finds the requirements of the rules of a schema.
type requirer struct {
	c       *Checker
	root    string
	digests digests // of the schemas compiled so far
	found   []crd.Requirement
}

// walk visits s at path, and the rules of each schema with a CEL context
// (see walkCEL).
func (r *requirer) walk(s *apiextensions.JSONSchemaProps, path string, ctx *validation.CELSchemaContext) {
	walkCEL(s, path, "", ctx, func(s *apiextensions.JSONSchemaProps, path, _ string, ctx *validation.CELSchemaContext) {
		if len(s.XValidations) > 0 && ctx != nil {
			r.rules(s, path, ctx)
		}
	})
}

// rules finds, for each suspicious rule of s, the oldest release whose
// environment compiles it, compiling the rules of s in the environment of
// each release from Oldest on until every suspicious rule compiles.
func (r *requirer) rules(s *apiextensions.JSONSchemaProps, path string, ctx *validation.CELSchemaContext) {
	var pending []int
	for i, rule := range s.XValidations {
		if r.c.suspicious(rule.Rule) || r.c.suspicious(rule.MessageExpression) {
			pending = append(pending, i)
		}
	}
	if len(pending) == 0 {
		return
	}
	typeInfo, err := ctx.TypeInfo()
	if err != nil || typeInfo == nil {
		return // CheckCEL reports it
	}
	var before []ruleResult // the results of the release before
	for minor := Oldest; minor <= Newest && len(pending) > 0; minor++ {
		results, err := r.c.compiled.compile(s, path == r.root, typeInfo, minor, schemacel.NewExpressionsEnvLoader(), r.digests)
		if err != nil {
			return
		}
		left := pending[:0]
		for _, i := range pending {
			switch res := results[i]; {
			case res.err != nil || res.messageErr != nil:
				left = append(left, i)
			case minor > Oldest:
				r.found = append(r.found, requirement(path+".x-kubernetes-validations["+strconv.Itoa(i)+"]", minor, before[i]))
			}
		}
		pending, before = left, results
	}
}

// requirement returns the requirement of the rule at field, which the
// release 1.minor compiles and the one before does not, as that one's
// result says.
func requirement(field string, minor int, before ruleResult) crd.Requirement {
	part, detail := ".rule", ""
	if before.err != nil {
		detail = before.err.Detail
	} else {
		part, detail = ".messageExpression", before.messageErr.Detail
	}
	reason := releaseName(minor) + " added " + added[minor]
	if added[minor] == "" {
		reason = releaseName(minor) + " compiles it"
	}
	return crd.Requirement{
		Field:  field + part,
		Minor:  minor,
		Reason: reason + "; " + releaseName(minor-1) + " says: " + firstError(detail),
	}
}

// firstError returns the first error of a compile error's detail, without
// its "compilation failed: ERROR: <input>:1:2: " prefix, for example
// "undeclared reference to 'isIP'", followed by the container.
func firstError(detail string) string {
	line, _, _ := strings.Cut(detail, "\n")
	if _, rest, ok := strings.Cut(line, "ERROR: <input>:"); ok {
		// rest is "1:2: message"
		if _, msg, ok := strings.Cut(rest, ": "); ok {
			return msg
		}
	}
	return line
}
