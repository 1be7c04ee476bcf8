package crd

import (
	"regexp"
	"testing"
)

func TestCoversPattern(t *testing.T) {
	for _, tc := range []struct {
		looser, tighter string
		want            bool
	}{
		{"^[a-z]+$", "^[a-y]+$", true},
		{"^[a-y]+$", "^[a-z]+$", false},
		{"^[-a-zA-Z0-9_]*$", "^[-a-zA-Z0-9]*$", true},
		{"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", "^[a-z]([-a-z0-9]*[a-z0-9])?$", true},
		{"^[a-z]{1,63}$", "^[a-z]{1,32}$", true},
		{"^[a-z]{1,32}$", "^[a-z]{1,63}$", false},
		{"^[a-z]*$", "^[a-z]+$", true},
		{"^[a-z]+$", "^[a-z]*$", false},
		{"^(http|https|ftp)://", "^(http|https)://", true},
		{"^(http|https)://", "^(http|https|ftp)://", false},
		{"^(?i)abc$", "^abc$", true},
		{"^abc$", "^(?i)abc$", false},
		{"^a.c$", "^abc$", true},
		{"^abc$", "^a.c$", false},
		{"^[ab]bc$", "^abc$", true},
		{"^abc$", "^abd$", false},
		{"^abc", "^abc$", false}, // true, but not from the shape of the trees
		{"^a(b)c$", "^abc$", true},
		{"(", "a", false},
		{"a", "(", false},
	} {
		got := coversPattern(tc.looser, tc.tighter)
		if got != tc.want {
			t.Errorf("coversPattern(%q, %q) = %v, want %v", tc.looser, tc.tighter, got, tc.want)
		}
	}
}

// TestCoversPatternSound checks coversPattern against the regular
// expressions themselves: when it says looser covers tighter, every
// string of a set that tighter matches, looser matches too.
func TestCoversPatternSound(t *testing.T) {
	patterns := []string{
		"^[a-z]+$", "^[a-y]+$", "^[a-z]*$", "^[a-z]{1,3}$", "^[a-z]{1,2}$", "^(a|b)c$", "^(a|b|c)c$",
		"^a.c$", "^abc$", "^(?i)abc$", "^[ab]bc$", "^[a-c]+\\.x$", "^a+$", "^a*$", "a", "b", "^$",
		"^[^a]+$", "^[^ab]+$", "^\\d+$", "^[0-9]+$", "^[0-9a-f]{2}$", "^.*$", "^(?s).*$",
	}
	var inputs []string
	alphabet := []string{"", "a", "b", "c", "A", "B", "x", ".", "0", "9", "f", "\n", "é"}
	for _, x := range alphabet {
		for _, y := range alphabet {
			for _, z := range alphabet {
				inputs = append(inputs, x+y+z)
			}
		}
	}
	checked := 0
	for _, l := range patterns {
		for _, tg := range patterns {
			if !coversPattern(l, tg) {
				continue
			}
			checked++
			lr, tr := regexp.MustCompile(l), regexp.MustCompile(tg)
			for _, in := range inputs {
				if tr.MatchString(in) && !lr.MatchString(in) {
					t.Errorf("coversPattern(%q, %q), but %q matches only the second", l, tg, in)
				}
			}
		}
	}
	if checked < len(patterns)+10 {
		t.Errorf("only %d pairs covered: the test checks too little", checked)
	}
}
