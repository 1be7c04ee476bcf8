package server

import (
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
)

// MetadataName returns o's metadata.name, or "".
func MetadataName(o inputs.Object) string {
	meta, _ := o.Fields["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	return name
}

// Plural returns "s" unless n is 1, to write "1 error" and "2 errors".
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// SplitAPIVersion returns the group and version of an apiVersion: "" and
// "v1" for "v1", "example.com" and "v1" for "example.com/v1".
func SplitAPIVersion(apiVersion string) (group, version string) {
	group, version, ok := strings.Cut(apiVersion, "/")
	if !ok {
		return "", apiVersion
	}
	return group, version
}

// GroupKind is the group and kind of an object or a CRD, "" for the core
// group: "example.com/Widget", "/ConfigMap".
func GroupKind(group, kind string) string { return group + "/" + kind }
