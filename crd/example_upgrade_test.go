package crd_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/crd"
)

// live is a CronTab served as v1beta1 and v1, stored as v1beta1, with
// strategy None and the same schema in both versions.
var live = crontab(`
      {"name": "v1beta1", "served": true, "storage": true,
       "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object",
         "properties": {"cronSpec": {"type": "string"}, "image": {"type": "string"}}}}}}},
      {"name": "v1", "served": true, "storage": false,
       "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object",
         "properties": {"cronSpec": {"type": "string"}, "image": {"type": "string"}}}}}}}`,
	`{"storedVersions": ["v1beta1"]}`)

// revision stops serving v1beta1, stores v1, and requires spec.image in v1.
var revision = crontab(`
      {"name": "v1beta1", "served": false, "storage": false,
       "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object",
         "properties": {"cronSpec": {"type": "string"}, "image": {"type": "string"}}}}}}},
      {"name": "v1", "served": true, "storage": true,
       "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object",
         "properties": {"cronSpec": {"type": "string"}, "image": {"type": "string"}}, "required": ["image"]}}}}}`, "")

func ExampleCheckUpgrade() {
	old, _ := crd.Decode([]byte(live))
	new, _ := crd.Decode([]byte(revision))
	for _, f := range crd.CheckUpgrade(old, new) {
		fmt.Printf("%s %s %s\n", f.Check, f.Version, f.Field)
	}
	// Output:
	// served-version-removed v1beta1 spec.versions[0].served
	// removed-without-deprecation v1beta1 spec.versions[0].served
	// storage-version-changed v1 spec.versions[1].storage
	// stored-version-unserved v1beta1 spec.versions[0].served
	// required-added v1 spec.versions[1].schema.openAPIV3Schema.properties[spec].required
	// required-added v1 spec.versions[1].schema.openAPIV3Schema.properties[spec].required
}

func ExampleCheckUpgrade_twoComparisons() {
	// The new required field breaks two things, each reported: v1 as it
	// was, and the move of the stored objects from v1beta1 to v1.
	old, _ := crd.Decode([]byte(live))
	new, _ := crd.Decode([]byte(revision))
	for _, f := range crd.CheckUpgrade(old, new) {
		if f.Check == "required-added" {
			fmt.Println(f.Message)
		}
	}
	// Output:
	// spec: newly required: image: clients without them fail validation; a stored object without them can still be updated without changing that object since Kubernetes 1.30 (validation ratcheting), not before
	// storage moves from v1beta1 to v1: spec: newly required: image: clients without them fail validation; a stored object without them can still be updated without changing that object since Kubernetes 1.30 (validation ratcheting), not before
}

func ExampleCheckUpgrade_noLiveObject() {
	// Without a live object, only the checks that need none run: here,
	// strategy None between versions whose fields differ.
	c, _ := crd.Decode([]byte(crontab(`
      {"name": "v1beta1", "served": true, "storage": false,
       "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object",
         "properties": {"cronSpec": {"type": "string"}}}}}}},
      {"name": "v1", "served": true, "storage": true,
       "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object",
         "properties": {"schedule": {"type": "string"}}}}}}}`, "")))
	for _, f := range crd.CheckUpgrade(nil, c) {
		fmt.Printf("%s %s (from %q)\n", f.Check, f.Version, f.From)
		fmt.Println(f.Message)
	}
	// Output:
	// none-conversion-drops-fields v1beta1 (from "")
	// strategy None between v1beta1 and the storage version v1, whose schemas differ: objects written through v1beta1 are stored as v1 and lose spec.cronSpec; objects read through v1beta1 lack spec.schedule, and lose them when written back through v1beta1; convert with a webhook, or give both versions the same fields
	// field-removed v1 (from "v1beta1")
	// from v1beta1 to v1: spec.cronSpec: removed from the schema: clients that set it fail or lose it, and stored values are pruned
}

func ExampleCheckUpgrade_storageMigration() {
	old, _ := crd.Decode([]byte(live))
	new, _ := crd.Decode([]byte(revision))
	for _, f := range crd.CheckUpgrade(old, new) {
		if f.Check == "storage-version-changed" {
			fmt.Println(f.Message)
		}
	}
	// Output:
	// the storage version changes from v1beta1 to v1: objects stored as v1beta1 stay so until they are written again. After applying this CRD, migrate them: `kubeversion migrate crontabs.stable.example.com` rewrites every object in v1 (conflicts with controllers' writes count as done) and then sets status.storedVersions to [v1], only if the CRD did not change meanwhile; by hand: (1) rewrite every object: `kubectl get crontabs.stable.example.com --all-namespaces -o json | kubectl replace -f -`; (2) once that succeeded, record that no other version remains stored: `kubectl patch crd crontabs.stable.example.com --subresource=status --type=merge -p '{"status":{"storedVersions":["v1"]}}'`
}

func ExampleFinding_String() {
	f := crd.Finding{
		Check:   "served-version-removed",
		Field:   "spec.versions[0].served",
		Version: "v1beta1",
		Message: "v1beta1 is no longer served: its clients get 404 Not Found",
	}
	fmt.Println(f)
	// Output:
	// spec.versions[0].served: v1beta1 is no longer served: its clients get 404 Not Found [served-version-removed]
}

func ExampleFinding() {
	old, _ := crd.Decode([]byte(live))
	new, _ := crd.Decode([]byte(revision))
	f := crd.CheckUpgrade(old, new)[0]
	fmt.Printf("%q %q %q\n%s\n", f.Check, f.Field, f.Version, f.Message)
	// Output:
	// "served-version-removed" "spec.versions[0].served" "v1beta1"
	// v1beta1 is no longer served: its clients get 404 Not Found
}

func ExampleUpgradeChecks() {
	checks := crd.UpgradeChecks()
	fmt.Println(len(checks), checks[0], checks[len(checks)-1])
	// Output:
	// 40 served-version-removed unhandled-change
}
