package kubeversion

import (
	"encoding/json"
	"errors"
	"flag"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestVersionParts(t *testing.T) {
	tests := []struct {
		in           string
		major, minor uint64
		stability    Stability
		canonical    string
	}{
		{"v1", 1, 0, GA, "v1"},
		{"v007", 7, 0, GA, "v7"},
		{"v2beta3", 2, 3, Beta, "v2beta3"},
		{"v02beta03", 2, 3, Beta, "v2beta3"},
		{"v10alpha0", 10, 0, Alpha, "v10alpha0"},
		{"v9223372036854775807alpha9223372036854775807", 1<<63 - 1, 1<<63 - 1, Alpha, "v9223372036854775807alpha9223372036854775807"},
	}
	for _, tt := range tests {
		v := MustParse(tt.in)
		if v.Major() != tt.major || v.Minor() != tt.minor || v.Stability() != tt.stability || !v.IsValid() {
			t.Errorf("Parse(%q) = major %d, minor %d, %v, valid %v; want %d, %d, %v, true",
				tt.in, v.Major(), v.Minor(), v.Stability(), v.IsValid(), tt.major, tt.minor, tt.stability)
		}
		if got := v.String(); got != tt.canonical {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.canonical)
		}
		if got, _ := v.MarshalText(); string(got) != tt.canonical {
			t.Errorf("Parse(%q).MarshalText() = %q, want %q", tt.in, got, tt.canonical)
		}
		if got, _ := v.AppendText([]byte("x=")); string(got) != "x="+tt.canonical {
			t.Errorf("Parse(%q).AppendText(\"x=\") = %q, want %q", tt.in, got, "x="+tt.canonical)
		}
	}
}

func TestZeroVersion(t *testing.T) {
	var v Version
	if v.IsValid() || v.String() != "invalid version" || v.Stability() != 0 {
		t.Errorf("Version{} = valid %v, %q, stability %v; want false, \"invalid version\", 0", v.IsValid(), v.String(), v.Stability())
	}
	if b, err := v.MarshalText(); len(b) != 0 || err != nil {
		t.Errorf("Version{}.MarshalText() = %q, %v, want empty", b, err)
	}
	if b, err := v.AppendText([]byte("x")); string(b) != "x" || err != nil {
		t.Errorf("Version{}.AppendText(\"x\") = %q, %v, want \"x\"", b, err)
	}
	if c := v.Compare(MustParse("v0alpha0")); c != -1 {
		t.Errorf("Version{}.Compare(v0alpha0) = %d, want -1", c)
	}
	if c := v.Compare(Version{}); c != 0 {
		t.Errorf("Version{}.Compare(Version{}) = %d, want 0", c)
	}
}

func TestStabilityString(t *testing.T) {
	for s, want := range map[Stability]string{0: "Stability(0)", Alpha: "alpha", Beta: "beta", GA: "GA", 9: "Stability(9)"} {
		if got := s.String(); got != want {
			t.Errorf("Stability(%d).String() = %q, want %q", uint8(s), got, want)
		}
	}
	if !(Alpha < Beta && Beta < GA) {
		t.Errorf("stabilities are not ordered by priority: %d %d %d", Alpha, Beta, GA)
	}
}

func TestUnmarshalText(t *testing.T) {
	v := MustParse("v3")
	if err := v.UnmarshalText([]byte("v01beta2")); err != nil || v != MustParse("v1beta2") {
		t.Errorf("UnmarshalText(\"v01beta2\") = %v, %v; want v1beta2", v, err)
	}
	err := v.UnmarshalText([]byte("v1.2"))
	if !errors.Is(err, ErrSyntax) || v != MustParse("v1beta2") {
		t.Errorf("UnmarshalText(\"v1.2\") = %v, %v; want v1beta2 unchanged and ErrSyntax", v, err)
	}
	if err := v.UnmarshalText(nil); err != nil || v != (Version{}) {
		t.Errorf("UnmarshalText(nil) = %v, %v; want the zero Version", v, err)
	}
}

func TestJSON(t *testing.T) {
	type config struct {
		Preferred Version   `json:"preferred"`
		Served    []Version `json:"served"`
		Unset     Version   `json:"unset"`
	}
	const in = `{"preferred":"v01","served":["v2beta1","v1alpha3"],"unset":""}`
	var got config
	if err := json.Unmarshal([]byte(in), &got); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", in, err)
	}
	want := config{MustParse("v1"), []Version{MustParse("v2beta1"), MustParse("v1alpha3")}, Version{}}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b Version) bool { return a == b })); diff != "" {
		t.Errorf("json.Unmarshal(%s) mismatch (-want +got):\n%s", in, diff)
	}
	out, err := json.Marshal(got)
	const canonical = `{"preferred":"v1","served":["v2beta1","v1alpha3"],"unset":""}`
	if err != nil || string(out) != canonical {
		t.Errorf("json.Marshal = %s, %v; want %s", out, err, canonical)
	}
	if err := json.Unmarshal([]byte(`{"preferred":"v1beta"}`), &got); !errors.Is(err, ErrSyntax) {
		t.Errorf("json.Unmarshal of v1beta: error %v, want ErrSyntax", err)
	}
}

func TestFlagTextVar(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	var v Version
	fs.TextVar(&v, "version", MustParse("v1"), "API version")
	if err := fs.Parse([]string{"-version", "v2alpha1"}); err != nil || v != MustParse("v2alpha1") {
		t.Errorf("-version v2alpha1: got %v, %v", v, err)
	}
	if err := fs.Parse([]string{"-version", "2"}); err == nil {
		t.Errorf("-version 2: no error")
	}
}
