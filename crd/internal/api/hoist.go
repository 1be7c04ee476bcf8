package api

// Hoisting says which per-version fields the API server's conversion to
// its internal type moves to the top level of the spec: those equal in
// every version (nil and empty counting as equal). A field moved up is
// checked once, at spec.validation, spec.subresources,
// spec.additionalPrinterColumns or spec.selectableFields, and no longer
// per version.
type Hoisting struct {
	Schema, Subresources, Columns, SelectableFields bool
}

// Hoist returns what the API server's conversion hoists of versions.
func Hoist(versions []Version) Hoisting {
	if len(versions) == 0 {
		return Hoisting{}
	}
	h := Hoisting{true, true, true, true}
	first := &versions[0]
	for i := range versions[1:] {
		v := &versions[i+1]
		h.Schema = h.Schema && SemanticEqual(v.Schema, first.Schema)
		h.Subresources = h.Subresources && SemanticEqual(v.Subresources, first.Subresources)
		h.Columns = h.Columns && SemanticEqual(v.AdditionalPrinterColumns, first.AdditionalPrinterColumns)
		h.SelectableFields = h.SelectableFields && SemanticEqual(v.SelectableFields, first.SelectableFields)
	}
	return h
}
