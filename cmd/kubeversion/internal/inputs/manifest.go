package inputs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/blockyaml"
	"go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"
)

// Object is one Kubernetes object of a manifest: a YAML or JSON document,
// or an item of a list.
type Object struct {
	File   string
	Line   int            // where the object starts
	Fields map[string]any // the object as kubectl reads it
	Node   *yaml.Node     // its mapping in the text, for lines; nil if not found
	// text, when set, is the document node is parsed from when first
	// needed (see [Object.textNode]); it is valid only while the object
	// is yielded.
	text *lazyNode
	// versionLines are the lines of spec.versions[i].name, one per
	// version, when the reader found them; nil otherwise.
	versionLines []int
	// outline is the shape of the object's text, with lines of the file,
	// when package blockyaml read it: a [Locator] walks it rather than
	// parse the text again.
	outline *blockyaml.Outline
	// Warnings are what kubectl or the cluster would warn of the object as
	// a whole: its size (see sizeCheck).
	Warnings []string
	// json is Fields as JSON when ReadStream wrote it to measure the
	// object, for [Object.JSON]; nil otherwise. [Object.SetFields] drops
	// it with the fields it is of.
	json []byte
	// src is the document the object was read from, valid while it is
	// yielded, and item its index among the document's objects: what a
	// [Spool] keeps, to read the object again.
	src  *document
	item int
}

// SetFields replaces o's fields with fields, and drops what was kept of
// the old ones.
func (o *Object) SetFields(fields map[string]any) {
	o.Fields, o.json = fields, nil
}

// Problem is input that could not be read: file:line: message.
type Problem struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"` // 0 when the problem is not in the text, as for I/O errors
	Message string `json:"message"`
}

// String returns "file:line: message", or "file: message" without a line.
func (p Problem) String() string {
	if p.Line == 0 {
		return p.File + ": " + p.Message
	}
	return p.File + ":" + strconv.Itoa(p.Line) + ": " + p.Message
}

// ReadObjects returns the objects of a manifest, as [ReadStream] reads
// them, and the problem that ends them if any.
func ReadObjects(file string, data []byte) ([]Object, *Problem) {
	var objects []Object
	p := ReadStream(file, bytes.NewReader(data), func(o Object) bool {
		o.Node, o.text, o.src = o.textNode(), nil, nil // the text is not kept
		objects = append(objects, o)
		return true
	})
	return objects, p
}

// ReadStream calls yield with each object of the manifest stream r, until
// it returns false, as `kubectl apply` reads them: documents cut by
// [splitStream], YAML read by sigs.k8s.io/yaml (YAML 1.1, so `yes`, `on`
// and `no` are booleans; of duplicate keys the last one counts, silently),
// JSON numbers read as int64 or float64, empty documents skipped, lists
// unpacked. It reads one document at a time, so that memory is that of the
// largest document, not of the stream. On malformed input, or a document
// whose aliases expand too far (see [checkAliases]), it returns the error,
// located, after the objects before it; the rest of the stream is not
// read, as kubectl stops there too. An object over the API server's 3 MiB
// (see [sizeCheck]) is left out, and the stream goes on, since the server
// refuses that object alone: its problem, the first of them, comes at the
// end.
func ReadStream(file string, r io.Reader, yield func(Object) bool) *Problem {
	var p, refused *Problem
	more := 0 // objects refused after the first
	splitProblem := splitStream(file, r, func(d document) bool {
		var objects []Object
		objects, p = documentObjects(file, d)
		// Only a document with aliases, or over 40 KiB, may be over 256 KiB
		// of JSON: JSON is at most 6 times YAML or JSON text ("<" is
		// "\u003c").
		measure := len(d.text) > 40<<10 || bytes.IndexByte(d.text, '*') >= 0
		src := &d
		sizeHint := 0
		if len(objects) == 1 {
			sizeHint = len(d.text)
		}
		for i, o := range objects {
			objects[i] = Object{} // yield may drop what it no longer needs
			o.src, o.item = src, i
			if measure {
				sp, w := sizeCheck(&o, sizeHint)
				if sp != nil {
					// The server refuses this object alone: kubectl apply
					// goes on with the others, and so does the stream.
					if refused == nil {
						refused = sp
					} else {
						more++
					}
					continue
				}
				if w != "" {
					o.Warnings = append(o.Warnings, w)
				}
			}
			if !yield(o) {
				return false
			}
		}
		return p == nil
	})
	switch {
	case p != nil:
		return p
	case splitProblem != nil:
		return splitProblem
	case refused != nil && more > 0:
		refused.Message += fmt.Sprintf(" (objects of %s over 3 MiB after it: %d more)", file, more)
	}
	return refused
}

// documentObjects returns the objects of one document: none for an empty
// one, the object, or the items of a list. A YAML document within the
// subset package blockyaml reads is read by it, the others by
// sigs.k8s.io/yaml: the two read the same text alike.
func documentObjects(file string, d document) ([]Object, *Problem) {
	if !d.json {
		var fields map[string]any
		var lines []int
		var outline *blockyaml.Outline
		var ok bool
		if bytes.Contains(d.text, crdKind) {
			fields, lines, outline, ok = blockyaml.ReadOutlined(d.text, versionNamePath)
		} else {
			fields, lines, ok = blockyaml.Read(d.text, versionNamePath)
		}
		if ok {
			if fields == nil {
				return nil, nil
			}
			return newObject(file, d, fields, nil, lines, outline)
		}
	}
	doc, p := checkAliases(file, d)
	if p != nil {
		return nil, p
	}
	v, p := readDocument(file, d)
	if p != nil || v == nil { // an error, or an empty document, or only comments
		return nil, p
	}
	fields, ok := v.(map[string]any)
	if !ok {
		return nil, &Problem{file, d.line, "a Kubernetes object must be a mapping, not " + typeName(v)}
	}
	return newObject(file, d, fields, doc, nil, nil)
}

