package cluster_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"k8s.io/client-go/rest"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/cluster"
)

// writeKubeconfig writes a kubeconfig whose context "dev" reaches server.
func writeKubeconfig(dir, server string) string {
	path := filepath.Join(dir, "kubeconfig")
	os.WriteFile(path, []byte(`apiVersion: v1
kind: Config
clusters: [{name: dev, cluster: {server: "`+server+`"}}]
users: [{name: dev, user: {token: secret}}]
contexts: [{name: dev, context: {cluster: dev, user: dev}}]
current-context: dev
`), 0o600)
	return path
}

func ExampleClientConfig() {
	dir, _ := os.MkdirTemp("", "kubeconfig")
	defer os.RemoveAll(dir)
	cfg, err := cluster.ClientConfig(writeKubeconfig(dir, "https://dev.example.com:6443"), "dev")
	fmt.Println(cfg.Host, cfg.BearerToken, err)
	_, err = cluster.ClientConfig(filepath.Join(dir, "kubeconfig"), "prod")
	fmt.Println(err)
	// Output:
	// https://dev.example.com:6443 secret <nil>
	// kubeconfig: context "prod" does not exist
}

func ExampleLiveCRDs_Get() {
	// An API server that has one CRD, gadgets.example.com.
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path != "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.example.com" {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"NotFound","code":404}`)
			return
		}
		fmt.Fprint(w, `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"gadgets.example.com"},"status":{"storedVersions":["v1beta1"]}}`)
	}))
	defer server.Close()
	dir, _ := os.MkdirTemp("", "kubeconfig")
	defer os.RemoveAll(dir)

	cfg, _ := cluster.ClientConfig(writeKubeconfig(dir, server.URL), "")
	live, _ := cluster.NewLiveCRDs(cfg)
	data, err := live.Get(context.Background(), "gadgets.example.com")
	fmt.Printf("%s %v\n", data, err)
	_, err = live.Get(context.Background(), "widgets.example.com")
	fmt.Println(errors.Is(err, cluster.ErrNoCRD), err)
	// Output:
	// {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"gadgets.example.com"},"status":{"storedVersions":["v1beta1"]}} <nil>
	// true no such CustomResourceDefinition: widgets.example.com
}

func ExampleNewLiveCRDs() {
	_, err := cluster.NewLiveCRDs(&rest.Config{Host: "https://dev.example.com:6443"})
	fmt.Println(err)
	_, err = cluster.NewLiveCRDs(nil)
	fmt.Println(err)
	// Output:
	// <nil>
	// no client configuration
}
