package inputs

import (
	"strings"
	"testing"
)

// sizedCRD returns a document whose JSON body is about n bytes.
func sizedCRD(n int) string {
	return "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: a.example.com\n  annotations:\n    big: " + strings.Repeat("x", n) + "\n"
}

// TestObjectSizeLimits: the JSON body of each object is measured, aliases
// expanded: over 3 MiB is the API server's error, over 1.5 MiB etcd's
// warning, over 256 KiB client-side apply's.
func TestObjectSizeLimits(t *testing.T) {
	for _, c := range []struct {
		name, text, problem, warning string
	}{
		{"small", sizedCRD(100), "", ""},
		{"apply", sizedCRD(300 << 10), "", "kubectl apply --server-side"},
		{"etcd", sizedCRD(2 << 20), "", "--max-request-bytes"},
		{"server", sizedCRD(4 << 20), "Request entity too large: limit is 3145728", ""},
		// 40 aliases of a 100 KiB string: 4 MiB of JSON from 100 KiB of YAML.
		{"aliases", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: &x " + strings.Repeat("y", 100<<10) + "\n" +
			func() string {
				var b strings.Builder
				for i := range 40 {
					b.WriteString("  k" + string(rune('A'+i)) + ": *x\n")
				}
				return b.String()
			}(), "Request entity too large", ""},
		{"small aliases", "a: &x 1\nb: *x\n", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var warnings []string
			p := ReadStream("f.yaml", strings.NewReader(c.text), func(o Object) bool {
				warnings = append(warnings, o.Warnings...)
				return true
			})
			switch {
			case c.problem == "" && p != nil:
				t.Fatalf("problem %v", p)
			case c.problem != "" && (p == nil || !strings.Contains(p.Message, c.problem)):
				t.Fatalf("problem %v, want %q", p, c.problem)
			}
			got := strings.Join(warnings, "\n")
			if c.warning == "" && got != "" || !strings.Contains(got, c.warning) || len(warnings) > 1 {
				t.Errorf("warnings %q, want one with %q", got, c.warning)
			}
		})
	}
}

// TestObjectOverLimitAlone: an object over 3 MiB is refused alone, as the
// API server refuses it and kubectl apply goes on with the rest: the
// objects after it are read, and its problem comes at the end, the first
// of them with a count of the others.
func TestObjectOverLimitAlone(t *testing.T) {
	big := sizedCRD(4 << 20)
	small := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: after\n"
	var read []string
	p := ReadStream("f.yaml", strings.NewReader(small+"---\n"+big+"---\n"+small+"---\n"+big+"---\n"+big), func(o Object) bool {
		read = append(read, o.Str("kind"))
		return true
	})
	if len(read) != 2 {
		t.Errorf("read %q, want the two ConfigMaps, before and after the objects over 3 MiB", read)
	}
	if p == nil || p.Line != 6 || !strings.Contains(p.Message, "Request entity too large") || !strings.Contains(p.Message, "after it: 2 more") {
		t.Errorf("problem %v, want the first object over 3 MiB, at line 6, and 2 more", p)
	}
}
