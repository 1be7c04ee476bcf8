package builtin

import (
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// TestNoObject checks that a create with Options.NoObject answers as one
// without, but for the object it leaves out, on kinds whose stores read
// the object back (a Service's and a PersistentVolumeClaim's decorate
// it), in parallel, and that it leaves no object behind.
func TestNoObject(t *testing.T) {
	j := judge(t)
	objects := []string{
		deploymentJSON,
		strings.Replace(deploymentJSON, `"image":"nginx"`, `"image":"nginx","resources":{"limits":{"memory":"100m"}}`, 1),
		strings.Replace(deploymentJSON, `,"image":"nginx"`, ``, 1),
		strings.Replace(deploymentJSON, `"spec":{"selector"`, `"spec":{"replicaz":3,"selector"`, 1),
		`{"apiVersion":"v1","kind":"Service","metadata":{"name":"s"},"spec":{"type":"NodePort","selector":{"a":"b"},"ports":[{"port":80}]}}`,
		`{"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"p"},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}`,
		`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"generateName":"c-"},"data":{"a":"b"}}`,
		`{"apiVersion":"apiregistration.k8s.io/v1","kind":"APIService","metadata":{"name":"v1.example.com"},"spec":{"group":"example.com","version":"v1","groupPriorityMinimum":100,"versionPriority":10,"service":{"namespace":"ns","name":"api"}}}`,
	}
	var wg sync.WaitGroup
	for i := range 4 * len(objects) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			obj := []byte(objects[i%len(objects)])
			want := j.Create(context.Background(), obj, Options{FieldValidation: "Warn"})
			got := j.Create(context.Background(), obj, Options{FieldValidation: "Warn", NoObject: true})
			if want.Valid() && want.Object == nil {
				t.Errorf("object %d: no object without NoObject", i)
			}
			if got.Object != nil {
				t.Errorf("object %d: an object with NoObject: %s", i, got.Object)
			}
			want.Object = nil
			if !reflect.DeepEqual(got, want) {
				t.Errorf("object %d: with NoObject\n%+v\nwithout\n%+v", i, got, want)
			}
		}()
	}
	wg.Wait()
	left := 0
	for _, m := range []*sync.Map{&toCopy, &copying} {
		m.Range(func(any, any) bool { left++; return true })
	}
	if left > 0 {
		t.Errorf("%d objects left to copy after every create", left)
	}
}
