package upgrade

import (
	"math/rand/v2"
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
		{"^abc", "^abc$", true}, // not from the shape of the trees: from the programs
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
		"^(http|https|socks5)://.+$", "^http(s)?://.+$", "abc", "^abc", "bc$", "(?i)ab", "^(a|b)*$", "^(ab)*$", "a$",
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

func TestIncludesPattern(t *testing.T) {
	for _, tc := range []struct {
		looser, tighter string
		want            bool
	}{
		{"^(http|https|socks5)://.+$", "^http(s)?://.+$", true}, // Prometheus Operator's proxyUrl
		{"^http(s)?://.+$", "^(http|https|socks5)://.+$", false},
		{"^[a-z]+$", "^[a-y]+$", true},
		{"^[a-y]+$", "^[a-z]+$", false},
		{"abc", "^abc$", true},
		{"^abc$", "abc", false},
		{"b", "abc", true},
		{"abc", "b", false},
		{"^$", "^$", true},
		{"^a*$", "^$", true},
		{"^$", "^a*$", false},
		{"(?i)abc", "ABC", true},
		{"ABC", "(?i)abc", false},
		{"^.*$", "^[^\n]*$", true},
		{"^[^\n]*$", "^.*$", true},
		{"^(?s).*$", "^.*$", true},
		{"^.*$", "^(?s).*$", false},
		{`\bword\b`, "word", false}, // cannot tell: \b
		{"^(a|b)+c$", "^a+c$", true},
		{"^a+c$", "^(a|b)+c$", false},
		{"^[0-9]{1,3}(\\.[0-9]{1,3}){3}$", "^[0-9]{1,2}(\\.[0-9]{1,2}){3}$", true},
	} {
		if got := includesPattern(tc.looser, tc.tighter); got != tc.want {
			t.Errorf("includesPattern(%q, %q) = %v, want %v", tc.looser, tc.tighter, got, tc.want)
		}
	}
}

// TestIncludesPatternRandom checks includesPattern on random patterns
// over a and b against every string of up to eight characters: when it
// says looser includes tighter, no such string matches tighter alone.
func TestIncludesPatternRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var gen func(depth int) string
	gen = func(depth int) string {
		if depth == 0 {
			return []string{"a", "b", ".", "[ab]", ""}[r.IntN(5)]
		}
		switch r.IntN(6) {
		case 0:
			return gen(depth-1) + gen(depth-1)
		case 1:
			return "(" + gen(depth-1) + "|" + gen(depth-1) + ")"
		case 2:
			return "(" + gen(depth-1) + ")*"
		case 3:
			return "(" + gen(depth-1) + ")?"
		case 4:
			return "(" + gen(depth-1) + "){1,2}"
		}
		return gen(depth - 1)
	}
	anchor := func(p string) string {
		switch r.IntN(4) {
		case 0:
			return "^" + p
		case 1:
			return p + "$"
		case 2:
			return "^" + p + "$"
		}
		return p
	}
	var inputs []string
	var all func(prefix string, n int)
	all = func(prefix string, n int) {
		inputs = append(inputs, prefix)
		if n > 0 {
			all(prefix+"a", n-1)
			all(prefix+"b", n-1)
		}
	}
	all("", 8)
	pairs := 3000
	if raceEnabled {
		pairs = 300
	}
	included := 0
	for range pairs {
		l, tg := anchor(gen(3)), anchor(gen(3))
		if !includesPattern(l, tg) {
			continue
		}
		included++
		lr, tr := regexp.MustCompile(l), regexp.MustCompile(tg)
		for _, in := range inputs {
			if tr.MatchString(in) && !lr.MatchString(in) {
				t.Errorf("includesPattern(%q, %q), but %q matches only the second", l, tg, in)
				break
			}
		}
	}
	if included < pairs/10 {
		t.Errorf("only %d pairs included: the test checks too little", included)
	}
	t.Logf("%d of %d pairs included", included, pairs)
}

// TestIncludesPatternBounded checks that a pair whose subset
// construction has millions of states (the n-th character from the end
// is an a) gives up, false, at the bound instead of exploring them all.
func TestIncludesPatternBounded(t *testing.T) {
	if includesPattern("^(a|b)*(a|b)(a|b){20}$", "^(a|b)*a(a|b){20}$") {
		t.Error("includesPattern explored 2^21 states, or answered true without them")
	}
	if !includesPattern("^(a|b)*(a|b)(a|b){3}$", "^(a|b)*a(a|b){3}$") {
		t.Error("includesPattern gave up on a small pair")
	}
}
