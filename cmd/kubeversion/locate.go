package main

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// locate returns the line in o's text of the field at path, a field path
// of the API server ("spec.versions[0].name") or one without indices, as
// in decoding errors ("spec.versions.served", found in the first version
// that has the field). When the field is not in the text, as with a
// missing field, it returns the line of the nearest enclosing field that
// is, down to the object itself.
//
// The API server reports some fields at the paths of its internal type;
// they are found at their v1 places: spec.version is versions[0].name;
// spec.conversion.webhookClientConfig and .conversionReviewVersions are
// under spec.conversion.webhook; and spec.validation, spec.subresources,
// spec.additionalPrinterColumns and spec.selectableFields, where the server
// moves what every version shares, are found in the first version.
func locate(o object, path string) int {
	if o.node == nil {
		return o.line
	}
	line := o.node.Line
	n := o.node
	for _, step := range splitPath(v1Path(path)) {
		if n.Kind == yaml.SequenceNode {
			if i, err := strconv.Atoi(step); err == nil {
				if i < 0 || i >= len(n.Content) {
					return line
				}
				n = resolve(n.Content[i])
				line = n.Line
				continue
			}
			n = firstWith(n, step)
			if n == nil {
				return line
			}
		}
		if n.Kind != yaml.MappingNode {
			return line
		}
		var next *yaml.Node
		for k := 0; k+1 < len(n.Content); k += 2 {
			if n.Content[k].Value == step {
				next = resolve(n.Content[k+1])
				line = n.Content[k].Line // the key's line
				break
			}
		}
		if next == nil {
			return line
		}
		n = next
	}
	return line
}

// firstWith returns the first mapping of sequence n that has key, or nil.
func firstWith(n *yaml.Node, key string) *yaml.Node {
	for _, item := range n.Content {
		if item = resolve(item); child(item, key) != nil {
			return item
		}
	}
	return nil
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
	case strings.HasPrefix(path, "spec.validation"):
		return "spec.versions[0].schema" + strings.TrimPrefix(path, "spec.validation")
	}
	for _, shared := range []string{"spec.subresources", "spec.additionalPrinterColumns", "spec.selectableFields"} {
		if strings.HasPrefix(path, shared) {
			return "spec.versions[0]." + strings.TrimPrefix(path, "spec.")
		}
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
