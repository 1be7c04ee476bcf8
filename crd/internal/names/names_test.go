package names

import "testing"

func TestDNS1123Subdomain(t *testing.T) {
	for s, want := range map[string]bool{
		"a": true, "a.b": true, "a-b.c-d": true, "0": true, "a.0": true,
		"": false, ".a": false, "a.": false, "a..b": false, "-a": false, "a-": false, "A": false, "a_b": false,
	} {
		if got := IsDNS1123Subdomain(s); got != want {
			t.Errorf("IsDNS1123Subdomain(%q) = %v, want %v", s, got, want)
		}
	}
}
