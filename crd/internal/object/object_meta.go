package object

// The metadata of a custom resource, read and written as the API server's
// Unstructured accessors do, once the metadata is coerced (a map of the
// known fields, as the server writes them).

// metaMap returns obj's metadata, or nil if it has none.
func metaMap(obj map[string]any) map[string]any {
	m, _ := obj["metadata"].(map[string]any)
	return m
}

// metaString returns the string field k of obj's metadata, or "".
func metaString(obj map[string]any, k string) string {
	s, _ := metaMap(obj)[k].(string)
	return s
}

// setMeta sets the field k of obj's metadata to v, creating the metadata
// if obj has none, as the server's setters do.
func setMeta(obj map[string]any, k string, v any) {
	m := metaMap(obj)
	if m == nil {
		m = map[string]any{}
		obj["metadata"] = m
	}
	m[k] = v
}

// setMetaString sets the string field k, or removes it when s is empty,
// as the server's setters of name, namespace and uid do.
func setMetaString(obj map[string]any, k, s string) {
	if s == "" {
		delete(metaMap(obj), k)
		return
	}
	setMeta(obj, k, s)
}

// metaGeneration returns the generation in obj's metadata, or 0.
func metaGeneration(obj map[string]any) int64 {
	g, _ := metaMap(obj)["generation"].(int64)
	return g
}

// zeroTime is how a zero metav1.Time reads; such a timestamp counts as
// absent.
const zeroTime = "0001-01-01T00:00:00Z"

// objectTime returns the timestamp k of obj's metadata, or "" when absent
// or zero.
func objectTime(obj map[string]any, k string) string {
	if t := metaString(obj, k); t != zeroTime {
		return t
	}
	return ""
}

// wipeSystemFields is rest.WipeObjectMetaSystemFields: what a client may
// not set on create.
func wipeSystemFields(obj map[string]any) {
	m := metaMap(obj)
	for _, k := range [...]string{"creationTimestamp", "uid", "deletionTimestamp", "deletionGracePeriodSeconds", "selfLink"} {
		delete(m, k)
	}
}

// keepSystemFields is what rest.BeforeUpdate keeps of old's metadata in
// obj's: the uid when obj has none, the creation and deletion
// timestamps, and the deletion grace period when obj has none.
func keepSystemFields(obj, old map[string]any) {
	if metaString(obj, "uid") == "" {
		setMetaString(obj, "uid", metaString(old, "uid"))
	}
	for _, k := range [...]string{"creationTimestamp", "deletionTimestamp"} {
		if t := objectTime(old, k); t != "" {
			setMeta(obj, k, t)
		}
	}
	if g, ok := metaMap(old)["deletionGracePeriodSeconds"]; ok {
		if _, has := metaMap(obj)["deletionGracePeriodSeconds"]; !has {
			setMeta(obj, "deletionGracePeriodSeconds", g)
		}
	}
}

// placeNamespace is rest.EnsureObjectNamespaceMatchesRequestNamespace for
// a request whose namespace is ns ("" for a cluster-scoped resource): an
// object without a namespace gets ns, a cluster-scoped one loses its own,
// and another namespace than ns is the error.
func placeNamespace(obj map[string]any, ns string) error {
	switch have := metaString(obj, "namespace"); {
	case have == ns:
	case have == "":
		setMetaString(obj, "namespace", ns)
	case ns == "":
		setMetaString(obj, "namespace", "")
	default:
		return errNamespaceMismatch
	}
	return nil
}
