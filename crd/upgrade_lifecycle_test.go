package crd

import "testing"

func TestCheckUpgradeLifecycle(t *testing.T) {
	v1beta1 := tv{name: "v1beta1", served: true}
	v1beta1Dep := tv{name: "v1beta1", served: true, deprecated: true}
	v1beta1Off := tv{name: "v1beta1"}
	v1Store := tv{name: "v1", served: true, storage: true}
	v1 := tv{name: "v1", served: true}
	v1beta1Store := tv{name: "v1beta1", served: true, storage: true}
	v2 := tv{name: "v2", served: true}
	v2Dep := tv{name: "v2", served: true, deprecated: true}
	v1alpha1Off := tv{name: "v1alpha1"}
	tests := []upgradeCase{{
		name: "nothing changes",
		old:  upCRD(t, []tv{v1beta1, v1Store}),
		new:  upCRD(t, []tv{v1beta1, v1Store}),
	}, {
		name: "served version removed without deprecation",
		old:  upCRD(t, []tv{v1beta1, v1Store}),
		new:  upCRD(t, []tv{v1Store}),
		want: []string{
			"served-version-removed spec.versions v1beta1",
			"removed-without-deprecation spec.versions v1beta1",
		},
		words: []string{"v1beta1 is removed from spec.versions: its clients get 404", "deprecated: true on v1beta1"},
	}, {
		name: "deprecated version unserved",
		old:  upCRD(t, []tv{v1beta1Dep, v1Store}),
		new:  upCRD(t, []tv{v1beta1Off, v1Store}),
		want: []string{"served-version-removed spec.versions[0].served v1beta1"},
	}, {
		name: "an unserved version removed is no finding",
		old:  upCRD(t, []tv{v1beta1Off, v1Store}),
		new:  upCRD(t, []tv{v1Store}),
	}, {
		name:  "default version changes when a higher version is served",
		old:   upCRD(t, []tv{v1Store}),
		new:   upCRD(t, []tv{v1Store, v2}),
		want:  []string{"default-version-changed spec.versions[1] v2"},
		words: []string{"from v1 to v2"},
	}, {
		name: "deprecated default, with a live object",
		old:  upCRD(t, []tv{v1Store, v2}),
		new:  upCRD(t, []tv{v1Store, v2Dep}),
		want: []string{"deprecated-default spec.versions[1].deprecated v2"},
	}, {
		name: "deprecated default, without a live object",
		new:  upCRD(t, []tv{v1Store, v2Dep}),
		want: []string{"deprecated-default spec.versions[1].deprecated v2"},
	}, {
		name: "a deprecated version that is not the default is no finding",
		new:  upCRD(t, []tv{v1beta1Dep, v1Store}),
	}, {
		name: "storage version moves",
		old:  upCRD(t, []tv{v1beta1Store, v1}, stored("v1beta1")),
		new:  upCRD(t, []tv{v1beta1, v1Store}),
		want: []string{"storage-version-changed spec.versions[1].storage v1"},
		words: []string{
			"from v1beta1 to v1: objects stored as v1beta1 stay so",
			"migrate them: `kubeversion migrate widgets.example.com` rewrites every object in v1",
			"sets status.storedVersions to [v1], only if the CRD did not change meanwhile; by hand: (1)",
			"`kubectl get widgets.example.com --all-namespaces -o json | kubectl replace -f -`",
			`kubectl patch crd widgets.example.com --subresource=status --type=merge -p '{"status":{"storedVersions":["v1"]}}'`,
		},
	}, {
		name: "storage version moves in a cluster-scoped CRD",
		old: upCRD(t, []tv{v1beta1Store, v1}, stored("v1alpha1", "v1beta1"), func(c *CustomResourceDefinition) {
			c.Spec.Scope = ClusterScoped
		}),
		new: upCRD(t, []tv{v1beta1, v1Store}, func(c *CustomResourceDefinition) { c.Spec.Scope = ClusterScoped }),
		// v1alpha1, still stored, is gone from spec.versions: the API
		// server rejects that (ValidateUpdate's error), so the migration
		// proposed comes before, in a revision that keeps v1alpha1.
		want: []string{"storage-version-changed spec.versions[1].storage v1"},
		words: []string{
			"objects stored as v1alpha1, v1beta1 stay so",
			"The API server rejects this CRD while v1alpha1 is in status.storedVersions and missing from spec.versions",
			"keeps v1alpha1 in spec.versions (served or not) and stores v1",
			"`kubectl get widgets.example.com -o json | kubectl replace -f -`",
			"only then remove v1alpha1",
		},
	}, {
		name: "a stored version kept but unserved, by a CRD without a storage version",
		old:  upCRD(t, []tv{v1alpha1Off, v1Store}, stored("v1alpha1", "v1")),
		new:  upCRD(t, []tv{v1alpha1Off, v1}),
		want: []string{"stored-version-unserved spec.versions[0].served v1alpha1"},
		// No migration command: it would record "" as the stored version.
		words: []string{"cannot leave spec.versions until they are migrated to the storage version, which this CRD lacks"},
	}, {
		name: "a stored version no longer served",
		old:  upCRD(t, []tv{v1alpha1Off, v1Store}, stored("v1alpha1", "v1")),
		new:  upCRD(t, []tv{v1alpha1Off, v1Store}),
		want: []string{"stored-version-unserved spec.versions[0].served v1alpha1"},
		words: []string{
			"v1alpha1 is in the live status.storedVersions but not served",
			`-p '{"status":{"storedVersions":["v1"]}}'`,
		},
	}}
	checkUpgradeCases(t, tests)
}
