package main

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"

	"go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"
)

// object is one Kubernetes object of a manifest: a YAML or JSON document,
// or an item of a list.
type object struct {
	file   string
	line   int            // where the object starts
	fields map[string]any // the object as kubectl reads it
	node   *yaml.Node     // its mapping in the text, for lines; nil if not found
}

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

// readObjects returns the objects of a manifest as `kubectl apply` reads
// them: documents cut by [splitDocuments], YAML read by sigs.k8s.io/yaml
// (YAML 1.1, so `yes`, `on` and `no` are booleans; of duplicate keys the
// last one counts, silently), JSON numbers read as int64 or float64, empty
// documents skipped, lists unpacked. On malformed input it returns the
// objects before the error and the error, located; the rest of the file is
// not read, as kubectl stops there too.
func readObjects(file string, data []byte) ([]object, *problem) {
	docs, splitProblem := splitDocuments(file, data)
	var objects []object
	for _, d := range docs {
		v, p := readDocument(file, d)
		if p != nil {
			return objects, p
		}
		if v == nil {
			continue // an empty document, or only comments
		}
		fields, ok := v.(map[string]any)
		if !ok {
			return objects, &problem{file, d.line, "a Kubernetes object must be a mapping, not " + typeName(v)}
		}
		var node *yaml.Node
		if _, isList := fields["items"]; isList || fields["kind"] == "CustomResourceDefinition" {
			node = textNode(d) // only lint's objects need lines: a second parse costs
		}
		objects, p = appendObjects(objects, object{file, lineOf(node, d.firstLine()), fields, node})
		if p != nil {
			return objects, p
		}
	}
	return objects, splitProblem
}

// readDocument returns the value of a document as kubectl reads it, or nil
// for an empty one.
func readDocument(file string, d document) (any, *problem) {
	text := d.text
	if !d.json {
		j, err := sigsyaml.YAMLToJSON(text)
		if err != nil {
			return nil, yamlProblem(file, d, err)
		}
		text = j
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, &problem{file, d.line, "json: " + err.Error()}
	}
	v, err := kubectlNumbers(v)
	if err != nil {
		return nil, &problem{file, d.line, err.Error()}
	}
	return v, nil
}

// kubectlNumbers turns the json.Numbers of v into int64 where they fit,
// else float64, as k8s.io/apimachinery/pkg/util/json does for kubectl: 1.0
// stays 1.0 and is sent as 1, 1e400 is an error.
func kubectlNumbers(v any) (any, error) {
	var err error
	switch v := v.(type) {
	case json.Number:
		if i, e := v.Int64(); e == nil {
			return i, nil
		}
		return v.Float64()
	case map[string]any:
		for k, e := range v {
			if v[k], err = kubectlNumbers(e); err != nil {
				return nil, err
			}
		}
	case []any:
		for i, e := range v {
			if v[i], err = kubectlNumbers(e); err != nil {
				return nil, err
			}
		}
	}
	return v, nil
}

// appendObjects appends o, or the items of o when it is a list: as for
// kubectl's unstructured decoding, any object with an "items" field is a
// list, and items without kind and apiVersion take the list's apiVersion
// and its kind less "List" (the items of a CustomResourceDefinitionList are
// CustomResourceDefinitions). Lists in lists are unpacked too, in file
// order.
func appendObjects(out []object, o object) ([]object, *problem) {
	raw, isList := o.fields["items"]
	if !isList {
		return append(out, o), nil
	}
	itemsNode := child(o.node, "items")
	items, ok := raw.([]any)
	if !ok && raw != nil {
		return out, &problem{o.file, lineOf(itemsNode, o.line), "items: must be a list of objects, not " + typeName(raw)}
	}
	apiVersion, kind := o.str("apiVersion"), o.str("kind")
	for i, raw := range items {
		var node *yaml.Node
		if itemsNode != nil && itemsNode.Kind == yaml.SequenceNode && i < len(itemsNode.Content) {
			node = resolve(itemsNode.Content[i])
		}
		item := object{o.file, lineOf(node, o.line), nil, node}
		if item.fields, ok = raw.(map[string]any); !ok {
			return out, &problem{o.file, item.line, "items[" + strconv.Itoa(i) + "]: must be an object, not " + typeName(raw)}
		}
		if item.str("kind") == "" && item.str("apiVersion") == "" {
			item.fields["kind"] = trimList(kind)
			item.fields["apiVersion"] = apiVersion
		}
		var p *problem
		if out, p = appendObjects(out, item); p != nil {
			return out, p
		}
	}
	return out, nil
}

