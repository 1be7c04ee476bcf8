package audit

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"
)

// TestStaleStoredVersions: objects written while v1beta1 was the storage
// version stay stored as v1beta1 (read from etcd) after v1 becomes the
// storage version, and audit says the CRD needs a migration; once
// v1beta1 is no longer served, it says that too.
func TestStaleStoredVersions(t *testing.T) {
	t.Parallel()
	s := start(t)
	c := crd("stale.example.com", "widgets")
	s.create(c)
	s.createObjects(c, "v1beta1", 3)
	s.update(c.Name, func(c *apiextensionsv1.CustomResourceDefinition) {
		c.Spec.Versions[0].Storage, c.Spec.Versions[1].Storage = false, true
	})
	if got := s.storedAs("stale.example.com", "widgets"); !slices.Equal(got, []string{"stale.example.com/v1beta1"}) {
		t.Fatalf("etcd holds %v, want every object at v1beta1", got)
	}

	r := s.audit(nil, Options{})
	fs := findings(r, "customresourcedefinition "+c.Name)
	if len(fs) != 1 || fs[0].Check != CheckStorageMigrationNeeded || fs[0].Level != Error || fs[0].Fix != "kubeversion migrate widgets.stale.example.com" {
		t.Fatalf("findings %+v, want one %s with its migrate command", fs, CheckStorageMigrationNeeded)
	}
	if want := "status.storedVersions lists v1beta1 beside the storage version v1"; !strings.HasPrefix(fs[0].Message, want) {
		t.Errorf("message %q, want it to start %q", fs[0].Message, want)
	}
	if !r.Breaks() {
		t.Error("Breaks() = false, want true")
	}
	if src := source(t, r, "customresourcedefinitions"); !src.Read {
		t.Errorf("CRDs not read: %+v", src)
	}

	s.update(c.Name, func(c *apiextensionsv1.CustomResourceDefinition) { c.Spec.Versions[0].Served = false })
	r = s.audit(nil, Options{})
	var checks []string
	for _, f := range findings(r, "customresourcedefinition "+c.Name) {
		checks = append(checks, f.Check)
	}
	if want := []string{CheckStoredVersionNotServed, CheckStorageMigrationNeeded}; !slices.Equal(checks, want) {
		t.Errorf("checks %v, want %v", checks, want)
	}
}

// TestUpToDateCRD: a CRD whose storedVersions is its storage version has
// no finding.
func TestUpToDateCRD(t *testing.T) {
	t.Parallel()
	s := start(t)
	c := crd("fresh.example.com", "widgets")
	s.create(c)
	s.createObjects(c, "v1", 2)
	r := s.audit(nil, Options{})
	if fs := findings(r, "customresourcedefinition "+c.Name); len(fs) != 0 {
		t.Errorf("findings %+v, want none", fs)
	}
}

// TestDeprecatedCRDVersionRequested: a client that lists a deprecated
// version three times is counted by the API server's metrics, and audit
// reports it with the warning the server sent that client.
func TestDeprecatedCRDVersionRequested(t *testing.T) {
	t.Parallel()
	s := start(t)
	c := crd("deprecated.example.com", "gadgets")
	c.Spec.Versions[0].Deprecated = true
	s.create(c)

	subject := "customresourcedefinition gadgets.deprecated.example.com version v1beta1"
	before := 0 // the requests of CreateNewV1CustomResourceDefinition's wait
	if fs := findings(s.audit(nil, Options{}), subject); len(fs) == 1 {
		before = requests(t, fs[0].Message)
	}
	var warnings []string
	cfg := rest.CopyConfig(s.s.Config)
	cfg.UserAgent = "legacy-tool/1.0"
	cfg.WarningHandler = warningRecorder(func(w string) { warnings = append(warnings, w) })
	old := s.dynFor(cfg).Resource(schema.GroupVersionResource{Group: c.Spec.Group, Version: "v1beta1", Resource: "gadgets"})
	for range 3 {
		if _, err := old.List(context.Background(), metav1.ListOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if len(warnings) != 3 {
		t.Fatalf("the server sent %d warnings, want 3: %q", len(warnings), warnings)
	}

	r := s.audit(nil, Options{})
	fs := findings(r, subject)
	if len(fs) != 1 || fs[0].Check != CheckDeprecatedAPIRequested || fs[0].Level != Warning {
		t.Fatalf("findings %+v, want one %s", fs, CheckDeprecatedAPIRequested)
	}
	if want := fmt.Sprintf("%s: requested %d times since this API server started", warnings[0], before+3); !strings.HasPrefix(fs[0].Message, want) {
		t.Errorf("message %q, want it to start %q", fs[0].Message, want)
	}
	if src := source(t, r, "metrics"); !src.Read || !strings.Contains(src.Note, "how many the cluster has is unknown") {
		t.Errorf("metrics source %+v, want read, with the number of instances unknown (no leases on this server)", src)
	}
}

// requests returns the count of requests a finding's message gives.
func requests(t *testing.T, message string) int {
	t.Helper()
	_, after, ok := strings.Cut(message, "requested ")
	if strings.HasPrefix(after, "once ") {
		return 1
	}
	count, _, ok2 := strings.Cut(after, " times")
	n, err := strconv.Atoi(count)
	if !ok || !ok2 || err != nil {
		t.Fatalf("no count of requests in %q", message)
	}
	return n
}
