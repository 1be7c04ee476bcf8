package crd

// The engines that still walk the wire type share these two readings of
// it; pruning reads the structural model instead (see pruningModel).

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