func trimList(kind string) string {
	if len(kind) >= 4 && kind[len(kind)-4:] == "List" {
		return kind[:len(kind)-4]
	}
	return kind
}

// str returns the string field key of o, or "".
func (o object) str(key string) string {
	s, _ := o.fields[key].(string)
	return s
}

// json returns o as kubectl sends it to the API server: JSON with the keys
// in byte order.
func (o object) json() ([]byte, error) {
	return json.Marshal(o.fields)
}

// textNode returns the mapping of a document in its text, with lines of
// the file, or nil when go.yaml.in/yaml/v3 does not read the text as
// sigs.k8s.io/yaml does (the node only serves to find lines).
func textNode(d document) *yaml.Node {
	var doc yaml.Node
	if err := yaml.Unmarshal(d.text, &doc); err != nil || len(doc.Content) == 0 {
		return nil
	}
	root := resolve(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil
	}
	shiftLines(root, d.line-1)
	return root
}

// shiftLines adds delta to the line of n and of every node under it. An
// alias has no content, so each node is shifted once.
func shiftLines(n *yaml.Node, delta int) {
	n.Line += delta
	for _, c := range n.Content {
		shiftLines(c, delta)
	}
}

var yamlLine = regexp.MustCompile(`^yaml: (?:line (\d+): )?`)

// parserProblems are the messages of go.yaml.in/yaml/v2's parser, as
// opposed to its scanner. It prints the line of a parser error counted
// from 0, and of a scanner error from 1 (see its decode.go, parser.fail).
var parserProblems = []string{
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"did not find expected '-' indicator",
	"did not find expected <document start>",
	"did not find expected key",
	"did not find expected node content",
	"found duplicate %TAG directive",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found undefined tag handle",
}

// yamlProblem locates an error of sigs.k8s.io/yaml in document d. Its
// messages read "yaml: line N: message", with N a line of d counted from 1
// or, for parser errors, from 0. The line reported is the line of the file,
// at most d's last line (an error at the end of the text is on its last
// line); errors without a line are placed at d's first line.
func yamlProblem(file string, d document, err error) *problem {
	msg := err.Error()
	line := d.line
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		msg = msg[len(m[0]):]
		if n, err := strconv.Atoi(m[1]); err == nil {
			if slices.Contains(parserProblems, msg) {
				n++
			}
			last := d.line + max(bytes.Count(d.text, []byte("\n")), 1) - 1
			line = min(d.line+n-1, last)
		}
	}
	return &problem{file, line, msg}
}

// firstLine returns the first line of d that is not blank or a comment:
// where its object starts.
func (d document) firstLine() int {
	text := d.text
	for n := d.line; len(text) > 0; n++ {
		line, rest, _ := bytes.Cut(text, []byte("\n"))
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return n
		}
		text = rest
	}
	return d.line
}

// resolve returns the node an alias stands for, or n.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// child returns the value of key in mapping n, or nil.
func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return resolve(n.Content[i+1])
		}
	}
	return nil
}

// lineOf returns the line of n, or def when n is nil.
func lineOf(n *yaml.Node, def int) int {
	if n == nil {
		return def
	}
	return n.Line
}

func typeName(v any) string {
	switch v.(type) {
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	case nil:
		return "null"
	}
	return "a scalar"
}
