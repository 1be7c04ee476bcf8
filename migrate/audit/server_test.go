package audit

import (
	"context"
	"encoding/json"
	"path"
	"slices"
	"strings"
	"testing"

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

// server is an apiextensions API server of a test, with its clients.
type server struct {
	t   *testing.T
	s   *testserver.Server
	ext clientset.Interface
	dyn dynamic.Interface
}

func start(t *testing.T) *server {
	t.Helper()
	s := testserver.Start(t)
	return &server{t: t, s: s, ext: clientset.NewForConfigOrDie(s.Config), dyn: dynamic.NewForConfigOrDie(s.Config)}
}

// crd returns a CRD of group and plural with versions v1beta1 (the
// storage version) and v1, both served.
func crd(group, plural string) *apiextensionsv1.CustomResourceDefinition {
	kind := strings.ToUpper(plural[:1]) + strings.TrimSuffix(plural[1:], "s")
	schema := &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
		Type: "object",
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{"size": {Type: "integer"}}},
		},
	}}
	return &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: plural + "." + group},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: group,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: plural, Singular: strings.ToLower(kind), Kind: kind, ListKind: kind + "List"},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{
				{Name: "v1beta1", Served: true, Storage: true, Schema: schema},
				{Name: "v1", Served: true, Schema: schema},
			},
		},
	}
}

// create creates c and waits until it is served.
func (s *server) create(c *apiextensionsv1.CustomResourceDefinition) {
	s.t.Helper()
	if _, err := fixtures.CreateNewV1CustomResourceDefinition(c, s.ext, s.dyn); err != nil {
		s.t.Fatal(err)
	}
}

// createObjects creates n objects of c at version.
func (s *server) createObjects(c *apiextensionsv1.CustomResourceDefinition, version string, n int) {
	s.t.Helper()
	r := s.dyn.Resource(schema.GroupVersionResource{Group: c.Spec.Group, Version: version, Resource: c.Spec.Names.Plural})
	for i := range n {
		obj := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": c.Spec.Group + "/" + version, "kind": c.Spec.Names.Kind,
			"metadata": map[string]any{"name": "o-" + string(rune('a'+i)), "namespace": "default"},
			"spec":     map[string]any{"size": int64(i)},
		}}
		if _, err := r.Namespace("default").Create(context.Background(), obj, metav1.CreateOptions{}); err != nil {
			s.t.Fatal(err)
		}
	}
}

// update changes the CRD name with change, retrying on conflicts.
func (s *server) update(name string, change func(*apiextensionsv1.CustomResourceDefinition)) {
	s.t.Helper()
	err := clientretry.RetryOnConflict(clientretry.DefaultRetry, func() error {
		c, err := s.ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		change(c)
		_, err = s.ext.ApiextensionsV1().CustomResourceDefinitions().Update(context.Background(), c, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

// storedAs returns the apiVersions the objects of group and plural are
// stored in, read from etcd.
func (s *server) storedAs(group, plural string) []string {
	s.t.Helper()
	prefix := path.Join("/", s.s.Prefix, group, plural) + "/"
	resp, err := s.s.Etcd.Get(context.Background(), prefix, clientv3.WithPrefix())
	if err != nil {
		s.t.Fatal(err)
	}
	var versions []string
	for _, kv := range resp.Kvs {
		var obj struct {
			APIVersion string `json:"apiVersion"`
		}
		if err := json.Unmarshal(kv.Value, &obj); err != nil {
			s.t.Fatalf("etcd %s: %v", kv.Key, err)
		}
		versions = append(versions, obj.APIVersion)
	}
	slices.Sort(versions)
	return slices.Compact(versions)
}

// audit runs audit on the server with o, as an administrator, or on cfg.
func (s *server) audit(cfg *rest.Config, o Options) *Report {
	s.t.Helper()
	if cfg == nil {
		cfg = s.s.Config
	}
	r, err := Run(context.Background(), cfg, o)
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

// findings returns the findings of r about subject.
func findings(r *Report, subject string) []Finding {
	var fs []Finding
	for _, f := range r.Findings {
		if f.Subject == subject {
			fs = append(fs, f)
		}
	}
	return fs
}

// source returns the source of r named name.
func source(t *testing.T, r *Report, name string) Source {
	t.Helper()
	for _, s := range r.Sources {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no source %q in %+v", name, r.Sources)
	return Source{}
}

// dynFor returns a dynamic client of cfg.
func (s *server) dynFor(cfg *rest.Config) dynamic.Interface {
	return dynamic.NewForConfigOrDie(cfg)
}

// warningRecorder is a rest.WarningHandler that calls its function with
// each warning the server sends.
type warningRecorder func(string)

func (w warningRecorder) HandleWarningHeader(code int, agent, text string) { w(text) }
