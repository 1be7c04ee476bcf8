package structural

// ResourceRoot returns s as the API server reads the root of a resource,
// an embedded resource, as its pruning and objectmeta packages do with
// isResourceRoot: s itself when it is one, else a shallow copy that is;
// s is not changed. A nil s is the empty schema: {x-kubernetes-embedded-resource: true}.
func ResourceRoot(s *Structural) *Structural {
	if s == nil {
		return &Structural{Extensions: Extensions{XEmbeddedResource: true}}
	}
	if s.XEmbeddedResource {
		return s
	}
	clone := *s
	clone.XEmbeddedResource = true
	return &clone
}
