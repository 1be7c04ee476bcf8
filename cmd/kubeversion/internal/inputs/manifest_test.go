package inputs

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// read is what ReadObjects finds, in a form easy to compare: each object's
// line and JSON, and the problem.
type read struct {
	Objects []readObject
	Problem *Problem
}

type readObject struct {
	Line int
	JSON string
}

func readAll(data string) read {
	objects, p := ReadObjects("f", []byte(data))
	var r read
	for _, o := range objects {
		j, err := o.JSON()
		if err != nil {
			j = []byte(err.Error())
		}
		r.Objects = append(r.Objects, readObject{o.Line, string(j)})
	}
	r.Problem = p
	return r
}

func TestReadObjects(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     read
	}{
		{"YAML 1.1 booleans", "served: yes\nstorage: off\nx: on\n",
			read{Objects: []readObject{{1, `{"served":true,"storage":false,"x":true}`}}}},
		{"duplicate keys: the last counts", "a: 1\nb: 2\na: 3\n",
			read{Objects: []readObject{{1, `{"a":3,"b":2}`}}}},
		{"keys sorted as kubectl sends them", "{b: 1, a: 2}\n",
			read{Objects: []readObject{{1, `{"a":2,"b":1}`}}}},
		{"numbers as kubectl reads them", "a: 1.0\nb: 0x10\nc: 1e3\n",
			read{Objects: []readObject{{1, `{"a":1,"b":16,"c":1000}`}}}},
		{"documents, comments and empty ones", "# c\n---\na: 1\n---\n---\n# only a comment\n---\n\nb: 2\n...\n",
			read{Objects: []readObject{{3, `{"a":1}`}, {9, `{"b":2}`}}}},
		{"a separator with a comment", "a: 1\n--- # next\nb: 2\n",
			read{Objects: []readObject{{1, `{"a":1}`}, {3, `{"b":2}`}}}},
		{"a separator with content is kubectl's error", "a: 1\n--- {b: 2}\n",
			read{Objects: []readObject{{1, `{"a":1}`}}, Problem: &Problem{"f", 2, "invalid Yaml document separator: {b: 2}"}}},
		{"so is ----", "a: 1\n----\n",
			read{Objects: []readObject{{1, `{"a":1}`}}, Problem: &Problem{"f", 2, "invalid Yaml document separator: -"}}},
		{"CRLF", "a: 1\r\n---\r\nb: x\r\n",
			read{Objects: []readObject{{1, `{"a":1}`}, {3, `{"b":"x"}`}}}},
		{"a scanner error deep in the file", "a: 1\n---\nb: 2\n---\nc: 3\nd:\n\te: 1\n",
			read{Objects: []readObject{{1, `{"a":1}`}, {3, `{"b":2}`}}, Problem: &Problem{"f", 7, "found character that cannot start any token"}}},
		{"a parser error deep in the file, at its own line", "a: 1\n---\nb:\n  - c\n - d\n",
			read{Objects: []readObject{{1, `{"a":1}`}}, Problem: &Problem{"f", 5, "did not find expected key"}}},
		{"an unclosed quote ends at the last line", "a: 1\n---\nb: \"x\nc: 1\n",
			read{Objects: []readObject{{1, `{"a":1}`}}, Problem: &Problem{"f", 4, "found unexpected end of stream"}}},
		{"an error without a line is at its document", "a: 1\n---\n# x\nb: &x [*x]\n",
			read{Objects: []readObject{{1, `{"a":1}`}}, Problem: &Problem{"f", 3, "anchor 'x' value contains itself"}}},
		{"not a mapping", "- a\n",
			read{Problem: &Problem{"f", 1, "a Kubernetes object must be a mapping, not a list"}}},
		{"a JSON stream", "{\"a\": 1}\n{\"b\": 2}\n\n{\"c\":\n 3}",
			read{Objects: []readObject{{1, `{"a":1}`}, {2, `{"b":2}`}, {4, `{"c":3}`}}}},
		{"JSON, with duplicate keys", `{"a": 1, "a": 2}`,
			read{Objects: []readObject{{1, `{"a":2}`}}}},
		{"bad JSON after two values", "{\"a\": 1}\n{\"b\": 2}\n{\"c\": x}\n",
			read{Objects: []readObject{{1, `{"a":1}`}, {2, `{"b":2}`}}, Problem: &Problem{"f", 3, "json: invalid character 'x' looking for beginning of value"}}},
		{"JSON then YAML, as kubectl falls back", "{\"a\": 1}\n---\nb: 2\n",
			read{Objects: []readObject{{1, `{"a":1}`}, {3, `{"b":2}`}}}},
		{"a List", "kind: List\napiVersion: v1\nitems:\n- {kind: A, apiVersion: x/v1}\n- kind: List\n  items:\n  - {kind: B}\n",
			read{Objects: []readObject{{4, `{"apiVersion":"x/v1","kind":"A"}`}, {7, `{"kind":"B"}`}}}},
		{"items take the kind of a typed list", "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinitionList\nitems:\n- metadata: {name: a}\n",
			read{Objects: []readObject{{4, `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"a"}}`}}}},
		{"any kind with items is a list", "kind: Whatever\nitems: []\n",
			read{}},
		{"items: null is an empty list", "kind: List\nitems:\n",
			read{}},
		{"a null item is an empty object, which takes the list's kind", "kind: ThingList\napiVersion: x/v1\nitems:\n-\n",
			read{Objects: []readObject{{4, `{"apiVersion":"x/v1","kind":"Thing"}`}}}},
		{"an item whose items is no list is an object", "kind: List\nitems:\n- {kind: A, items: 3}\n- {kind: B, items: null}\n",
			read{Objects: []readObject{{3, `{"items":3,"kind":"A"}`}, {4, `{"items":null,"kind":"B"}`}}}},
		{"items that are not a list", "kind: List\nitems: 3\n",
			read{Problem: &Problem{"f", 2, "items: must be a list of objects, not a scalar"}}},
		{"an item that is not an object", "kind: List\nitems:\n- {kind: A}\n- 3\n",
			read{Objects: []readObject{{3, `{"kind":"A"}`}}, Problem: &Problem{"f", 4, "items[1]: must be an object, not a scalar"}}},
	} {
		if diff := cmp.Diff(tt.want, readAll(tt.in)); diff != "" {
			t.Errorf("%s: readObjects(%q) mismatch (-want +got):\n%s", tt.name, tt.in, diff)
		}
	}
}

func TestLocate(t *testing.T) {
	const text = `# a comment
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
spec:
  versions:
    - name: v1
      served: true
    - name: v2
      served: "yes"
      schema:
        openAPIV3Schema:
          properties:
            spec: {type: object}
`
	objects, p := ReadObjects("f", []byte(text))
	if p != nil || len(objects) != 1 {
		t.Fatalf("readObjects = %v, %v", objects, p)
	}
	for _, tt := range []struct {
		path string
		want int
	}{
		{"spec.versions[1].served", 9},
		{"spec.versions.served", 7}, // no index: the first version that has it
		{"spec.versions.schema", 10},
		{"spec.versions[1].schema.openAPIV3Schema.properties.spec.typo", 13},
		{"spec.validation.openAPIV3Schema", 6}, // the first version, which has no schema
		{"spec.versions[7].name", 5},
		{"spec.version", 6},
		{"status.storedVersions", 2},
		{"", 2},
	} {
		if got := Locate(objects[0], tt.path); got != tt.want {
			t.Errorf("locate(%q) = %d, want %d", tt.path, got, tt.want)
		}
	}
}
