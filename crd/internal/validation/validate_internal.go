package validation

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// internalSpec is spec as the API server validates it: defaulted, and
// converted to the internal type, where fields common to all versions sit
// at the top level and versions[0].name is repeated as version.
type internalSpec struct {
	*api.Spec                              // the original, for what is unchanged
	names            api.Names             // defaulted singular and listKind
	conversion       *api.Conversion       // a missing conversion reads as None
	versions         []api.Version         // copies without the hoisted fields
	version          string                // versions[0].name
	validation       *api.Schema           // hoisted schema
	subresources     *api.Subresources     // hoisted subresources
	columns          []api.PrinterColumn   // hoisted additionalPrinterColumns
	selectableFields []api.SelectableField // hoisted selectableFields
	hoisting         api.Hoisting          // which of the four are hoisted
	// firstOfName maps a version name to the index of its first version,
	// when some version has its own subresources; else it is nil.
	firstOfName map[string]int
}

func newInternalSpec(s *api.Spec) *internalSpec {
	in := &internalSpec{Spec: s, names: s.Names, conversion: s.Conversion}
	if in.names.Singular == "" {
		in.names.Singular = strings.ToLower(in.names.Kind)
	}
	if in.names.ListKind == "" && in.names.Kind != "" {
		in.names.ListKind = in.names.Kind + "List"
	}
	if in.conversion == nil {
		in.conversion = &api.Conversion{Strategy: api.NoneConverter}
	}
	if len(s.Versions) == 0 {
		in.versions = s.Versions
		return in
	}
	in.version = s.Versions[0].Name
	h := api.Hoist(s.Versions)
	in.hoisting = h
	first := &s.Versions[0]
	if h.Schema {
		in.validation = first.Schema
	}
	if h.Subresources {
		in.subresources = first.Subresources
	}
	if h.Columns {
		in.columns = first.AdditionalPrinterColumns
	}
	if h.SelectableFields {
		in.selectableFields = first.SelectableFields
	}
	in.versions = make([]api.Version, len(s.Versions))
	for i, v := range s.Versions {
		if h.Schema {
			v.Schema = nil
		}
		if h.Subresources {
			v.Subresources = nil
		}
		if h.Columns {
			v.AdditionalPrinterColumns = nil
		}
		if h.SelectableFields {
			v.SelectableFields = nil
		}
		in.versions[i] = v
		if v.Subresources != nil && in.firstOfName == nil {
			in.firstOfName = make(map[string]int, len(s.Versions))
		}
	}
	if in.firstOfName != nil {
		for i := len(in.versions) - 1; i >= 0; i-- {
			in.firstOfName[in.versions[i].Name] = i
		}
	}
	return in
}

// topSchema returns spec.validation.openAPIV3Schema, or nil.
func (in *internalSpec) topSchema() *api.JSONSchemaProps {
	if in.validation == nil {
		return nil
	}
	return in.validation.OpenAPIV3Schema
}

// schemas returns every schema of the internal spec: the top-level one
// first, then those of the versions.
func (in *internalSpec) schemas() []*api.JSONSchemaProps {
	var out []*api.JSONSchemaProps
	if s := in.topSchema(); s != nil {
		out = append(out, s)
	}
	for i := range in.versions {
		if v := &in.versions[i]; api.HasSchema(v) {
			out = append(out, v.Schema.OpenAPIV3Schema)
		}
	}
	return out
}

// subresourcesFor returns the subresources that apply to the version at
// index i: the top-level ones unless some version has its own, else those
// of the first version of the same name.
func (in *internalSpec) subresourcesFor(i int) *api.Subresources {
	if in.firstOfName == nil {
		return in.subresources
	}
	return in.versions[in.firstOfName[in.versions[i].Name]].Subresources
}

// anyStatusEnabled reports whether the status subresource is enabled at
// the top level or in some version.
func (in *internalSpec) anyStatusEnabled() bool {
	if in.subresources != nil && in.subresources.Status != nil {
		return true
	}
	for i := range in.versions {
		if s := in.versions[i].Subresources; s != nil && s.Status != nil {
			return true
		}
	}
	return false
}
