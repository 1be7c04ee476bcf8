package kubeversion

import (
	"bytes"
	"errors"
	"testing"
)

// fuzzSeeds are shared by both targets: each stands for a class of input
// that the scanner treats differently.
var fuzzSeeds = []string{
	"",                          // empty
	"v1", "v2beta1", "v3alpha4", // one of each stability
	"v01", "v1beta01", "v0alpha0", // leading zeros, zero numbers
	"v9223372036854775807",      // the largest number
	"v9223372036854775808",      // one past it
	"v1beta9223372036854775808", // one past it, as minor
	"v1beta", "v1alpha", "v",    // missing numbers
	"V1", "v1.30.2", "v1 ", "v1\n", // near misses
	"v1gamma1", "v1beta1beta1", // wrong or repeated stability
	"foo1", "foo10", // other strings, byte order
	"v١", "\xff", // non-ASCII digit, invalid UTF-8
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Parse(s)
		if want := oracleOf(s).ok; (err == nil) != want {
			t.Fatalf("Parse(%q) error = %v, oracle says valid = %v", s, err, want)
		}
		if IsValid(s) != (err == nil) {
			t.Fatalf("IsValid(%q) = %v, Parse error = %v", s, IsValid(s), err)
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Input != s || pe.Offset < 0 || pe.Offset > len(s) || pe.Reason == "" ||
				!(errors.Is(err, ErrSyntax) || errors.Is(err, ErrRange)) || v != (Version{}) {
				t.Fatalf("Parse(%q) = %#v, %#v: want the zero Version and a *ParseError of s", s, v, err)
			}
			return
		}
		o := oracleOf(s)
		if v.Major() != uint64(o.major) || v.Minor() != uint64(o.minor) || int(v.Stability()) != o.stab+1 {
			t.Fatalf("Parse(%q) = %#v, oracle says %+v", s, v, o)
		}
		str := v.String()
		if w, err := Parse(str); err != nil || w != v {
			t.Fatalf("Parse(Parse(%q).String()) = %v, %v; want %v", s, w, err, v)
		}
		text, err := v.MarshalText()
		if err != nil || string(text) != str {
			t.Fatalf("Parse(%q).MarshalText() = %q, %v; want %q", s, text, err, str)
		}
		appended, err := v.AppendText([]byte("prefix"))
		if err != nil || !bytes.Equal(appended, append([]byte("prefix"), text...)) {
			t.Fatalf("Parse(%q).AppendText(prefix) = %q, %v; want prefix%s", s, appended, err, text)
		}
		var w Version
		if err := w.UnmarshalText(text); err != nil || w != v {
			t.Fatalf("UnmarshalText(%q) = %v, %v; want %v", text, w, err, v)
		}
		if len(str) > len(s) {
			t.Fatalf("Parse(%q).String() = %q is longer than the input", s, str)
		}
	})
}

func FuzzCompare(f *testing.F) {
	for i, s := range fuzzSeeds {
		// Pair each seed with its neighbours, so ties and near misses meet.
		f.Add(s, fuzzSeeds[(i+1)%len(fuzzSeeds)], fuzzSeeds[(i+2)%len(fuzzSeeds)])
	}
	f.Add("v1", "v01", "v001")               // one version, three spellings
	f.Add("v1beta01", "v01beta1", "v1beta1") // ties of equal length
	f.Fuzz(func(t *testing.T, a, b, c string) {
		checkLaws(t, a, b, c)
	})
}

// checkLaws checks the laws of Compare on three strings, and its agreement
// with the oracle; FuzzCompare and the property tests share it.
func checkLaws(t *testing.T, a, b, c string) {
	t.Helper()
	ab, ba, bc, ac := Compare(a, b), Compare(b, a), Compare(b, c), Compare(a, c)
	if ab != -ba {
		t.Fatalf("Compare(%q, %q) = %d but Compare(%q, %q) = %d", a, b, ab, b, a, ba)
	}
	if ab < -1 || ab > 1 {
		t.Fatalf("Compare(%q, %q) = %d, want -1, 0 or +1", a, b, ab)
	}
	if (ab == 0) != (a == b) {
		t.Fatalf("Compare(%q, %q) = %d", a, b, ab)
	}
	if want := oracleOf(a).compare(oracleOf(b)); ab != want {
		t.Fatalf("Compare(%q, %q) = %d, oracle says %d", a, b, ab, want)
	}
	if ab >= 0 && bc >= 0 && ac < 0 {
		t.Fatalf("not transitive: Compare(%q, %q) = %d, Compare(%q, %q) = %d, Compare(%q, %q) = %d", a, b, ab, b, c, bc, a, c, ac)
	}
	va, errA := Parse(a)
	vb, errB := Parse(b)
	if errA == nil && errB == nil {
		vc := va.Compare(vb)
		if vc != 0 && vc != ab {
			t.Fatalf("Parse(%q).Compare(Parse(%q)) = %d, Compare = %d", a, b, vc, ab)
		}
		if got := Compare(va.String(), vb.String()); got != vc {
			t.Fatalf("Compare of canonical %v, %v = %d, Version.Compare = %d", va, vb, got, vc)
		}
	}
}
