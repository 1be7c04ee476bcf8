package crd

// The walks that still read the wire type (the defaults, the value
// validator) share these readings of it; pruning and objectmeta read the
// structural model instead (see pruningModel and newStructural).

// rootResource returns s as the server sees a resource root: an embedded
// resource. s is not changed.
func rootResource(s *JSONSchemaProps) *JSONSchemaProps {
	if s == nil {
		return &JSONSchemaProps{XEmbeddedResource: true}
	}
	if s.XEmbeddedResource {
		return s
	}
	clone := *s
	clone.XEmbeddedResource = true
	return &clone
}

// itemsSchema returns the single items schema of s, or nil.
func itemsSchema(s *JSONSchemaProps) *JSONSchemaProps {
	if s == nil || s.Items == nil {
		return nil
	}
	return s.Items.Schema
}

// metaField reports whether k is one of the fields an embedded resource
// keeps unpruned.
func metaField(k string) bool {
	return k == "apiVersion" || k == "kind" || k == "metadata"
}
