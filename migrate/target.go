package migrate

import (
	"encoding/json"
	"fmt"
	"slices"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// Target is what the preflight read of a CustomResourceDefinition: the
// identity the commit pins, and where its objects are written.
type Target struct {
	// Name is the CRD's name, <plural>.<group>.
	Name string `json:"name"`
	// UID and Generation identify the CRD and its spec as read.
	UID        types.UID `json:"uid"`
	Generation int64     `json:"generation"`
	// Group, Kind and Plural name the resource; Namespaced is its scope.
	Group      string `json:"group"`
	Kind       string `json:"kind"`
	Plural     string `json:"plural"`
	Namespaced bool   `json:"namespaced"`
	// Storage is the version with storage: true, and StorageIndex its index
	// in spec.versions (the commit tests /spec/versions/<StorageIndex>).
	Storage      string `json:"storage"`
	StorageIndex int    `json:"StorageIndex"`
	// WriteVersion is the version objects are patched at: Storage when it
	// is served (no conversion on the way), else the first served version.
	WriteVersion string `json:"writeVersion"`
	// StoredVersions is status.storedVersions as read.
	StoredVersions []string `json:"storedVersions"`
	// Strategy is the conversion strategy, None or Webhook.
	Strategy string `json:"strategy"`
}

// newTarget reads the Target of crd, or says why the CRD cannot be
// migrated: no storage version, or more than one.
func newTarget(crd *apiextensionsv1.CustomResourceDefinition) (Target, error) {
	t := Target{
		Name:           crd.Name,
		UID:            crd.UID,
		Generation:     crd.Generation,
		Group:          crd.Spec.Group,
		Kind:           crd.Spec.Names.Kind,
		Plural:         crd.Spec.Names.Plural,
		Namespaced:     crd.Spec.Scope == apiextensionsv1.NamespaceScoped,
		StoredVersions: slices.Clone(crd.Status.StoredVersions),
		Strategy:       string(apiextensionsv1.NoneConverter),
		StorageIndex:   -1,
	}
	if c := crd.Spec.Conversion; c != nil && c.Strategy != "" {
		t.Strategy = string(c.Strategy)
	}
	firstServed := ""
	for i, v := range crd.Spec.Versions {
		if v.Storage {
			if t.StorageIndex >= 0 {
				return Target{}, fmt.Errorf("migrate: CRD %s: versions %s and %s both have storage: true", crd.Name, t.Storage, v.Name)
			}
			t.Storage, t.StorageIndex = v.Name, i
		}
		if v.Served && firstServed == "" {
			firstServed = v.Name
		}
	}
	if t.StorageIndex < 0 {
		return Target{}, fmt.Errorf("migrate: CRD %s: no version has storage: true", crd.Name)
	}
	t.WriteVersion = firstServed
	if crd.Spec.Versions[t.StorageIndex].Served {
		t.WriteVersion = t.Storage
	}
	if t.WriteVersion == "" {
		return Target{}, fmt.Errorf("migrate: CRD %s: no version is served, so no object can be written", crd.Name)
	}
	return t, nil
}

// Resource returns the group, version and resource objects are listed and
// patched at. For example, the Resource of a CronTab target stored as v1 is
// stable.example.com/v1, Resource=crontabs.
func (t Target) Resource() schema.GroupVersionResource {
	return schema.GroupVersionResource{Group: t.Group, Version: t.WriteVersion, Resource: t.Plural}
}

// Done reports whether status.storedVersions already lists only the storage
// version, so that nothing is left to migrate.
func (t Target) Done() bool {
	return len(t.StoredVersions) == 1 && t.StoredVersions[0] == t.Storage
}

// ObjectPatch returns the JSON merge patch that makes the server re-encode
// one object, listed at resourceVersion rv, in the storage version:
//
//	{"apiVersion":"<group>/<write version>","kind":"<Kind>","metadata":{"resourceVersion":"<rv>"}}
//
// It changes nothing in the object, so the server writes to etcd only when
// the stored encoding differs; the resourceVersion makes it a Conflict when
// someone wrote the object since it was listed (and so re-encoded it).
func (t Target) ObjectPatch(rv string) []byte {
	b, _ := json.Marshal(map[string]any{
		"apiVersion": t.Group + "/" + t.WriteVersion,
		"kind":       t.Kind,
		"metadata":   map[string]string{"resourceVersion": rv},
	})
	return b
}

// CommitPatch returns the JSON patch of the CRD's /status that sets
// status.storedVersions to [Storage], on condition that the CRD still has
// the uid, generation and storage version of t and that its storedVersions
// are still current (as just read). Each condition is a test operation, which
// the server evaluates against the object it updates: a CRD changed
// meanwhile fails the whole patch (422) and keeps its storedVersions.
func (t Target) CommitPatch(current []string) []byte {
	if current == nil {
		current = []string{}
	}
	ops := []map[string]any{
		{"op": "test", "path": "/metadata/uid", "value": t.UID},
		{"op": "test", "path": "/metadata/generation", "value": t.Generation},
		{"op": "test", "path": fmt.Sprintf("/spec/versions/%d/name", t.StorageIndex), "value": t.Storage},
		{"op": "test", "path": fmt.Sprintf("/spec/versions/%d/storage", t.StorageIndex), "value": true},
		{"op": "test", "path": "/status/storedVersions", "value": current},
		{"op": "replace", "path": "/status/storedVersions", "value": []string{t.Storage}},
	}
	b, _ := json.Marshal(ops)
	return b
}
