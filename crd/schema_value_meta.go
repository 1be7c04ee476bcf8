package crd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/names"
)

// coerceObjectMeta is the API server's objectmeta.Coerce for a default:
// it walks x by s and, in every embedded resource (and at the root when
// isResourceRoot), checks that apiVersion and kind are strings and that
// metadata reads as an ObjectMeta, which it then rewrites as the server
// writes it back (unknown and empty fields dropped). It returns the first
// error, at its path below field, visiting fields in sorted order.
func coerceObjectMeta(field string, x any, s *JSONSchemaProps, isResourceRoot bool) *Error {
	if isResourceRoot {
		s = rootResource(s)
	}
	return coerceMeta(field, x, s)
}

func coerceMeta(path string, x any, s *JSONSchemaProps) *Error {
	if s == nil {
		return nil
	}
	switch x := x.(type) {
	case map[string]any:
		for _, k := range sortedKeys(x) {
			v := x[k]
			if s.XEmbeddedResource {
				switch k {
				case "apiVersion", "kind":
					if _, ok := v.(string); !ok {
						return invalid(childPath(path, k), v, "must be a string")
					}
				case "metadata":
					meta, err := readObjectMeta(v)
					if err != "" {
						return invalid(childPath(path, "metadata"), v, err)
					}
					x["metadata"] = meta.normalized
				}
			}
			if p, ok := s.Properties[k]; ok {
				if err := coerceMeta(childPath(path, k), v, &p); err != nil {
					return err
				}
			} else if s.AdditionalProperties != nil {
				if err := coerceMeta(path+"["+k+"]", v, s.AdditionalProperties.Schema); err != nil {
					return err
				}
			}
		}
	case []any:
		for i, v := range x {
			if err := coerceMeta(path+"["+strconv.Itoa(i)+"]", v, itemsSchema(s)); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkObjectMeta is the API server's objectmeta.Validate for a default:
// in every embedded resource (and at the root when isResourceRoot),
// apiVersion and kind are required, non-empty strings, apiVersion a
// group/version and kind a DNS-1035 label in any case, and metadata valid
// on create (a missing name is not an error).
func checkObjectMeta(field string, x any, s *JSONSchemaProps, isResourceRoot bool) ErrorList {
	if isResourceRoot {
		s = rootResource(s)
	}
	return checkMeta(field, x, s)
}

func checkMeta(path string, x any, s *JSONSchemaProps) ErrorList {
	if s == nil {
		return nil
	}
	var errs ErrorList
	switch x := x.(type) {
	case map[string]any:
		if s.XEmbeddedResource {
			errs = append(errs, checkTypeAndObjectMeta(path, x)...)
		}
		for _, k := range sortedKeys(x) {
			if p, ok := s.Properties[k]; ok {
				errs = append(errs, checkMeta(childPath(path, k), x[k], &p)...)
			} else if s.AdditionalProperties != nil {
				errs = append(errs, checkMeta(path+"["+k+"]", x[k], s.AdditionalProperties.Schema)...)
			}
		}
	case []any:
		for i, v := range x {
			errs = append(errs, checkMeta(path+"["+strconv.Itoa(i)+"]", v, itemsSchema(s))...)
		}
	}
	return errs
}

// checkTypeAndObjectMeta is validateEmbeddedResource.
func checkTypeAndObjectMeta(path string, x map[string]any) ErrorList {
	var errs ErrorList
	if _, ok := x["apiVersion"]; !ok {
		errs = append(errs, required(childPath(path, "apiVersion"), ""))
	}
	if _, ok := x["kind"]; !ok {
		errs = append(errs, required(childPath(path, "kind"), ""))
	}
	if v, ok := x["apiVersion"]; ok {
		p := childPath(path, "apiVersion")
		s, isString := v.(string)
		switch {
		case !isString:
			errs = append(errs, invalid(p, v, "must be a string"))
		case s == "":
			errs = append(errs, invalid(p, s, "must not be empty"))
		case strings.Count(s, "/") > 1:
			errs = append(errs, invalid(p, s, "unexpected GroupVersion string: "+s))
		}
	}
	if v, ok := x["kind"]; ok {
		p := childPath(path, "kind")
		s, isString := v.(string)
		switch {
		case !isString:
			errs = append(errs, invalid(p, v, "must be a string"))
		case s == "":
			errs = append(errs, invalid(p, s, "must not be empty"))
		default:
			if msgs := IsDNS1035Label(strings.ToLower(s)); len(msgs) > 0 {
				errs = append(errs, invalid(p, s, "may have mixed case, but should otherwise match: "+strings.Join(msgs, ",")))
			}
		}
	}
	if v, ok := x["metadata"]; ok {
		p := childPath(path, "metadata")
		meta, err := readObjectMeta(v)
		if err != "" {
			errs = append(errs, invalid(p, v, err))
		} else {
			errs = append(errs, meta.validate(p)...)
		}
	}
	return errs
}

// childPath is field.Path.Child: k below path, or k alone at the root.
func childPath(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// validate checks the metadata of an embedded resource on create, as
// ValidateObjectMeta with a path-segment name check: the name ("fakename"
// when empty, so never required), generateName, namespace, generation,
// labels, annotations, owner references, finalizers and managed fields.
// Unlike the top-level metadata, repeated errors are all kept.
func (m objectMeta) validate(path string) ErrorList {
	var errs ErrorList
	if m.generateName != "" {
		for _, msg := range pathSegmentErrors(m.generateName, true) {
			errs = append(errs, invalid(path+".generateName", m.generateName, msg))
		}
	}
	name := m.name
	if name == "" {
		name = "fakename"
	}
	for _, msg := range pathSegmentErrors(name, false) {
		errs = append(errs, invalid(path+".name", name, msg))
	}
	if m.namespace != "" {
		for _, msg := range dns1123LabelErrors(m.namespace) {
			errs = append(errs, invalid(path+".namespace", m.namespace, msg))
		}
	}
	if m.generation < 0 {
		errs = append(errs, invalid(path+".generation", m.generation, "must be greater than or equal to 0"))
	}
	errs = append(errs, ValidateLabels(path+".labels", m.labels)...)
	errs = append(errs, ValidateAnnotations(path+".annotations", m.annotations)...)
	errs = append(errs, validateOwnerReferences(path+".ownerReferences", m.ownerReferences())...)
	errs = append(errs, validateFinalizers(path+".finalizers", m.finalizers())...)
	return append(errs, validateManagedFields(path+".managedFields", m.managedFields())...)
}

// pathSegmentErrors is content.IsPathSegmentName (or, for a prefix,
// IsPathSegmentPrefix).
func pathSegmentErrors(name string, prefix bool) []string {
	var msgs []string
	if !prefix && (name == "." || name == "..") {
		msgs = append(msgs, fmt.Sprintf("may not be '%s'", name))
	}
	for _, c := range []string{"/", "%"} {
		if strings.Contains(name, c) {
			msgs = append(msgs, fmt.Sprintf("may not contain '%s'", c))
		}
	}
	return msgs
}

// dns1123LabelErrors is content.IsDNS1123Label's messages.
func dns1123LabelErrors(s string) []string {
	var msgs []string
	if len(s) > 63 {
		msgs = append(msgs, "must be no more than 63 characters")
	}
	switch {
	case names.IsDNS1123Label(s):
	case names.IsDNS1123Subdomain(s):
		// A valid subdomain that is not a label has dots.
		msgs = append(msgs, "must not contain dots")
	default:
		msgs = append(msgs, "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', "+
			"and must start and end with an alphanumeric character "+
			"(e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')")
	}
	return msgs
}
