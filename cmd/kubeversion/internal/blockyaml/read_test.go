package blockyaml

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/crd"
	"go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"
)

// kubectlRead reads a YAML document as kubectl does: sigs.k8s.io/yaml's
// YAMLToJSON, then JSON decoding with numbers as int64 where they fit,
// float64 otherwise, as crd.JSON decodes.
func kubectlRead(text []byte) (any, error) {
	j, err := sigsyaml.YAMLToJSON(text)
	if err != nil {
		return nil, err
	}
	var v crd.JSON
	if err := json.Unmarshal(j, &v); err != nil {
		return nil, err
	}
	return v.Value, nil
}

// v3Lines returns the lines of the keys at watch, found with
// go.yaml.in/yaml/v3's node tree.
func v3Lines(t *testing.T, text []byte, watch []string) []int {
	var doc yaml.Node
	if err := yaml.Unmarshal(text, &doc); err != nil {
		t.Fatalf("yaml.v3 refuses what Read took: %v", err)
	}
	var lines []int
	var walk func(n *yaml.Node, path []string)
	walk = func(n *yaml.Node, path []string) {
		switch n.Kind {
		case yaml.DocumentNode:
			for _, c := range n.Content {
				walk(c, path)
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				p := append(path[:len(path):len(path)], n.Content[i].Value)
				if matches(watch, p) {
					lines = append(lines, n.Content[i].Line)
				}
				walk(n.Content[i+1], p)
			}
		case yaml.SequenceNode:
			for _, c := range n.Content {
				walk(c, append(path[:len(path):len(path)], "*"))
			}
		}
	}
	walk(&doc, nil)
	return lines
}

func matches(watch, path []string) bool {
	if len(watch) != len(path) {
		return false
	}
	for i := range watch {
		if watch[i] != "*" && watch[i] != path[i] {
			return false
		}
	}
	return true
}

var versionNames = []string{"spec", "versions", "*", "name"}

// checkSame fails when Read takes text and reads it otherwise than
// kubectl, or finds other lines than yaml.v3. It reports whether Read took
// it.
func checkSame(t *testing.T, text []byte) bool {
	t.Helper()
	got, lines, ok := Read(text, versionNames)
	if !ok {
		return false
	}
	want, err := kubectlRead(text)
	if err != nil {
		t.Fatalf("Read took a text kubectl refuses (%v):\n%s", err, text)
	}
	if got == nil && want != nil || got != nil && !reflect.DeepEqual(any(got), want) {
		t.Fatalf("Read(%q) =\n%#v\nkubectl reads\n%#v", text, got, want)
	}
	if want := v3Lines(t, text, versionNames); !reflect.DeepEqual(lines, want) && (len(lines) > 0 || len(want) > 0) {
		t.Fatalf("Read(%q) lines %v, yaml.v3 %v", text, lines, want)
	}
	node, ok := ReadNode(text)
	if !ok {
		t.Fatalf("ReadNode(%q) is not ok where Read is", text)
	}
	var doc yaml.Node
	yaml.Unmarshal(text, &doc)
	var root *yaml.Node
	if len(doc.Content) > 0 {
		root = doc.Content[0]
	}
	if (node == nil) != (root == nil) {
		t.Fatalf("ReadNode(%q) = %v, yaml.v3 %v", text, node, root)
	}
	if node != nil {
		if diff := nodeDiff(node, root, "$"); diff != "" {
			t.Fatalf("ReadNode(%q): %s", text, diff)
		}
	}
	outlined, outlinedLines, outline, ok := ReadOutlined(text, versionNames)
	switch {
	case !ok:
		t.Fatalf("ReadOutlined(%q) is not ok where Read is", text)
	case !reflect.DeepEqual(outlined, got) || !reflect.DeepEqual(outlinedLines, lines):
		t.Fatalf("ReadOutlined(%q) reads otherwise than Read", text)
	case (outline == nil) != (node == nil):
		t.Fatalf("ReadOutlined(%q) outline %v, ReadNode %v", text, outline, node)
	case node != nil:
		if diff := outlineDiff(outline, 0, node, "$"); diff != "" {
			t.Fatalf("ReadOutlined(%q): %s", text, diff)
		}
		if outline.Next(0) != outline.Len() {
			t.Fatalf("ReadOutlined(%q): %d nodes, the root's end is %d", text, outline.Len(), outline.Next(0))
		}
	}
	return true
}

