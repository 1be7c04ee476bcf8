package crd

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"

	"sigs.k8s.io/yaml"
)

// widgetCRD has what the CronTab of examples/crontab-crd.yaml lacks:
// defaults, the status and scale subresources, an enum, a set, a maximum
// length and a CEL rule on a scalar. It is the CRD of the conformance
// module's TestKubeCustomResource, whose answers come from the API
// server's own code.
const widgetCRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, listKind: WidgetList, plural: widgets, singular: widget}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      subresources:
        status: {}
        scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              default: {}
              properties:
                replicas: {type: integer, default: 1, minimum: 0}
                color: {type: string, enum: [red, blue], default: red}
                tags: {type: array, items: {type: string}, x-kubernetes-list-type: set}
                name:
                  type: string
                  maxLength: 5
                  x-kubernetes-validations: [{rule: "self != 'admin'", message: must not be admin}]
            status:
              type: object
              properties:
                replicas: {type: integer}
`

// objectCase is an object of a CRD, created, or replacing old when old is
// not "", with what the API server answers (from the conformance module's
// TestKubeCustomResource, where the server's code gives these answers);
// stored is JSON. The first unordered errors are sorted: the server
// reports them in any order.
type objectCase struct {
	name, obj, old string
	errors, strict []string
	unordered      int
	stored         string
	warnings       []string
	rules          int
}

func TestValidateObject(t *testing.T) {
	crontab, err := os.ReadFile("../examples/crontab-crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const (
		v1      = `"apiVersion":"stable.example.com/v1","kind":"CronTab"`
		meta    = `"metadata":{"generation":1,"name":"a","namespace":"default"}`
		widget  = `"apiVersion":"example.com/v1","kind":"Widget"`
		wmeta   = `"metadata":{"name":"w","resourceVersion":"7"}`
		wstored = `"metadata":{"creationTimestamp":"2020-01-01T00:00:00Z","generation":2,"name":"w","namespace":"default","uid":"u1"}`
		wold    = `"metadata":{"creationTimestamp":"2020-01-01T00:00:00Z","generation":1,"name":"w","namespace":"default","resourceVersion":"7","uid":"u1"}`
		skipped = `<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation`
	)
	checkObjects(t, crontab, []objectCase{{
		name:   "valid",
		obj:    `{` + v1 + `,"metadata":{"name":"a"},"spec":{"cronSpec":"* * * * */5","image":"img","replicas":2}}`,
		stored: `{` + v1 + `,` + meta + `,"spec":{"cronSpec":"* * * * */5","image":"img","replicas":2}}`,
		rules:  1,
	}, {
		name:   "wrong type blocks CEL",
		obj:    `{` + v1 + `,"metadata":{"name":"a"},"spec":{"replicas":"string"}}`,
		errors: []string{`spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"`, skipped},
		rules:  1,
	}, {
		name:   "unknown fields pruned",
		obj:    `{` + v1 + `,"metadata":{"name":"a","foo":1},"bar":2,"spec":{"foo":1,"replicas":1}}`,
		strict: []string{`unknown field "metadata.foo"`, `unknown field "bar"`, `unknown field "spec.foo"`},
		stored: `{` + v1 + `,` + meta + `,"spec":{"replicas":1}}`,
		rules:  1,
	}, {
		name:   "duplicate field: last wins",
		obj:    `{` + v1 + `,"metadata":{"name":"a"},"spec":{"replicas":1,"replicas":2}}`,
		strict: []string{`duplicate field "spec.replicas"`},
		stored: `{` + v1 + `,` + meta + `,"spec":{"replicas":2}}`,
		rules:  1,
	}, {
		name:   "no name",
		obj:    `{` + v1 + `,"metadata":{},"spec":{}}`,
		errors: []string{`metadata.name: Required value: name or generateName is required`, skipped},
		rules:  1,
	}, {
		name:     "generated name, finalizer warning",
		obj:      `{` + v1 + `,"metadata":{"generateName":"a-","finalizers":["foo"]}}`,
		stored:   `{` + v1 + `,"metadata":{"finalizers":["foo"],"generateName":"a-","generation":1,"name":"a-xn8fg","namespace":"default"}}`,
		warnings: []string{`metadata.finalizers: "foo": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`},
		rules:    1,
	}, {
		name:     "deprecated version",
		obj:      `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"a","namespace":"ns"}}`,
		stored:   `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"generation":1,"name":"a","namespace":"ns"}}`,
		warnings: []string{`stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab`},
	}})

	checkObjects(t, []byte(widgetCRD), []objectCase{{
		name:   "defaults, status dropped on create",
		obj:    `{` + widget + `,"metadata":{"name":"w"},"status":{"replicas":5}}`,
		stored: `{` + widget + `,"metadata":{"generation":1,"name":"w","namespace":"default"},"spec":{"color":"red","replicas":1}}`,
		rules:  1,
	}, {
		name:      "schema errors in any order, scale path with its dot",
		obj:       `{` + widget + `,"metadata":{"name":"w"},"spec":{"replicas":-1,"color":"green","tags":["a","a"],"name":"admin"}}`,
		unordered: 2,
		errors: []string{
			`spec.color: Unsupported value: "green": supported values: "red", "blue"`,
			`spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0`,
			`.spec.replicas: Invalid value: -1: should be a non-negative integer`,
			`spec.tags[1]: Duplicate value: "a"`,
			skipped,
		},
		rules: 1,
	}, {
		name:   "update keeps old status, bumps generation",
		obj:    `{` + widget + `,` + wmeta + `,"spec":{"replicas":2},"status":{"replicas":9}}`,
		old:    `{` + widget + `,` + wold + `,"spec":{"replicas":1},"status":{"replicas":3}}`,
		stored: `{` + widget + `,` + wstored + `,"spec":{"color":"red","replicas":2},"status":{"replicas":3}}`,
		rules:  1,
	}, {
		name:   "update ratchets an unchanged invalid value",
		obj:    `{` + widget + `,` + wmeta + `,"spec":{"name":"toolong","replicas":2}}`,
		old:    `{` + widget + `,` + wold + `,"spec":{"name":"toolong"}}`,
		stored: `{` + widget + `,` + wstored + `,"spec":{"color":"red","name":"toolong","replicas":2}}`,
		rules:  1,
	}, {
		name:   "update checks a changed invalid value",
		obj:    `{` + widget + `,` + wmeta + `,"spec":{"name":"toolong2"}}`,
		old:    `{` + widget + `,` + wold + `,"spec":{"name":"toolong"}}`,
		errors: []string{`spec.name: Too long: may not be more than 5 bytes`, skipped},
		rules:  1,
	}, {
		name:   "update without resourceVersion",
		obj:    `{` + widget + `,"metadata":{"name":"w"}}`,
		old:    `{` + widget + `,` + wold + `}`,
		errors: []string{`metadata.resourceVersion: Invalid value: 0: must be specified for an update`},
		rules:  1,
	}})
}

