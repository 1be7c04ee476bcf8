package format

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// diagnostics are one of each kind the writers treat apart: a result, an
// accepted one, a verdict and a summary.
var diagnostics = []diag.Diagnostic{
	{Rule: "field-removed", Level: "error", File: "crd.yaml", Line: 7, Object: "w", Field: "spec.f", Message: "gone", Title: "w [field-removed]", Key: []string{"w", "spec.f"}},
	{Rule: "needs-kubernetes", Level: "note", File: "crd.yaml", Line: 9, Object: "w", Message: "needs 1.30"},
	{Rule: "type-changed", Level: "warning", File: "crd.yaml", Line: 8, Object: "w", Message: "accepted", Accepted: true},
	{Level: "notice", File: "crd.yaml", Line: 1, Object: "w", Message: "valid"},
	{Summary: true, Level: "notice", Title: "kubeversion validate", Message: "1 object"},
}

func TestWriteGitHub(t *testing.T) {
	var b strings.Builder
	if err := WriteGitHub(&b, diagnostics); err != nil {
		t.Fatal(err)
	}
	want := "::error file=crd.yaml,line=7,title=w [field-removed]::spec.f: gone\n" +
		"::notice file=crd.yaml,line=9,title=w::needs 1.30\n" +
		"::notice file=crd.yaml,line=1,title=w::valid\n" +
		"::notice title=kubeversion validate::1 object\n"
	if b.String() != want {
		t.Errorf("WriteGitHub wrote\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteSARIF(t *testing.T) {
	var b strings.Builder
	rules := []SARIFRule{NewRule("field-removed", "error", "x", "u"), NewRule("needs-kubernetes", "note", "x", "u"), NewRule("type-changed", "warning", "x", "u")}
	if err := WriteSARIF(&b, rules, diagnostics, "v1.0.0", false); err != nil {
		t.Fatal(err)
	}
	var log SARIFLog
	if err := json.Unmarshal([]byte(b.String()), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Results) != 3 || run.Invocations[0].ExecutionSuccessful {
		t.Fatalf("got %d results (want 3: no verdicts) and executionSuccessful %v", len(run.Results), run.Invocations[0].ExecutionSuccessful)
	}
	for i, want := range []struct {
		rule, level, text string
		index             int
		suppressed        bool
	}{
		{"field-removed", "error", "w: spec.f: gone", 0, false},
		{"needs-kubernetes", "note", "w: needs 1.30", 1, false},
		{"type-changed", "warning", "w: accepted", 2, true},
	} {
		r := run.Results[i]
		if r.RuleID != want.rule || r.Level != want.level || r.Message.Text != want.text || r.RuleIndex != want.index || (len(r.Suppressions) > 0) != want.suppressed {
			t.Errorf("result %d = %+v, want %+v", i, r, want)
		}
	}
	if run.Results[0].PartialFingerprints["kubeversion/v1"] != Fingerprint("field-removed", "w", "spec.f") {
		t.Errorf("result 0: fingerprint is not of the rule and key")
	}
}
