package crd

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

const missingV1beta1 = `status.storedVersions[0]: Invalid value: "v1beta1": missing from spec.versions; v1beta1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1beta1 and removes v1beta1 from status.storedVersions`

func TestValidateUpdate(t *testing.T) {
	for _, tt := range []struct {
		name   string
		stored []string // old status.storedVersions
		old    func(c *CustomResourceDefinition)
		change func(c *CustomResourceDefinition)
		want   []string
	}{
		{"no change", []string{"v1"}, nil, nil, nil},
		{"switch storage from v1beta1 to v1: both are now stored", []string{"v1beta1"},
			func(c *CustomResourceDefinition) {
				c.Spec.Versions[0].Storage, c.Spec.Versions[1].Storage = true, false
			},
			nil, nil},
		{"remove a version that is still stored", []string{"v1beta1", "v1"}, nil,
			func(c *CustomResourceDefinition) { c.Spec.Versions = c.Spec.Versions[1:] },
			[]string{missingV1beta1}},
		{"remove a version that was never stored", []string{"v1"}, nil,
			func(c *CustomResourceDefinition) { c.Spec.Versions = c.Spec.Versions[1:] },
			nil},
		{"several missing, in index order, last index of each", []string{"v0", "v1beta1", "v0", "v1"}, nil,
			func(c *CustomResourceDefinition) { c.Spec.Versions = c.Spec.Versions[1:] },
			[]string{
				`status.storedVersions[1]: Invalid value: "v1beta1": missing from spec.versions; v1beta1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1beta1 and removes v1beta1 from status.storedVersions`,
				`status.storedVersions[2]: Invalid value: "v0": missing from spec.versions; v0 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v0 and removes v0 from status.storedVersions`,
			}},
		{"duplicates in storedVersions are fine", []string{"v1", "v1"}, nil, nil, nil},
		{"an empty list without a storage version prints as empty", []string{},
			func(c *CustomResourceDefinition) { c.Spec.Versions[1].Storage = false },
			func(c *CustomResourceDefinition) { c.Spec.Versions[1].Storage = false },
			[]string{
				"spec.versions: Invalid value: " + cronTabVersions(false, false) + ": must have exactly one version marked as storage version",
				"status.storedVersions: Invalid value: []: must have at least one stored version",
			}},
		{"old without status is read as storing its storage version", nil,
			func(c *CustomResourceDefinition) {
				c.Spec.Versions[0].Storage, c.Spec.Versions[1].Storage = true, false
			},
			func(c *CustomResourceDefinition) { c.Spec.Versions = c.Spec.Versions[1:] },
			[]string{missingV1beta1}},
		{"a schema is required only of served versions if old lacked one", []string{"v1"},
			func(c *CustomResourceDefinition) { c.Spec.Versions[0].Schema = nil },
			func(c *CustomResourceDefinition) {
				c.Spec.Versions[0].Schema = nil
				c.Spec.Versions[1].Schema = nil
				c.Spec.Versions[1].Served = false
			},
			[]string{"spec.versions[0].schema.openAPIV3Schema: Required value: because otherwise all fields are pruned"}},
		{"every version needs a schema if old had them all", []string{"v1"}, nil,
			func(c *CustomResourceDefinition) { c.Spec.Versions[1].Schema = nil; c.Spec.Versions[1].Served = false },
			[]string{"spec.versions[1].schema.openAPIV3Schema: Required value"}},
	} {
		c, old := cronTab(), cronTab()
		old.Status.StoredVersions = tt.stored
		if tt.old != nil {
			tt.old(old)
		}
		if tt.change != nil {
			tt.change(c)
		}
		if diff := cmp.Diff(tt.want, messages(ValidateUpdate(c, old))); diff != "" {
			t.Errorf("%s: ValidateUpdate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestValidateUpdateDoesNotChangeOld(t *testing.T) {
	c, old := cronTab(), cronTab()
	old.Spec.Versions[0].Storage, old.Spec.Versions[1].Storage = true, false
	old.Status.StoredVersions = make([]string, 1, 10) // room to append in place
	old.Status.StoredVersions[0] = "v1beta1"
	ValidateUpdate(c, old)
	if got := old.Status.StoredVersions[:2]; got[1] != "" {
		t.Errorf("ValidateUpdate wrote into old's stored versions: %q", got)
	}
}
