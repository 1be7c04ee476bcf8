package conformance

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strings"
)

// matching returns a string that the Go regular expression pattern
// matches, with a length in [minLen, maxLen] (maxLen < 0: no bound), or
// ok false when a few draws found none. For example, matching(r,
// "^[a-z]{2,3}$", 0, -1) may return "qz". Draws walk the parsed pattern:
// a literal as is, a class by one of its ranges (ASCII preferred), a
// repetition a few times over its minimum, an alternation by one branch;
// each draw is checked with regexp, as an unanchored pattern matches more
// than the walk makes.
func matching(r *rand.Rand, pattern string, minLen, maxLen int) (string, bool) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return "", false
	}
	tree, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	tree = tree.Simplify()
	for range 8 {
		var b strings.Builder
		walkRegex(r, tree, &b)
		s := b.String()
		n := len(s)
		if n < minLen || (maxLen >= 0 && n > maxLen) || !re.MatchString(s) {
			continue
		}
		return s, true
	}
	return "", false
}

// walkRegex writes one string that t matches to b.
func walkRegex(r *rand.Rand, t *syntax.Regexp, b *strings.Builder) {
	if b.Len() > 300 {
		return
	}
	switch t.Op {
	case syntax.OpLiteral:
		b.WriteString(string(t.Rune))
	case syntax.OpCharClass:
		b.WriteRune(classRune(r, t.Rune))
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		b.WriteByte("abcxyz019-"[r.IntN(10)])
	case syntax.OpCapture:
		walkRegex(r, t.Sub[0], b)
	case syntax.OpStar:
		for range r.IntN(3) {
			walkRegex(r, t.Sub[0], b)
		}
	case syntax.OpPlus:
		for range 1 + r.IntN(3) {
			walkRegex(r, t.Sub[0], b)
		}
	case syntax.OpQuest:
		if r.IntN(2) == 0 {
			walkRegex(r, t.Sub[0], b)
		}
	case syntax.OpRepeat:
		n := t.Min
		if t.Max < 0 {
			n += r.IntN(3)
		} else if t.Max > t.Min {
			n += r.IntN(min(t.Max-t.Min, 3) + 1)
		}
		for range n {
			walkRegex(r, t.Sub[0], b)
		}
	case syntax.OpConcat:
		for _, s := range t.Sub {
			walkRegex(r, s, b)
		}
	case syntax.OpAlternate:
		walkRegex(r, t.Sub[r.IntN(len(t.Sub))], b)
	}
	// Empty-width operators (^, $, \b) and OpEmptyMatch write nothing.
}

// classRune returns a rune of the class given as pairs of bounds,
// printable ASCII when the class has some.
func classRune(r *rand.Rand, pairs []rune) rune {
	var ascii [][2]rune
	for i := 0; i+1 < len(pairs); i += 2 {
		lo, hi := max(pairs[i], 0x21), min(pairs[i+1], 0x7e)
		if lo <= hi {
			ascii = append(ascii, [2]rune{lo, hi})
		}
	}
	if len(ascii) > 0 {
		p := ascii[r.IntN(len(ascii))]
		return p[0] + rune(r.IntN(int(p[1]-p[0]+1)))
	}
	if len(pairs) < 2 {
		return 'a'
	}
	i := 2 * r.IntN(len(pairs)/2)
	lo, hi := pairs[i], min(pairs[i+1], pairs[i]+1000)
	return lo + rune(r.IntN(int(hi-lo+1)))
}
