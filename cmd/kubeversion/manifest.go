package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd"
	"go.yaml.in/yaml/v3"
)

// object is one Kubernetes object of a manifest: a YAML or JSON document,
// or an item of a List.
type object struct {
	file string
	node *yaml.Node // a mapping
}

// line returns the line where the object starts.
func (o object) line() int { return o.node.Line }

// problem is input that could not be read: file:line: message.
type problem struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"` // 0 when the problem is not in the text, as for I/O errors
	Message string `json:"message"`
}

// String returns "file:line: message", or "file: message" without a line.
func (p problem) String() string {
	if p.Line == 0 {
		return p.File + ": " + p.Message
	}
	return p.File + ":" + strconv.Itoa(p.Line) + ": " + p.Message
}

// readObjects parses data as a stream of YAML documents (JSON is YAML) and
// returns the objects in it, Lists flattened. Empty documents are skipped.
// On malformed input it returns the objects before the error and the
// error, located; the rest of the stream is not read, since a YAML parser
// cannot tell where a broken document ends.
func readObjects(file string, data []byte) ([]object, *problem) {
	var objects []object
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return objects, nil
		}
		if err != nil {
			return objects, yamlProblem(file, err)
		}
		if len(doc.Content) == 0 {
			continue
		}
		root := doc.Content[0]
		if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
			continue // an empty document, such as a trailing "---"
		}
		if root.Kind != yaml.MappingNode {
			return objects, &problem{file, root.Line, "a Kubernetes object must be a mapping, not " + kindName(root)}
		}
		objects = append(objects, flatten(file, root)...)
	}
}

// flatten returns the object, or the items of a List.
func flatten(file string, root *yaml.Node) []object {
	if scalar(root, "kind") != "List" {
		return []object{{file, root}}
	}
	var out []object
	if items := child(root, "items"); items != nil && items.Kind == yaml.SequenceNode {
		for _, item := range items.Content {
			if item.Kind == yaml.MappingNode {
				out = append(out, flatten(file, item)...)
			}
		}
	}
	return out
}

// isCRD reports whether o is a CustomResourceDefinition, of any version.
func (o object) isCRD() bool {
	return scalar(o.node, "kind") == "CustomResourceDefinition" &&
		strings.HasPrefix(scalar(o.node, "apiVersion"), "apiextensions.k8s.io/")
}

// decode reads o as an apiextensions.k8s.io/v1 CustomResourceDefinition.
// Values of the wrong type (served: "yes") are malformed input, as they are
// for the API server's decoder.
func (o object) decode() (*crd.CustomResourceDefinition, *problem) {
	if v := scalar(o.node, "apiVersion"); v != "apiextensions.k8s.io/v1" {
		return nil, &problem{o.file, o.line(), fmt.Sprintf("apiVersion %q is not checked: the API server serves CustomResourceDefinitions only as apiextensions.k8s.io/v1 since Kubernetes 1.22", v)}
	}
	var v any
	if err := o.node.Decode(&v); err != nil {
		return nil, yamlProblem(o.file, err)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil, &problem{o.file, o.line(), "not representable as JSON: " + err.Error()}
	}
	var c crd.CustomResourceDefinition
	if err := json.Unmarshal(data, &c); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return nil, &problem{o.file, locate(o.node, typeErr.Field), fmt.Sprintf("%s: cannot read a %s as %s", typeErr.Field, typeErr.Value, typeErr.Type)}
		}
		return nil, &problem{o.file, o.line(), err.Error()}
	}
	return &c, nil
}

var yamlLine = regexp.MustCompile(`^yaml: (?:line (\d+): )?`)

// yamlProblem locates an error of the YAML parser, whose messages read
// "yaml: line N: message".
func yamlProblem(file string, err error) *problem {
	msg := err.Error()
	line := 1
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		if m[1] != "" {
			line, _ = strconv.Atoi(m[1])
		}
		msg = msg[len(m[0]):]
	}
	return &problem{file, line, msg}
}

// child returns the value of key in mapping n, or nil.
func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// scalar returns the value of key in mapping n when it is a scalar, or "".
func scalar(n *yaml.Node, key string) string {
	if v := child(n, key); v != nil && v.Kind == yaml.ScalarNode {
		return v.Value
	}
	return ""
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return "a scalar"
	}
	return "an alias"
}
