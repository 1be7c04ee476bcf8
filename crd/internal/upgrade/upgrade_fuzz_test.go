package upgrade

import (
	"encoding/json"
	"slices"
	"testing"
)

// FuzzCheckUpgrade checks the laws of CheckUpgrade on any two CRDs that
// Decode reads: it does not panic or change its inputs; every finding
// names a check of UpgradeChecks, a field and a message, in the order of
// UpgradeChecks; an upgrade to the same object reports only what the
// object has on its own (deprecated-default, none-conversion-drops-fields,
// stored-version-unserved), and without a live object only the checks
// that need none run. Rerun a failure with
// go test -run FuzzCheckUpgrade/<name> ./crd/internal/upgrade.
func FuzzCheckUpgrade(f *testing.F) {
	f.Add([]byte(`{"spec":{"group":"g","names":{"plural":"p","kind":"K"},"scope":"Namespaced","versions":[
		{"name":"v1beta1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{"a":{"type":"string","enum":["x"]}}}}}]},
		"status":{"storedVersions":["v1beta1"]}}`),
		[]byte(`{"spec":{"group":"g","names":{"plural":"p","kind":"K"},"scope":"Cluster","versions":[
		{"name":"v1beta1","served":false,"storage":false,"schema":{"openAPIV3Schema":{"type":"object","properties":{"a":{"type":"integer"}}}}},
		{"name":"v1","served":true,"storage":true,"deprecated":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{"b":{"type":"string"}},"required":["b"]}}}]}}`))
	f.Add([]byte(`{"spec":{"versions":[{"name":"v1","served":true,"storage":true}],"conversion":{"strategy":"Webhook"}}}`),
		[]byte(`{"spec":{"versions":[{"name":"v2","served":true,"storage":true,"schema":{"openAPIV3Schema":{"items":[{"type":"string"}],"allOf":[{}]}}}]}}`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		old, errA := Decode(a)
		new, errB := Decode(b)
		if errA != nil || errB != nil {
			return
		}
		oldBefore, newBefore := mustJSON(t, old), mustJSON(t, new)
		fs := CheckUpgrade(old, new)
		if mustJSON(t, old) != oldBefore || mustJSON(t, new) != newBefore {
			t.Fatalf("CheckUpgrade changed its inputs")
		}
		checks := UpgradeChecks()
		last := -1
		for _, f := range fs {
			i := slices.Index(checks, f.Check)
			if i < 0 || f.Field == "" || f.Message == "" {
				t.Errorf("bad finding %#v", f)
			}
			if i < last {
				t.Errorf("%s reported after %s", f.Check, checks[last])
			}
			last = max(last, i)
		}
		alone := []string{checkDeprecatedDefault, checkNoneConversionDrops, checkStoredVersionUnserved}
		for _, f := range CheckUpgrade(new, new) {
			if !slices.Contains(alone, f.Check) {
				t.Errorf("CheckUpgrade(new, new) reports %v", f)
			}
		}
		for _, f := range CheckUpgrade(nil, new) {
			if slices.Contains([]string{checkServedVersionRemoved, checkRemovedWithoutDeprecate, checkDefaultVersionChanged,
				checkStorageVersionChanged, checkStoredVersionUnserved, checkConversionChanged, checkWebhookMissing, checkScopeChanged}, f.Check) {
				t.Errorf("CheckUpgrade(nil, new) reports %v, which needs a live object", f)
			}
		}
	})
}

// mustJSON returns v as JSON.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	return string(b)
}