// checkObjects runs each case through ValidateObject or
// ValidateObjectUpdate with the CRD crd (YAML) and reports every
// difference from the case's answer.
func checkObjects(t *testing.T, crdYAML []byte, cases []objectCase) {
	t.Helper()
	data, err := yaml.YAMLToJSON(crdYAML)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		var got *ObjectResult
		if tc.old == "" {
			got, err = ValidateObject(c, []byte(tc.obj))
		} else {
			got, err = ValidateObjectUpdate(c, []byte(tc.obj), []byte(tc.old))
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		stored := ""
		if got.Object != nil {
			b, err := json.Marshal(got.Object)
			if err != nil {
				t.Fatal(err)
			}
			stored = string(b)
		}
		var errs, strict []string
		for _, e := range got.Errors {
			errs = append(errs, e.Error())
		}
		if len(errs) >= tc.unordered {
			slices.Sort(errs[:tc.unordered])
		}
		for _, f := range got.Strict {
			strict = append(strict, f.String())
		}
		if !slices.Equal(errs, tc.errors) {
			t.Errorf("%s: Errors = %q, want %q", tc.name, errs, tc.errors)
		}
		if !slices.Equal(strict, tc.strict) {
			t.Errorf("%s: Strict = %q, want %q", tc.name, strict, tc.strict)
		}
		if stored != tc.stored {
			t.Errorf("%s: Object = %s, want %s", tc.name, stored, tc.stored)
		}
		if !slices.Equal(got.Warnings, tc.warnings) {
			t.Errorf("%s: Warnings = %q, want %q", tc.name, got.Warnings, tc.warnings)
		}
		if got.UncheckedRules != tc.rules {
			t.Errorf("%s: UncheckedRules = %d, want %d", tc.name, got.UncheckedRules, tc.rules)
		}
	}
}

// TestObjectValidatorConcurrent runs one cached validator from several
// goroutines, for the race detector, and checks that each gets the
// answer of an uncached validator.
func TestObjectValidatorConcurrent(t *testing.T) {
	data, err := yaml.YAMLToJSON([]byte(widgetCRD))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	objs := []string{
		`{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"replicas":-1,"color":"green"}}`,
		`{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"replicas":1,"tags":["a","b"]}}`,
	}
	want := make([]string, len(objs))
	for i, o := range objs {
		res, err := ValidateObject(c, []byte(o))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = fmt.Sprint(res.Errors, res.Object)
	}
	v := NewObjectValidator(nil)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				k := (g + i) % len(objs)
				res, err := v.ValidateObject(c, []byte(objs[k]))
				if err != nil {
					t.Error(err)
					return
				}
				if got := fmt.Sprint(res.Errors, res.Object); got != want[k] {
					t.Errorf("object %d: got %s, want %s", k, got, want[k])
					return
				}
			}
		}()
	}
	wg.Wait()
}