// outlineDiff says where the outline's node i differs from n, a node of
// ReadNode, in what finding lines needs.
func outlineDiff(o *Outline, i int, n *yaml.Node, at string) string {
	if o.Kind(i) != n.Kind || o.Line(i) != n.Line {
		return fmt.Sprintf("%s: kind %v line %d, ReadNode kind %v line %d", at, o.Kind(i), o.Line(i), n.Kind, n.Line)
	}
	c := i + 1
	for k := 0; k < len(n.Content); k++ {
		child := n.Content[k]
		var key *yaml.Node
		if n.Kind == yaml.MappingNode {
			key, child = child, n.Content[k+1]
			k++
		}
		if c >= o.Next(i) {
			return fmt.Sprintf("%s: fewer children than ReadNode's %d", at, len(n.Content))
		}
		name, line := o.Key(c)
		if key != nil && (name != key.Value || line != key.Line) || key == nil && line != 0 {
			return fmt.Sprintf("%s: child %d is the value of %q on line %d, ReadNode's of %v", at, k, name, line, key)
		}
		if d := outlineDiff(o, c, child, fmt.Sprintf("%s[%d]", at, k)); d != "" {
			return d
		}
		c = o.Next(c)
	}
	if c != o.Next(i) {
		return fmt.Sprintf("%s: more children than ReadNode's %d", at, len(n.Content))
	}
	return ""
}

// nodeDiff says where got and want differ in what finding lines needs:
// kinds, lines, keys and the number of children.
func nodeDiff(got, want *yaml.Node, at string) string {
	switch {
	case got.Kind != want.Kind:
		return fmt.Sprintf("%s: kind %v, yaml.v3 %v", at, got.Kind, want.Kind)
	case got.Line != want.Line:
		return fmt.Sprintf("%s: line %d, yaml.v3 %d", at, got.Line, want.Line)
	case len(got.Content) != len(want.Content):
		return fmt.Sprintf("%s: %d children, yaml.v3 %d", at, len(got.Content), len(want.Content))
	}
	for i := range got.Content {
		if got.Kind == yaml.MappingNode && i%2 == 0 && got.Content[i].Value != want.Content[i].Value {
			return fmt.Sprintf("%s: key %q, yaml.v3 %q", at, got.Content[i].Value, want.Content[i].Value)
		}
		if d := nodeDiff(got.Content[i], want.Content[i], fmt.Sprintf("%s[%d]", at, i)); d != "" {
			return d
		}
	}
	return ""
}

