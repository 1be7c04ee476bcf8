package migrate

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// TestLiveCRDs reads the test CRD from the real API server as
// `kubectl get crd NAME -o json` would: spec and status as the server
// holds them, and ErrNoCRD for a name it does not have.
func TestLiveCRDs(t *testing.T) {
	c := startCluster(t)
	c.createCRD(widgetCRD())
	cfg, err := ClientConfig(c.writeKubeconfig(), "test")
	if err != nil {
		t.Fatal(err)
	}
	live, err := NewLiveCRDs(cfg)
	if err != nil {
		t.Fatal(err)
	}
	data, err := live.Get(context.Background(), testCRD)
	if err != nil {
		t.Fatalf("Get(%s): %v", testCRD, err)
	}
	var got struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Name string `json:"name"`
			UID  string `json:"uid"`
		} `json:"metadata"`
		Spec struct {
			Versions []struct {
				Name    string `json:"name"`
				Storage bool   `json:"storage"`
			} `json:"versions"`
		} `json:"spec"`
		Status struct {
			StoredVersions []string `json:"storedVersions"`
		} `json:"status"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("Get returned no JSON: %v\n%s", err, data)
	}
	if got.APIVersion != "apiextensions.k8s.io/v1" || got.Kind != "CustomResourceDefinition" || got.Metadata.Name != testCRD || got.Metadata.UID == "" {
		t.Errorf("Get = %s %s %q uid %q, want the CRD %s with its uid", got.APIVersion, got.Kind, got.Metadata.Name, got.Metadata.UID, testCRD)
	}
	if len(got.Spec.Versions) != 2 || got.Spec.Versions[0].Name != "v1beta1" || !got.Spec.Versions[0].Storage {
		t.Errorf("spec.versions = %+v, want v1beta1 (storage) and v1", got.Spec.Versions)
	}
	if len(got.Status.StoredVersions) != 1 || got.Status.StoredVersions[0] != "v1beta1" {
		t.Errorf("status.storedVersions = %v, want [v1beta1]", got.Status.StoredVersions)
	}

	if _, err := live.Get(context.Background(), "gadgets.example.com"); !errors.Is(err, ErrNoCRD) {
		t.Errorf("Get of a missing CRD = %v, want ErrNoCRD", err)
	}
	if _, err := ClientConfig(c.writeKubeconfig(), "no-such-context"); err == nil {
		t.Error("ClientConfig with an unknown context succeeded")
	}
}
