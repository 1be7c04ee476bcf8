package main

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// locate returns the line in the object of the field at path, a field path
// of the API server ("spec.versions[0].name") or of encoding/json
// ("spec.versions.name"). When the field is not in the document, as with a
// missing field, it returns the line of the nearest enclosing field that
// is, down to the object itself.
//
// The API server reports some fields at the paths of its internal type;
// they are found at their v1 places: spec.version is versions[0].name, and
// spec.conversion.webhookClientConfig and .conversionReviewVersions are
// under spec.conversion.webhook.
func locate(obj *yaml.Node, path string) int {
	path = v1Path(path)
	line := obj.Line
	n := obj
	for _, step := range splitPath(path) {
		var next *yaml.Node
		if i, err := strconv.Atoi(step); err == nil {
			if n.Kind == yaml.SequenceNode && i >= 0 && i < len(n.Content) {
				next = n.Content[i]
			}
		} else if n.Kind == yaml.MappingNode {
			for k := 0; k+1 < len(n.Content); k += 2 {
				if n.Content[k].Value == step {
					next = n.Content[k+1]
					line = n.Content[k].Line // the key's line
					break
				}
			}
			if next == nil {
				return line
			}
			n = next
			continue
		}
		if next == nil {
			return line
		}
		n, line = next, next.Line
	}
	return line
}

// v1Path rewrites the internal paths of the API server to v1 ones.
func v1Path(path string) string {
	switch {
	case path == "spec.version":
		return "spec.versions[0].name"
	case strings.HasPrefix(path, "spec.conversion.webhookClientConfig"):
		return "spec.conversion.webhook.clientConfig" + strings.TrimPrefix(path, "spec.conversion.webhookClientConfig")
	case strings.HasPrefix(path, "spec.conversion.conversionReviewVersions"):
		return "spec.conversion.webhook.conversionReviewVersions" + strings.TrimPrefix(path, "spec.conversion.conversionReviewVersions")
	}
	return path
}

// splitPath cuts "a.b[2].c" into "a", "b", "2", "c".
func splitPath(path string) []string {
	path = strings.NewReplacer("[", ".", "]", "").Replace(path)
	if path == "" {
		return nil
	}
	return strings.Split(path, ".")
}