func TestReadCases(t *testing.T) {
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"a: 1\n", true},
		{"a: b\nc:\n  d: e\n", true},
		{"a:\n- 1\n- x\nb: c\n", true},
		{"a:\n  - b: 1\n    c: 2\n  - d\n", true},
		{"a: |\n  x\n  y\n\n  z\nb: 1\n", true},
		{"a: |-\n  x\n\n", true},
		{"a: >\n  x\n  y\n\n  z\n", true},
		{"a: >-\n  x\n  y\n", true},
		{"a: x\n  y\n\n  z\nb: c\n", true},
		{"a: 'it''s'\nb: \"q\\\"\\n\\u00e9\"\n", true},
		{"a: []\nb: {}\n", true},
		{"a: yes\nb: off\nc: ~\nd: null\ne:\nf: -12\n", true},
		{"# only a comment\n", true},
		{"a: 1 # comment\n# another\nb: x # y\n", true},
		{"spec:\n  versions:\n  - name: v1\n    served: true\n  - served: false\n    name: v2\n", true},
		{"a: 1.5\n", false},
		{"a: &x 1\nb: *x\n", false},
		{"a: 1\na: 2\n", false},
		{"a: [1, 2]\n", true},
		{"labels: {app: web-1, tier: front end}\nb: [ ]\nc: { }\n", true},
		{"limits: {cpu: 500m, memory: 256Mi} # limits\n", true},
		{"command: [sh, -c, 'echo hi', \"a\\tb\"]\n", true},
		{"a: {b: [1, {c: ~, d: yes}], e: []}\n", true},
		{"- {name: v1, served: true}\n- [a,b ,c]\n", false}, // a sequence at the root
		{"spec:\n  versions: [{name: v1}, {served: true, name: v2}]\n", true},
		{"a: [--flag=1, x/y.z, ~, <none>, a|b, $(VAR)]\n", true},
		{"a: {b: 1, b: 2}\n", false},
		{"a: [1, 2,]\n", false},
		{"a: [1, , 2]\n", false},
		{"a: [1,\n  2]\n", false},
		{"a: {b:1}\n", false},
		{"a: {b: }\n", false},
		{"a: [a: b]\n", false},
		{"a: [nginx:1.27]\n", false},
		{"a: [1.5]\n", false},
		{"a: {yes: 1}\n", false},
		{"a: {1: x}\n", false},
		{"a: [- x]\n", false},
		{"a: [x] y\n", false},
		{"a: [x]#c\n", true},
		{"a: [#c]\n", false},
		{"a: [&x 1, *x]\n", false},
		{"a: [!!str 1]\n", false},
		{"a: [\"x\", 'y''z']\n", true},
		{"a: {\"b c\": d, 'e': [f]}\n", true},
		{"a: [x, [y, [z]]]\n", true},
		{"a: [a?b]\n", false}, // kubectl: did not find expected ',' or ']'
		{"a: [x?]\n", false},
		{"a: [-?]\n", false},
		{"a: [x ? y]\n", false},
		{"a: {x?: 1}\n", false},
		{"a: {a: y?}\n", false},
		{"args: [--query=a?b]\n", false},
		{"a: x?y\nb: [x]\n", true},
		{"args:\n- --leader-elect\n- -v=2\n- -\n", false},
		{"args:\n- --leader-elect\n- -v=2\n- --a=b c\n  d\n", true},
		{"a: -x: y\n", false},
		{"a: ---\nb: -.5\nc: -1\n", false},
		{"a: ---\nb: -.x\nc: -1\n", true},
		{"a: 0x10\n", false},
		{"a: 2001-12-14\n", false},
		{"yes: 1\n", false},
		{"a: b: c\n", false},
		{"a:\n  b: 1\n c: 2\n", false},
		{"a: |+\n  x\n\n\nb: 1\n", true},
		{"a:\n  b: |2-\n      x\n     y\n", true},
		{"a: |-1\n  x\n", true},
		{"a: |--\n  x\n", false},
		{"a: !!str 1\n", false},
		{"a:\tb\n", false},
		{"- a\n", false},
		{"a: \"x\n  y\"\n", true},
		{"a: \"x\\\n  y\"\n", true},
		{"a: \"x\\q\"\n", false},
		{"a" + strings.Repeat(" ", 1100) + ": x\n", false},           // the ":" past 1024 characters
		{`"` + strings.Repeat(`\u00e9`, 200) + `": x` + "\n", false}, // 400 bytes, 1,202 characters
		{"'" + strings.Repeat("''", 600) + "': x\n", false},
		{"a" + strings.Repeat(" ", 900) + ": x\n", true},
		{"a: |+\n  x\n  ", false}, // no line break after the last blank line
		{"a: |+\n  x\n", true},
	} {
		_, _, ok := Read([]byte(c.text), nil)
		if ok != c.ok {
			t.Errorf("Read(%q) ok = %v, want %v", c.text, ok, c.ok)
		}
		checkSame(t, []byte(c.text))
	}
}

// TestReadEscapesLinear checks that the time Read takes over a quoted
// scalar grows with its length, not with its length times its escapes: it
// looked for the end of the line at each escape, and 240 KB of escapes
// took 350 ms, 37 times what sigs.k8s.io/yaml takes.
func TestReadEscapesLinear(t *testing.T) {
	text := func(n int) []byte { return []byte(`a: "` + strings.Repeat(`\"x`, n) + `"` + "\n") }
	small, large := text(8000), text(80000)
	fastest := func(b []byte) time.Duration {
		best := time.Duration(1<<63 - 1)
		for range 5 {
			start := time.Now()
			if _, _, ok := Read(b, nil); !ok {
				t.Fatal("Read does not take a quoted scalar of escapes")
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	fastest(small) // warm up
	if s, l := fastest(small), fastest(large); l > 30*s {
		t.Errorf("10 times the escapes took %.1f times as long (%v, %v): more than linear", float64(l)/float64(s), s, l)
	}
}

// TestReadFlowLinear checks that the time Read and ReadNode take over a
// flow mapping on one line grows with its keys, not with their square:
// each key is looked up among those before it, in a map.
func TestReadFlowLinear(t *testing.T) {
	text := func(n int) []byte {
		var b strings.Builder
		b.WriteString("a: {")
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "k%d: [v, {w: %d}]", i, i)
		}
		b.WriteString("}\n")
		return []byte(b.String())
	}
	small, large := text(4000), text(40000)
	for name, read := range map[string]func([]byte) bool{
		"Read":     func(b []byte) bool { _, _, ok := Read(b, nil); return ok },
		"ReadNode": func(b []byte) bool { _, ok := ReadNode(b); return ok },
	} {
		fastest := func(b []byte) time.Duration {
			best := time.Duration(1<<63 - 1)
			for range 5 {
				start := time.Now()
				if !read(b) {
					t.Fatalf("%s does not take a flow mapping of %d bytes", name, len(b))
				}
				best = min(best, time.Since(start))
			}
			return best
		}
		fastest(small) // warm up
		if s, l := fastest(small), fastest(large); l > 30*s {
			t.Errorf("%s: 10 times the keys took %.1f times as long (%v, %v): more than linear", name, float64(l)/float64(s), s, l)
		}
	}
}

// testdataDocuments returns the YAML documents of the module's test data
// and examples, which are real CRDs and objects.
func testdataDocuments(t testing.TB) [][]byte {
	var docs [][]byte
	for _, dir := range []string{"../../testdata", "../../../../examples", "../../../../crd/testdata"} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".yml") {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			docs = append(docs, split(data)...)
			return nil
		})
	}
	return docs
}