// crdKind is in the text of every CRD that package blockyaml reads: its
// outline is recorded then, since lint locates most CRDs' findings, and
// recording it for every object cost validate 4% of its CPU time on
// Deployments, Services and ConfigMaps, which need lines only when
// invalid.
var crdKind = []byte("CustomResourceDefinition")

// versionNamePath is where the names of a CRD's versions are, whose lines
// every report gives.
var versionNamePath = []string{"spec", "versions", "*", "name"}

// newObject returns the objects of document d, read as fields: the object,
// or the items of a list. parsed is d's YAML node tree when it was parsed
// already, versionLines the lines in d of its versions' names, when
// read, and outline the shape of d's text when package blockyaml read it.
// Only lint's objects need lines, and only when there is something to
// locate: the node tree of a CRD is parsed when first needed, that of a
// list at once, for its items.
func newObject(file string, d document, fields map[string]any, parsed *yaml.Node, versionLines []int, outline *blockyaml.Outline) ([]Object, *Problem) {
	o := Object{File: file, Line: d.firstLine(), Fields: fields}
	_, isList := fields["items"]
	if !isList {
		o.outline = outlineOf(d, outline)
	}
	switch {
	case isList:
		o.Node = textNode(d, parsed)
		o.Line = lineOf(o.Node, o.Line)
	case fields["kind"] == "CustomResourceDefinition":
		o.text = &lazyNode{d: d, parsed: parsed}
		if len(versionLines) == countVersions(fields) {
			for i := range versionLines {
				versionLines[i] += d.line - 1 // lines of the file
			}
			o.versionLines = versionLines
		}
	}
	return appendObjects(nil, o, false)
}

// countVersions returns the length of fields' spec.versions, or -1 when
// it is not a list.
func countVersions(fields map[string]any) int {
	spec, _ := fields["spec"].(map[string]any)
	versions, ok := spec["versions"].([]any)
	if !ok {
		return -1
	}
	return len(versions)
}

// readDocument returns the value of a document as kubectl reads it, or nil
// for an empty one.
func readDocument(file string, d document) (any, *Problem) {
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
		return nil, &Problem{file, d.line, "json: " + err.Error()}
	}
	v, err := kubectlNumbers(v)
	if err != nil {
		return nil, &Problem{file, d.line, err.Error()}
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

// appendObjects appends o, or the items of o when it is a list, as
// kubectl's resource builder unpacks them. A document is a list when it has
// an "items" field, even null (unstructured decoding); its items must be
// objects (null reads as an empty one), and those without kind and
// apiVersion take the list's apiVersion and its kind less "List": the
// items of a CustomResourceDefinitionList are CustomResourceDefinitions.
// An item is itself a list when its items field is a list (kubectl's
// FlattenListVisitor), whose members must be objects and take nothing from
// it. kubectl visits nested lists breadth first; lint keeps file order.
func appendObjects(out []Object, o Object, nested bool) ([]Object, *Problem) {
	raw, isList := o.Fields["items"]
	items, isArray := raw.([]any)
	if !isList || nested && !isArray {
		return append(out, o), nil
	}
	itemsNode := child(o.Node, "items")
	if !isArray && raw != nil { // items: null is an empty list
		return out, &Problem{o.File, lineOf(itemsNode, o.Line), "items: must be a list of objects, not " + typeName(raw)}
	}
	apiVersion, kind := o.Str("apiVersion"), o.Str("kind")
	for i, raw := range items {
		var node *yaml.Node
		if itemsNode != nil && itemsNode.Kind == yaml.SequenceNode && i < len(itemsNode.Content) {
			node = resolve(itemsNode.Content[i])
		}
		item := Object{File: o.File, Line: lineOf(node, o.Line), Node: node}
		if raw == nil && !nested {
			raw = map[string]any{} // unstructured decoding reads null as {}
		}
		var ok bool
		if item.Fields, ok = raw.(map[string]any); !ok {
			return out, &Problem{o.File, item.Line, "items[" + strconv.Itoa(i) + "]: must be an object, not " + typeName(raw)}
		}
		if !nested && item.Str("kind") == "" && item.Str("apiVersion") == "" {
			item.Fields["kind"] = trimList(kind)
			item.Fields["apiVersion"] = apiVersion
		}
		var p *Problem
		if out, p = appendObjects(out, item, true); p != nil {
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

// isCRD reports whether o is a CustomResourceDefinition, of any version of
// apiextensions.k8s.io.
func (o Object) IsCRD() bool {
	return o.Str("kind") == "CustomResourceDefinition" &&
		strings.HasPrefix(o.Str("apiVersion"), "apiextensions.k8s.io/")
}

// str returns the string field key of o, or "".
func (o Object) Str(key string) string {
	s, _ := o.Fields[key].(string)
	return s
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
