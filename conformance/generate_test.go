package conformance

import (
	"math/rand/v2"
	"strings"
)

// randomVersion returns a string near the grammar: mostly versions with
// small numbers, so that equal and adjacent versions meet often, and near
// misses at every position (prefix, number, stability word, suffix).
func randomVersion(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString(pick(r, 20, "v", "V", "", "vv", " v", "v-"))
	b.WriteString(randomNumber(r))
	if r.IntN(3) > 0 {
		b.WriteString(pick(r, 6, "alpha", "beta", "gamma", "Alpha", "bet", "alphabeta", "alph", "beta-"))
		if r.IntN(12) > 0 {
			b.WriteString(randomNumber(r))
		}
	}
	b.WriteString(pick(r, 30, "", " ", "\n", "x", ".1", "-1", ".30.2", "+1", "\x00", "\xff"))
	return b.String()
}

// randomNumber returns ASCII digits: a small number with optional leading
// zeros, a long run of digits, or a value at the 64-bit limit.
func randomNumber(r *rand.Rand) string {
	switch r.IntN(20) {
	case 0:
		n := 15 + r.IntN(10)
		digits := make([]byte, n)
		for i := range digits {
			digits[i] = byte('0' + r.IntN(10))
		}
		return string(digits)
	case 1:
		return strings.Repeat("0", r.IntN(3)) + pick(r, 0,
			"9223372036854775806", "9223372036854775807", "9223372036854775808",
			"9223372036854775809", "18446744073709551615", "18446744073709551616",
			"99999999999999999999", "1000000000000000000", "10000000000000000000")
	case 2:
		return "" // missing number
	}
	return strings.Repeat("0", r.IntN(3)) + string(rune('0'+r.IntN(4)))
}

// respell returns s with leading zeros added to or removed from its
// numbers, so that it denotes the same version in another spelling.
func respell(r *rand.Rand, s string) string {
	var b strings.Builder
	atNumberStart := false
	for i := range len(s) {
		c := s[i]
		isDigit := '0' <= c && c <= '9'
		if isDigit && !atNumberStart {
			b.WriteString(strings.Repeat("0", r.IntN(3)))
		}
		if isDigit && c == '0' && !atNumberStart && i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9' && r.IntN(2) == 0 {
			atNumberStart = true // drop this leading zero
			continue
		}
		atNumberStart = isDigit
		b.WriteByte(c)
	}
	return b.String()
}

// pick returns the first choice with probability (common-1)/common when
// common > 0, and otherwise one of the choices at random.
func pick(r *rand.Rand, common int, choices ...string) string {
	if common > 0 && r.IntN(common) > 0 {
		return choices[0]
	}
	return choices[r.IntN(len(choices))]
}
