package conformance

import (
	"testing"

	"github.com/kubeversion/kubeversion/crd"
	"sigs.k8s.io/yaml"
)

// FuzzValidateObject checks that crd.ObjectValidator, with the cel
// module's evaluator, answers any input without a panic: any bytes as the
// object, and as the live object of an update, of crd/testdata/objects/widget-crd.yaml
// (status and scale subresources, defaults, an enum, a set, a CEL rule). The seeds are objects of the differential's
// kinds: valid, mutated, broken JSON.
func FuzzValidateObject(f *testing.F) {
	crdJSON, err := yaml.YAMLToJSON(mustRead(f, objectCases+"widget-crd.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	c, err := crd.Decode(crdJSON)
	if err != nil {
		f.Fatal(err)
	}
	const w = `{"apiVersion":"example.com/v1","kind":"Widget",`
	old := []byte(w + `"metadata":{"name":"w","namespace":"default","resourceVersion":"1","generation":1},"spec":{"replicas":1,"name":"toolong"}}`)
	for _, s := range []string{
		w + `"metadata":{"name":"w"},"spec":{"replicas":2,"color":"blue","tags":["a","b"]}}`,
		w + `"metadata":{"name":"w","resourceVersion":"1"},"spec":{"replicas":-1,"color":"green","tags":["a","a"],"name":"admin"},"status":{"replicas":"x"}}`,
		w + `"metadata":{"generateName":"g-","labels":{"-x":"y"},"finalizers":["foo"]},"spec":{"replicas":1,"replicas":2}}`,
		w + `"metadata":"str","spec":null}`,
		w + `"metadata":{"name":"w"},"spec":{"name":`,
		`[]`, `null`, ``, `{"apiVersion":"example.com/v2","kind":"Widget"}`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	v := crd.ObjectValidator{CEL: objEvaluator}
	f.Fuzz(func(t *testing.T, obj []byte, update bool) {
		// A panic fails the fuzz target by itself.
		var res *crd.ObjectResult
		var err error
		if update {
			res, err = v.ValidateObjectUpdate(c, obj, old)
		} else {
			res, err = v.ValidateObject(c, obj)
		}
		if err == nil && res == nil {
			t.Fatal("no result and no error")
		}
	})
}
