package kubeversion

import (
	"sync"
	"testing"
)

// TestDiagnoseAgreesWithScan checks, on every string of up to 6 bytes over
// an alphabet that reaches each branch of the grammar, that diagnose finds a
// problem exactly when scan rejects a string, and that both agree with the
// oracle. Parse trusts that: it asks diagnose only after scan said no.
func TestDiagnoseAgreesWithScan(t *testing.T) {
	strs := grammarStrings()
	valid := 0
	for _, s := range strs {
		scanned := scan(s).IsValid()
		p := diagnose(s)
		if scanned != (p.kind == ok) || scanned != oracleOf(s).ok {
			t.Errorf("%q: scan valid = %v, diagnose = %+v, oracle valid = %v", s, scanned, p, oracleOf(s).ok)
		}
		if scanned {
			valid++
		}
	}
	t.Logf("checked %d strings, %d of them versions", len(strs), valid)
	if valid == 0 || valid == len(strs) {
		t.Fatalf("%d of %d strings valid: the alphabet does not reach both answers", valid, len(strs))
	}
}

// grammarStrings returns every string of up to 6 bytes over an alphabet
// that reaches each branch of the grammar, and a few longer ones at the
// 64-bit limit: 1,948,723 strings, 65 of them versions. Two tests use
// them, so they are built once.
var grammarStrings = sync.OnceValue(func() []string {
	const alphabet = "v09abeltph-"
	strs := []string{""}
	for n := 1; n <= 6; n++ {
		for _, s := range strs {
			if len(s) != n-1 {
				continue
			}
			for i := range len(alphabet) {
				strs = append(strs, s+alphabet[i:i+1])
			}
		}
	}
	// Longer ones: the 64-bit limit, and numbers on both sides of a word.
	return append(strs, "v9223372036854775807", "v9223372036854775808",
		"v1beta9223372036854775807", "v1beta9223372036854775808",
		"v9223372036854775808beta1x", "v09223372036854775807alpha01")
})
