package conversion

import "strings"

// groupVersion is an apiVersion split as Kubernetes' schema.ParseGroupVersion
// splits it: "stable.example.com/v1" is {stable.example.com v1}, "v1" is
// {"" v1}, "" and "/" are the zero value.
type groupVersion struct {
	group, version string
}

// parseGroupVersion splits s; ok is false when s has more than one slash,
// which Kubernetes rejects.
func parseGroupVersion(s string) (gv groupVersion, ok bool) {
	if s == "" || s == "/" {
		return groupVersion{}, true
	}
	switch strings.Count(s, "/") {
	case 0:
		return groupVersion{"", s}, true
	case 1:
		g, v, _ := strings.Cut(s, "/")
		return groupVersion{g, v}, true
	}
	return groupVersion{}, false
}

// String prints gv as Kubernetes does: "group/version", or "version" in the
// core group.
func (gv groupVersion) String() string {
	if gv.group != "" {
		return gv.group + "/" + gv.version
	}
	return gv.version
}

// stringField returns obj[k] if it is a string, else "", as Kubernetes'
// unstructured getters do.
func stringField(obj map[string]any, k string) string {
	s, _ := obj[k].(string)
	return s
}

// metadataString returns metadata.<k> of obj if metadata is a map and the
// field a string, else "".
func metadataString(obj map[string]any, k string) string {
	m, _ := obj["metadata"].(map[string]any)
	return stringField(m, k)
}

// objectGVK prints the group, version and kind of obj as Kubernetes prints
// a GroupVersionKind, "stable.example.com/v1, Kind=CronTab". As in
// Unstructured.GroupVersionKind, an apiVersion with two slashes gives the
// zero value, "/, Kind=", and a non-string field counts as empty.
func objectGVK(obj map[string]any) (gv groupVersion, kind string) {
	gv, ok := parseGroupVersion(stringField(obj, "apiVersion"))
	if !ok {
		return groupVersion{}, ""
	}
	return gv, stringField(obj, "kind")
}

// gvkString prints a GroupVersionKind as Kubernetes does.
func gvkString(gv groupVersion, kind string) string {
	return gv.group + "/" + gv.version + ", Kind=" + kind
}
