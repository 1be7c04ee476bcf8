package diag

import "testing"

func TestDiagnosticMessages(t *testing.T) {
	for _, tt := range []struct {
		d                  Diagnostic
		short, long, title string
	}{
		{Diagnostic{Object: "w.example.com", Message: "spec.x: Invalid value"}, "spec.x: Invalid value", "w.example.com: spec.x: Invalid value", "w.example.com"},
		{Diagnostic{Object: "w", Field: "spec.f", Message: "m [a b c]", Brief: "m [a ...]", Title: "w [field-removed]"}, "spec.f: m [a ...]", "w: spec.f: m [a b c]", "w [field-removed]"},
		{Diagnostic{Input: true, Message: "read error", Title: "kubeversion lint"}, "read error", "read error", "kubeversion lint"},
		{Diagnostic{Message: "spec.group: Required value"}, "spec.group: Required value", ": spec.group: Required value", ""},
		{Diagnostic{Object: "w", Message: "v1 is deprecated: use v2", Brief: "use v2"}, "use v2", "w: v1 is deprecated: use v2", "w"},
	} {
		if got := tt.d.Short(); got != tt.short {
			t.Errorf("%+v.Short() = %q, want %q", tt.d, got, tt.short)
		}
		if got := tt.d.Long(); got != tt.long {
			t.Errorf("%+v.Long() = %q, want %q", tt.d, got, tt.long)
		}
		if got := tt.d.GitHubTitle(); got != tt.title {
			t.Errorf("%+v.GitHubTitle() = %q, want %q", tt.d, got, tt.title)
		}
	}
}
