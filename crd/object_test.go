package crd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestValidateObject holds ValidateObject and ValidateObjectUpdate to the
// API server's answers of testdata/objects (see its README.md), but for
// those that come from running CEL rules.
func TestValidateObject(t *testing.T) {
	checkObjects(t, readFile(t, "../examples/crontab-crd.yaml"), readObjectCases(t, "testdata/objects/crontab-cases.json"))
	checkObjects(t, readFile(t, "testdata/objects/widget-crd.yaml"), readObjectCases(t, "testdata/objects/widget-cases.json"))
}

// objectCase is an object with the API server's answer, as
// testdata/objects/README.md describes it.
type objectCase struct {
	Name, Obj, Old string
	Errors, Strict []string
	Unordered      int
	Stored         string
	Warnings       []string
	Rules          int
	CEL            bool
}

// readObjectCases reads a file of cases of testdata/objects, strictly.
func readObjectCases(t *testing.T, path string) []objectCase {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(readFile(t, path)))
	dec.DisallowUnknownFields()
	var cases []objectCase
	if err := dec.Decode(&cases); err != nil || len(cases) == 0 {
		t.Fatalf("%s: %d cases, %v", path, len(cases), err)
	}
	return cases
}

// readFile returns the file at path.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
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
		if tc.CEL {
			continue
		}
		var got *ObjectResult
		if tc.Old == "" {
			got, err = ValidateObject(c, []byte(tc.Obj))
		} else {
			got, err = ValidateObjectUpdate(c, []byte(tc.Obj), []byte(tc.Old))
		}
		if err != nil {
			t.Errorf("%s: %v", tc.Name, err)
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
		if len(errs) >= tc.Unordered {
			slices.Sort(errs[:tc.Unordered])
		}
		for _, f := range got.Strict {
			strict = append(strict, f.String())
		}
		if !slices.Equal(errs, tc.Errors) {
			t.Errorf("%s: Errors = %q, want %q", tc.Name, errs, tc.Errors)
		}
		if !slices.Equal(strict, tc.Strict) {
			t.Errorf("%s: Strict = %q, want %q", tc.Name, strict, tc.Strict)
		}
		if stored != tc.Stored {
			t.Errorf("%s: Object = %s, want %s", tc.Name, stored, tc.Stored)
		}
		if !slices.Equal(got.Warnings, tc.Warnings) {
			t.Errorf("%s: Warnings = %q, want %q", tc.Name, got.Warnings, tc.Warnings)
		}
		if got.UncheckedRules != tc.Rules {
			t.Errorf("%s: UncheckedRules = %d, want %d", tc.Name, got.UncheckedRules, tc.Rules)
		}
	}
}

// TestObjectValidatorConcurrent runs one cached validator from several
// goroutines, for the race detector, and checks that each gets the
// answer of an uncached validator.
func TestObjectValidatorConcurrent(t *testing.T) {
	data, err := yaml.YAMLToJSON(readFile(t, "testdata/objects/widget-crd.yaml"))
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
