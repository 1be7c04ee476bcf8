package upgrade

import (
	"regexp/syntax"
	"slices"
	"unicode"
)

// samePattern reports whether the regular expressions a and b, as the API
// server compiles a pattern (Go's regexp, Perl syntax), parse to
// simplified syntax trees that Go writes alike: the same expression
// written otherwise, such as
// a character class with a letter twice ([-a-zSA-Z0-9] and [-a-zA-Z0-9],
// as Gateway API v1.3 rewrote it) or x{2} and xx. It does not decide
// whether two different trees match the same strings.
func samePattern(a, b string) bool {
	ta, tb, ok := parsePatterns(a, b)
	// Equal would tell a literal "xx" from two literals "x": the
	// rendering of the trees says the same for both.
	return ok && ta.Simplify().String() == tb.Simplify().String()
}

// coversPattern reports whether the pattern looser matches every string
// that tighter matches, as far as their syntax trees show it: the trees
// have the same shape, except that each character class of looser
// includes the one of tighter at its place (or the character there), each
// repetition of looser allows at least the counts of tighter's, and each
// alternation of looser has an alternative for each of tighter's. A
// pattern matches where its tree matches a substring, so a tree that
// matches more matches more strings. The trees are compared as parsed,
// where x{1,63} is one repetition, and simplified, where x{2} is xx; when
// their shapes differ, the compiled programs are (see includesPattern).
// It is false when it cannot tell, never true when looser refuses a string
// tighter accepts.
func coversPattern(looser, tighter string) bool {
	l, t, ok := parsePatterns(looser, tighter)
	return ok && (covers(l, t) || covers(l.Simplify(), t.Simplify()) || includesPattern(looser, tighter))
}

// parsePatterns parses a and b as the API server compiles a pattern.
func parsePatterns(a, b string) (*syntax.Regexp, *syntax.Regexp, bool) {
	ta, err := syntax.Parse(a, syntax.Perl)
	if err != nil {
		return nil, nil, false
	}
	tb, err := syntax.Parse(b, syntax.Perl)
	if err != nil {
		return nil, nil, false
	}
	return ta, tb, true
}

// covers reports whether l matches every string t matches, at the same
// place (see coversPattern).
func covers(l, t *syntax.Regexp) bool {
	for l.Op == syntax.OpCapture {
		l = l.Sub[0]
	}
	for t.Op == syntax.OpCapture {
		t = t.Sub[0]
	}
	if l.Equal(t) {
		return true
	}
	if lo, lmax, ok := repeat(l); ok {
		if to, tmax, ok := repeat(t); ok {
			return lo <= to && (lmax == -1 || tmax != -1 && tmax <= lmax) && covers(l.Sub[0], t.Sub[0])
		}
	}
	switch {
	case l.Op == syntax.OpAlternate && t.Op == syntax.OpAlternate:
		for _, ts := range t.Sub {
			if !slices.ContainsFunc(l.Sub, func(ls *syntax.Regexp) bool { return covers(ls, ts) }) {
				return false
			}
		}
		return true
	case l.Op == syntax.OpAlternate:
		return slices.ContainsFunc(l.Sub, func(ls *syntax.Regexp) bool { return covers(ls, t) })
	case l.Op == syntax.OpConcat || t.Op == syntax.OpConcat || longLiteral(l) || longLiteral(t):
		ls, ts := units(l), units(t)
		if len(ls) != len(ts) {
			return false
		}
		for i := range ls {
			if !covers(ls[i], ts[i]) {
				return false
			}
		}
		return true
	}
	lr, lok := runeSet(l)
	tr, tok := runeSet(t)
	return lok && tok && includes(lr, tr)
}

// repeat returns the counts a repetition allows, max -1 for no bound.
func repeat(re *syntax.Regexp) (min, max int, ok bool) {
	switch re.Op {
	case syntax.OpStar:
		return 0, -1, true
	case syntax.OpPlus:
		return 1, -1, true
	case syntax.OpQuest:
		return 0, 1, true
	case syntax.OpRepeat:
		return re.Min, re.Max, true
	}
	return 0, 0, false
}

// longLiteral reports whether re is a literal of several characters.
func longLiteral(re *syntax.Regexp) bool { return re.Op == syntax.OpLiteral && len(re.Rune) > 1 }

// units returns the parts of a concatenation, with each literal of several
// characters split into one per character, so that "ab" and [ab]b line
// up.
func units(re *syntax.Regexp) []*syntax.Regexp {
	parts := []*syntax.Regexp{re}
	if re.Op == syntax.OpConcat {
		parts = re.Sub
	}
	var out []*syntax.Regexp
	for _, p := range parts {
		if p.Op != syntax.OpLiteral || len(p.Rune) == 1 {
			out = append(out, p)
			continue
		}
		for _, r := range p.Rune {
			out = append(out, &syntax.Regexp{Op: syntax.OpLiteral, Flags: p.Flags, Rune: []rune{r}})
		}
	}
	return out
}

// runeSet returns the characters one node matches, as ranges lo, hi, ...:
// a character class, one character (either case under (?i)), or any
// character, with or without a line break.
func runeSet(re *syntax.Regexp) ([]rune, bool) {
	switch re.Op {
	case syntax.OpCharClass:
		return re.Rune, true
	case syntax.OpAnyChar:
		return []rune{0, 0x10FFFF}, true
	case syntax.OpAnyCharNotNL:
		return []rune{0, '\n' - 1, '\n' + 1, 0x10FFFF}, true
	case syntax.OpLiteral:
		if len(re.Rune) != 1 {
			return nil, false
		}
		r := re.Rune[0]
		if re.Flags&syntax.FoldCase == 0 {
			return []rune{r, r}, true
		}
		// Every case of r: a set that only a class that holds them all
		// includes.
		var set []rune
		for f := r; ; {
			set = append(set, f, f)
			if f = unicode.SimpleFold(f); f == r {
				break
			}
		}
		return set, true
	}
	return nil, false
}

// includes reports whether the ranges outer hold every character of the
// ranges inner.
func includes(outer, inner []rune) bool {
	for i := 0; i+1 < len(inner); i += 2 {
		for lo, hi := inner[i], inner[i+1]; lo <= hi; {
			j := 0
			for j+1 < len(outer) && !(outer[j] <= lo && lo <= outer[j+1]) {
				j += 2
			}
			if j+1 >= len(outer) {
				return false
			}
			if outer[j+1] >= hi {
				break
			}
			lo = outer[j+1] + 1
		}
	}
	return true
}
