package migrate

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"path"
	"sync"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	"k8s.io/apiextensions-apiserver/test/integration/fixtures"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	clientretry "k8s.io/client-go/util/retry"

	"github.com/kubeversion/kubeversion/migrate/internal/testserver"
)

// objectsFlag sets the number of objects of the core test; CI runs the
// default, the 10,000 of the issue run with -objects=10000.
var objectsFlag = flag.Int("objects", 300, "objects the core migration test creates")

// testGroup and friends name the resource the tests migrate.
const (
	testGroup  = "migrate.example.com"
	testPlural = "widgets"
	testKind   = "Widget"
	testCRD    = testPlural + "." + testGroup
)

// cluster is an apiextensions API server with its etcd, inside the test.
type cluster struct {
	t      *testing.T
	cfg    *rest.Config
	ext    clientset.Interface
	dyn    dynamic.Interface
	etcd   *clientv3.Client
	prefix string
}

// startCluster starts an apiextensions API server (package testserver),
// which stops when t ends.
func startCluster(t *testing.T) *cluster {
	t.Helper()
	s := testserver.Start(t)
	c := &cluster{t: t, cfg: s.Config, etcd: s.Etcd, prefix: s.Prefix}
	c.ext = clientset.NewForConfigOrDie(s.Config)
	c.dyn = dynamic.NewForConfigOrDie(s.Config)
	return c
}

// widgetCRD returns the test CRD: v1beta1 and v1 served with equal schemas,
// v1beta1 the storage version, no conversion webhook.
func widgetCRD() *apiextensionsv1.CustomResourceDefinition {
	schema := &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
		Type: "object",
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
				"size":  {Type: "integer"},
				"color": {Type: "string"},
			}},
		},
	}}
	return &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: testCRD},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: testGroup,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: testPlural, Singular: "widget", Kind: testKind, ListKind: testKind + "List"},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{
				{Name: "v1beta1", Served: true, Storage: true, Schema: schema},
				{Name: "v1", Served: true, Storage: false, Schema: schema},
			},
		},
	}
}

// createCRD creates crd and waits until it is served.
func (c *cluster) createCRD(crd *apiextensionsv1.CustomResourceDefinition) {
	c.t.Helper()
	if _, err := fixtures.CreateNewV1CustomResourceDefinition(crd, c.ext, c.dyn); err != nil {
		c.t.Fatal(err)
	}
}

// resource returns the client of the widgets at version.
func (c *cluster) resource(version string) dynamic.NamespaceableResourceInterface {
	return c.dyn.Resource(schema.GroupVersionResource{Group: testGroup, Version: version, Resource: testPlural})
}

// widgetName returns the namespace and name of widget i: three namespaces.
func widgetName(i int) (string, string) {
	return fmt.Sprintf("ns-%d", i%3), fmt.Sprintf("w-%05d", i)
}

// createWidgets creates n widgets at v1beta1, 8 at a time.
func (c *cluster) createWidgets(n int) {
	c.t.Helper()
	c.createEach(n, func(i int) error {
		ns, name := widgetName(i)
		obj := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": testGroup + "/v1beta1", "kind": testKind,
			"metadata": map[string]any{"name": name, "namespace": ns},
			"spec":     map[string]any{"size": int64(i), "color": "blue"},
		}}
		_, err := c.resource("v1beta1").Namespace(ns).Create(context.Background(), obj, metav1.CreateOptions{})
		return err
	})
}

// createEach calls create(i) for i from 0 to n-1, 8 at a time, and fails
// the test on the first error.
func (c *cluster) createEach(n int, create func(i int) error) {
	c.t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	next := make(chan int)
	for range 8 {
		wg.Go(func() {
			for i := range next {
				if err := create(i); err != nil {
					errs <- err
				}
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		c.t.Fatal(err)
	}
}

// setStorage makes version the storage version of the widgets' CRD.
func (c *cluster) setStorage(version string) { c.t.Helper(); c.setStorageOf(testCRD, version) }

// setStorageOf makes version the storage version of the CRD name.
func (c *cluster) setStorageOf(name, version string) {
	c.t.Helper()
	err := clientretry.RetryOnConflict(clientretry.DefaultRetry, func() error {
		crd, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		for i := range crd.Spec.Versions {
			crd.Spec.Versions[i].Storage = crd.Spec.Versions[i].Name == version
		}
		_, err = c.ext.ApiextensionsV1().CustomResourceDefinitions().Update(context.Background(), crd, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		c.t.Fatal(err)
	}
}

// storedVersions returns status.storedVersions of the CRD.
func (c *cluster) storedVersions() []string {
	c.t.Helper()
	crd, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), testCRD, metav1.GetOptions{})
	if err != nil {
		c.t.Fatal(err)
	}
	return crd.Status.StoredVersions
}

// stored reads etcd directly and returns the number of widgets stored in
// each apiVersion, and the apiVersion of each key.
func (c *cluster) stored() (map[string]int, map[string]string) {
	c.t.Helper()
	return c.storedOf(testGroup, testPlural)
}

// storedOf is stored for the resource group/plural.
func (c *cluster) storedOf(group, plural string) (map[string]int, map[string]string) {
	c.t.Helper()
	prefix := path.Join("/", c.prefix, group, plural) + "/"
	resp, err := c.etcd.Get(context.Background(), prefix, clientv3.WithPrefix())
	if err != nil {
		c.t.Fatal(err)
	}
	counts, byKey := map[string]int{}, map[string]string{}
	for _, kv := range resp.Kvs {
		var obj struct {
			APIVersion string `json:"apiVersion"`
		}
		if err := json.Unmarshal(kv.Value, &obj); err != nil {
			c.t.Fatalf("etcd %s: %v", kv.Key, err)
		}
		counts[obj.APIVersion]++
		byKey[string(kv.Key)[len(prefix):]] = obj.APIVersion
	}
	return counts, byKey
}

// migrator returns a Migrator on cfg (c.cfg when nil) with the short
// delays of tests.
func (c *cluster) migrator(cfg *rest.Config, o Options) *Migrator {
	c.t.Helper()
	if cfg == nil {
		cfg = c.cfg
	}
	o.Settle = cmpOr(o.Settle, 100*time.Millisecond)
	o.HashPolls = cmpOr(o.HashPolls, 2)
	o.PollInterval = cmpOr(o.PollInterval, 50*time.Millisecond)
	o.HashTimeout = cmpOr(o.HashTimeout, 30*time.Second)
	o.Backoff = cmpOr(o.Backoff, 20*time.Millisecond)
	m, err := New(cfg, o)
	if err != nil {
		c.t.Fatal(err)
	}
	return m
}

func cmpOr[T comparable](v, d T) T {
	var zero T
	if v == zero {
		return d
	}
	return v
}

// prepare starts a cluster with n widgets stored as v1beta1 and the
// storage version moved to v1.
func prepare(t *testing.T, n int) *cluster {
	c := startCluster(t)
	c.createCRD(widgetCRD())
	c.createWidgets(n)
	if counts, _ := c.stored(); counts[testGroup+"/v1beta1"] != n || len(counts) != 1 {
		t.Fatalf("before the switch, etcd holds %v, want %d at v1beta1", counts, n)
	}
	c.setStorage("v1")
	return c
}
