package validation

import (
	"errors"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// maxSelectableFields is the most selectable fields a version may have.
const maxSelectableFields = 8

// validateSelectableFields checks selectable fields (at path) against
// the model of m, as ValidateCustomResourceSelectableFields, after reporting at
// schemaPath a schema that the server cannot convert to its structural
// form. version names the version, "" for the top level, for the
// relaxation of the count on update.
func validateSelectableFields(fields []api.SelectableField, m modeled, schemaPath, path *field.Path, version string, opts options) field.ErrorList {
	var errs field.ErrorList
	schema := m.model
	if m.notStructural != "" {
		errs = append(errs, field.Invalid(schemaPath, "", m.notStructural))
		// The server goes on with no schema, and panics on the first path
		// it looks up; here every path fails to resolve.
		schema = nil
	}
	unique := map[string]bool{}
	for i, f := range fields {
		p := path.Index(i).Child("jsonPath")
		if f.JSONPath == "" {
			errs = append(errs, field.Required(p, ""))
			continue
		}
		fieldPath, root, found, err := lookUpFieldPath(f.JSONPath, schema)
		if err != nil {
			errs = append(errs, field.Invalid(p, f.JSONPath, "is an invalid path: "+err.Error()))
			continue
		}
		if root == "metadata" {
			errs = append(errs, field.Invalid(p, f.JSONPath, "must not point to fields in metadata"))
		}
		if found == nil || (found.Type != "string" && found.Type != "boolean" && found.Type != "integer") {
			errs = append(errs, field.Invalid(p, f.JSONPath, "must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed."))
		}
		if unique[fieldPath] {
			errs = append(errs, field.Duplicate(p, f.JSONPath))
		}
		unique[fieldPath] = true
	}
	if n := len(unique); n > maxSelectableFields && !opts.allowTooManySelectableFields[version] {
		errs = append(errs, field.TooMany(path, n, maxSelectableFields))
	}
	return errs
}

var errNotAField = errors.New("does not refer to a valid field")

// lookUpFieldPath resolves a JSON path such as .spec.a['b'] in the model
// schema, as the server's cel.ValidFieldPath without array notation. It
// returns the path as field.Path prints it, the name of its first step
// when that step is a property, and the schema found. A step through
// additionalProperties without a schema finds none; the server panics if a
// step follows one.
func lookUpFieldPath(jsonPath string, schema *structural.Structural) (path, root string, found *structural.Structural, err error) {
	var b strings.Builder
	steps := 0
	step := func(name string) error {
		if schema == nil {
			return errNotAField
		}
		switch {
		case len(schema.Properties) > 0:
			if steps == 0 {
				root = name
			} else {
				b.WriteByte('.')
			}
			b.WriteString(name)
			if schema = schema.Property(name); schema == nil {
				return errNotAField
			}
		case schema.AdditionalProperties != nil:
			b.WriteString("[" + name + "]")
			schema = schema.AdditionalProperties.Structural
		default:
			return errNotAField
		}
		steps++
		return nil
	}
	tokens := jsonPathTokens(jsonPath)
	for i := 0; i < len(tokens); i++ {
		switch tok := tokens[i]; tok {
		case "[":
			return "", "", nil, errors.New("array notation is not allowed")
		case ".":
			i++
			if i == len(tokens) {
				return "", "", nil, errors.New("unexpected end of JSON path")
			}
			if err := step(tokens[i]); err != nil {
				return "", "", nil, err
			}
		default:
			return "", "", nil, errors.New("expected [ or . but got: " + tok)
		}
	}
	return b.String(), root, schema, nil
}

// jsonPathTokens splits a JSON path as the server's scanner does: the
// delimiters '.', '[' and ']' are tokens of their own; a token that starts
// with a quote runs to the next quote not after a backslash.
func jsonPathTokens(s string) []string {
	var tokens []string
	for s != "" {
		n := len(s)
		if s[0] == '\'' {
			for i := 1; i < len(s); i++ {
				if s[i] == '\'' && s[i-1] != '\\' {
					n = i + 1
					break
				}
			}
		} else if i := strings.IndexAny(s, ".[]"); i == 0 {
			n = 1
		} else if i > 0 {
			n = i
		}
		tokens = append(tokens, s[:n])
		s = s[n:]
	}
	return tokens
}
