package kubeversion

import (
	"cmp"
	"strconv"
	"strings"
)

// oracle ranks strings by the rules of the package doc, written again
// without the scanner: strings.Cut and strconv.ParseInt with an explicit
// 64-bit size. The fuzz and property tests check Compare against it.
type oracle struct {
	s     string
	ok    bool
	stab  int // 0 alpha, 1 beta, 2 GA
	major int64
	minor int64
}

func oracleOf(s string) oracle {
	o := oracle{s: s}
	rest, found := strings.CutPrefix(s, "v")
	if !found {
		return o
	}
	majorDigits, rest := leadingDigits(rest)
	o.stab = 2
	var minorDigits string
	if rest != "" {
		for i, word := range []string{"alpha", "beta"} {
			if after, found := strings.CutPrefix(rest, word); found {
				o.stab = i
				minorDigits, rest = leadingDigits(after)
				if minorDigits == "" {
					return o
				}
				break
			}
		}
		if o.stab == 2 || rest != "" {
			return o
		}
	}
	var err1, err2 error
	o.major, err1 = strconv.ParseInt(majorDigits, 10, 64)
	if minorDigits != "" {
		o.minor, err2 = strconv.ParseInt(minorDigits, 10, 64)
	}
	o.ok = err1 == nil && err2 == nil
	return o
}

func leadingDigits(s string) (digits, rest string) {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return s[:i], s[i:]
}

// compare returns the sign that Compare(o.s, p.s) must have.
func (o oracle) compare(p oracle) int {
	switch {
	case o.s == p.s:
		return 0
	case o.ok != p.ok:
		if o.ok {
			return 1
		}
		return -1
	case !o.ok:
		return -strings.Compare(o.s, p.s)
	case o.stab != p.stab:
		return cmp.Compare(o.stab, p.stab)
	case o.major != p.major:
		return cmp.Compare(o.major, p.major)
	case o.minor != p.minor:
		return cmp.Compare(o.minor, p.minor)
	case len(o.s) != len(p.s):
		return cmp.Compare(len(p.s), len(o.s))
	}
	return -strings.Compare(o.s, p.s)
}
