package builtin_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kubeversion/kubeversion/builtin"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const web = `{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
  "spec": {"selector": {"matchLabels": {"app": "web"}},
    "template": {"metadata": {"labels": {"app": "web"}},
      "spec": {"containers": [{"name": "web", "image": "nginx"}]}}}}`

func ExampleJudge_Create() {
	j, _ := builtin.Default()
	res := j.Create(context.Background(), []byte(`{"apiVersion": "v1", "kind": "Service",
	  "metadata": {"name": "db"}, "spec": {"selector": {"app": "db"}, "ports": [{"port": 70000}]}}`), builtin.Options{})
	fmt.Println(res.Valid())
	fmt.Println(res.Message)
	for _, c := range res.Causes {
		fmt.Println(c.Field, "|", c.Type)
	}
	// Output:
	// false
	// Service "db" is invalid: [spec.ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive, spec.ports[0].targetPort: Invalid value: 70000: must be between 1 and 65535, inclusive]
	// spec.ports[0].port | Invalid value
	// spec.ports[0].targetPort | Invalid value
}

func ExampleJudge_Update() {
	j, _ := builtin.Default()
	moved := `{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
	  "spec": {"selector": {"matchLabels": {"app": "api"}},
	    "template": {"metadata": {"labels": {"app": "api"}},
	      "spec": {"containers": [{"name": "web", "image": "nginx"}]}}}}`
	res := j.Update(context.Background(), []byte(moved), []byte(web), builtin.Options{})
	fmt.Println(res.Causes[0].Field, "|", res.Causes[0].Type)
	// Output:
	// spec.selector | Invalid value
}

func ExampleOptions() {
	j, _ := builtin.Default()
	typo := `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}, "dta": {"a": "b"}}`
	strict := j.Create(context.Background(), []byte(typo), builtin.Options{})
	fmt.Println(strict.Message)
	warn := j.Create(context.Background(), []byte(typo), builtin.Options{Namespace: "team", FieldValidation: "Warn"})
	fmt.Println(warn.Valid(), warn.Warnings)
	lean := j.Create(context.Background(), []byte(typo), builtin.Options{FieldValidation: "Warn", NoObject: true})
	fmt.Println(lean.Valid(), lean.Warnings, lean.Object == nil)
	fmt.Println(string(warn.Object))
	// Output:
	// ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "dta"
	// true [unknown field "dta"]
	// true [unknown field "dta"] true
	// {"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c","namespace":"team","uid":"00000000-0000-0000-0000-000000000000"}}
}

func ExampleResult_Valid() {
	j, _ := builtin.Default()
	res := j.Create(context.Background(), []byte(web), builtin.Options{})
	fmt.Println(res.Valid(), res.Checked, res.Message == "")
	res = j.Create(context.Background(), []byte(`{"apiVersion": "extensions/v1beta1", "kind": "Ingress", "metadata": {"name": "old"}}`), builtin.Options{})
	fmt.Println(res.Valid(), res.Checked, res.Reason)
	// Output:
	// true true true
	// false false Kubernetes 1.37.2's API server has no resource of kind Ingress in version "extensions/v1beta1"
}

func ExampleCause() {
	j, _ := builtin.Default()
	res := j.Create(context.Background(), []byte(`{"apiVersion": "v1", "kind": "ConfigMap",
	  "metadata": {"name": "c"}, "data": {}, "data": {}}`), builtin.Options{})
	fmt.Printf("%+v\n", res.Causes[0])
	// Output:
	// {Field:data Type:duplicate field Message:duplicate field "data" Strict:true}
}

func ExampleJudge_Kinds() {
	j, _ := builtin.New()
	for _, k := range j.Kinds() {
		if k.Group == "apps" && k.Version == "v1" {
			fmt.Println(k.Kind)
		}
	}
	// Output:
	// ControllerRevision
	// DaemonSet
	// Deployment
	// ReplicaSet
	// StatefulSet
}

func ExampleJudge_Resource() {
	j, _ := builtin.Default()
	r, namespaced, ok := j.Resource(schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRole"})
	fmt.Println(r.Resource, namespaced, ok)
	// Output:
	// clusterroles false true
}

func ExampleRelease() {
	fmt.Println("objects judged with the API server of Kubernetes", builtin.Release)
	// Output:
	// objects judged with the API server of Kubernetes 1.37.2
}

func ExampleNew() {
	j, err := builtin.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	_, _, ok := j.Resource(schema.GroupVersionKind{Group: "batch", Version: "v1", Kind: "CronJob"})
	fmt.Println(ok)
	// Output:
	// true
}

func ExampleDefault() {
	a, _ := builtin.Default()
	b, _ := builtin.Default()
	fmt.Println(a == b)
	// Output:
	// true
}

func ExampleDefaultNamespace() {
	j, _ := builtin.Default()
	res := j.Create(context.Background(), []byte(`{"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}}`), builtin.Options{})
	fmt.Println(string(res.Object))
	// Output:
	// {"kind":"Secret","apiVersion":"v1","metadata":{"name":"s","namespace":"default","uid":"00000000-0000-0000-0000-000000000000"},"type":"Opaque"}
}

func ExampleZeroUID() {
	j, _ := builtin.Default()
	res := j.Create(context.Background(), []byte(`{"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "once"},
	  "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "busybox"}]}}}}`), builtin.Options{})
	var job struct {
		Spec struct {
			Selector struct{ MatchLabels map[string]string }
		}
	}
	_ = json.Unmarshal(res.Object, &job)
	fmt.Println(job.Spec.Selector.MatchLabels["batch.kubernetes.io/controller-uid"] == builtin.ZeroUID)
	// Output:
	// true
}

func ExampleGeneratedSuffix() {
	j, _ := builtin.Default()
	res := j.Create(context.Background(), []byte(`{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"generateName": "settings-"}}`), builtin.Options{})
	fmt.Println(string(res.Object))
	// Output:
	// {"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"settings-00000","generateName":"settings-","namespace":"default","uid":"00000000-0000-0000-0000-000000000000"}}
}