// split cuts a stream into documents at lines that start with "---", as
// kubectl does.
func split(data []byte) [][]byte {
	var docs [][]byte
	var doc []byte
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if strings.HasPrefix(line, "---") {
			docs = append(docs, doc)
			doc = nil
			continue
		}
		doc = append(doc, line...)
	}
	return append(docs, doc)
}

func TestReadTestdata(t *testing.T) {
	docs := testdataDocuments(t)
	took := 0
	for _, d := range docs {
		if checkSame(t, d) {
			took++
		}
	}
	t.Logf("Read took %d of %d documents", took, len(docs))
}

// TestReadCorpus checks Read on the files listed, one per line, in the
// file $KUBEVERSION_YAML_CORPUS: for example, the real-world corpus of the
// conformance module.
func TestReadCorpus(t *testing.T) {
	list := os.Getenv("KUBEVERSION_YAML_CORPUS")
	if list == "" {
		t.Skip("KUBEVERSION_YAML_CORPUS not set")
	}
	data, err := os.ReadFile(list)
	if err != nil {
		t.Fatal(err)
	}
	took, total := 0, 0
	for _, file := range strings.Fields(string(data)) {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, doc := range split(text) {
			total++
			if checkSame(t, doc) {
				took++
			} else if testing.Verbose() {
				t.Logf("not taken: %s (%.60q)", file, doc)
			}
		}
	}
	t.Logf("Read took %d of %d documents", took, total)
}

func FuzzRead(f *testing.F) {
	for _, d := range testdataDocuments(f) {
		if len(d) < 4096 {
			f.Add(d)
		}
	}
	f.Add([]byte("a: |\n  x\n\n  y\n"))
	f.Add([]byte("a:\n- b: >\n    x\n    y\n  c: d\n"))
	f.Add([]byte("a: x\n  - y\n  z\n"))
	f.Add([]byte("a: {b: [1, {c: ~, d: yes}], e: [], 'f': \"g\"}\n"))
	f.Add([]byte("- x: [--flag=1, x/y.z, <none>, a|b, $(VAR), -1]\n  y: {k: v w}\n"))
	f.Add([]byte("args:\n- --leader-elect\n- -v=2\n- --a=b c\n  d\n"))
	f.Add([]byte("a: [x?y, {b: c?}]\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		checkSame(t, text)
	})
}

// BenchmarkRead reads the test data's documents with Read and, side by
// side, as kubectl reads them.
func BenchmarkRead(b *testing.B) {
	docs := testdataDocuments(b)
	if list := os.Getenv("KUBEVERSION_YAML_CORPUS"); list != "" {
		data, err := os.ReadFile(list)
		if err != nil {
			b.Fatal(err)
		}
		docs = nil
		for _, file := range strings.Fields(string(data)) {
			text, err := os.ReadFile(file)
			if err != nil {
				b.Fatal(err)
			}
			docs = append(docs, split(text)...)
		}
	}
	size := 0
	for _, d := range docs {
		size += len(d)
	}
	b.Run("side=blockyaml", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(size))
		for b.Loop() {
			for _, d := range docs {
				Read(d, versionNames)
			}
		}
	})
	b.Run("side=kubectl", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(size))
		for b.Loop() {
			for _, d := range docs {
				kubectlRead(d)
			}
		}
	})
}
