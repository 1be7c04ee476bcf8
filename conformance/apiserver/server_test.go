package apiserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	clientv3 "go.etcd.io/etcd/client/v3"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilnet "k8s.io/apimachinery/pkg/util/net"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/client-go/rest"
	kubeapiservertesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
	"k8s.io/kubernetes/pkg/kubeapiserver/options"
)

// server is a running kube-apiserver and a client for raw requests.
type server struct {
	host   string
	client *http.Client
	config *rest.Config // an administrator's
	etcd   string       // the shared etcd's URL
	prefix string       // where in it this server stores
}

// startServer starts a kube-apiserver on the shared etcd, with every
// admission plugin off: admission needs the state of a cluster, which is
// outside what builtin judges (see its package doc). The flags of extra
// are added to its command line.
func startServer(t *testing.T, extra ...string) *server {
	t.Helper()
	etcdURL, err := sharedEtcd()
	if err != nil {
		t.Fatal(err)
	}
	storage := storagebackend.NewDefaultConfig(path.Join("/", uuid.NewString(), "registry"), nil)
	storage.Transport.ServerList = []string{etcdURL}
	if err := writeDefaultNamespace(etcdURL, storage.Prefix); err != nil {
		t.Fatal(err)
	}
	flags := append([]string{"--disable-admission-plugins=" + strings.Join(options.AllOrderedPlugins, ",")}, extra...)
	// The invariant checks at the end fail on the count of Kubernetes' own
	// declarative validation disagreeing with its handwritten validation,
	// which the mutated objects of the differential find in 1.37.2 (see
	// logParity): a finding on Kubernetes, not on builtin, which gives the
	// server's answers all the same.
	opts := &kubeapiservertesting.TestServerInstanceOptions{DisableInvariantChecks: true}
	s := kubeapiservertesting.StartTestServerOrDie(t, opts, flags, storage)
	t.Cleanup(s.TearDownFn)
	client, err := rest.HTTPClientFor(s.ClientConfig)
	if err != nil {
		t.Fatal(err)
	}
	return &server{host: strings.TrimSuffix(s.ClientConfig.Host, "/"), client: client, config: s.ClientConfig, etcd: etcdURL, prefix: storage.Prefix}
}

// writeDefaultNamespace stores the namespace "default" under prefix
// before the server starts. The test server waits up to 30 s for it, and
// the controller that creates it waits for its namespace informer, whose
// first lists sometimes fail while the server starts and then back off
// past those 30 s (one start in three on this project's 2-core machine).
// The namespace is the server's own, as that controller writes it.
func writeDefaultNamespace(etcdURL, prefix string) error {
	client, err := clientv3.New(clientv3.Config{Endpoints: []string{etcdURL}, DialTimeout: 10 * time.Second})
	if err != nil {
		return err
	}
	defer client.Close()
	ns := `{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"default","uid":"` + uuid.NewString() +
		`","creationTimestamp":"` + time.Now().UTC().Format(time.RFC3339) + `","labels":{"kubernetes.io/metadata.name":"default"}},` +
		`"spec":{"finalizers":["kubernetes"]},"status":{"phase":"Active"}}`
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = client.Put(ctx, path.Join(prefix, "namespaces", "default"), ns)
	return err
}

// answer is the server's response to one request.
type answer struct {
	ok       bool     // 2xx
	code     int      // the HTTP status
	object   []byte   // the object, when ok
	message  string   // the Status's message, when not ok
	causes   []string // its causes, each "field: message"
	warnings []string
}

// resourcePath is the path of a resource's collection, or of one object
// of it when name is not empty.
func resourcePath(gvr schema.GroupVersionResource, namespace, name string) string {
	p := "/apis/" + gvr.Group + "/" + gvr.Version
	if gvr.Group == "" {
		p = "/api/" + gvr.Version
	}
	if namespace != "" {
		p += "/namespaces/" + namespace
	}
	p += "/" + gvr.Resource
	if name != "" {
		p += "/" + name
	}
	return p
}

// do sends body to the path with method, as kubectl sends a manifest
// with --validate=strict, and reads the answer.
func (s *server) do(method, p string, body []byte, dryRun bool) (answer, error) {
	q := "?fieldValidation=Strict"
	if dryRun {
		q += "&dryRun=All"
	}
	req, err := http.NewRequest(method, s.host+p+q, bytes.NewReader(body))
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{}, err
	}
	warnings, _ := utilnet.ParseWarningHeaders(resp.Header.Values("Warning"))
	a := answer{ok: resp.StatusCode/100 == 2, code: resp.StatusCode}
	for _, w := range warnings {
		a.warnings = append(a.warnings, w.Text)
	}
	if a.ok {
		a.object = data
		return a, nil
	}
	var status metav1.Status
	if err := json.Unmarshal(data, &status); err != nil || status.Kind != "Status" {
		return a, fmt.Errorf("%s %s: %d %s", method, p, resp.StatusCode, data)
	}
	a.message = status.Message
	if status.Details != nil {
		for _, c := range status.Details.Causes {
			a.causes = append(a.causes, c.Field+": "+c.Message)
		}
	}
	return a, nil
}
