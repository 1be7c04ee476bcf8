package linesort

import (
	"fmt"
	"math/rand/v2"
)

// sortShapes generates inputs of every shape that Sort must sort as
// sortStrings does: each returns n lines from r.
var sortShapes = map[string]func(r *rand.Rand, n int) []string{
	"versions": func(r *rand.Rand, n int) []string {
		return generate(r, n, randomVersion)
	},
	"odd versions": func(r *rand.Rand, n int) []string {
		return generate(r, n, oddVersion)
	},
	"groups, few": func(r *rand.Rand, n int) []string {
		return generate(r, n, func(r *rand.Rand) string {
			return pick(r, "apps/", "batch/", "networking.k8s.io/", "apps.k8s.io/", "/", "") + randomVersion(r)
		})
	},
	"groups, many": func(r *rand.Rand, n int) []string {
		return generate(r, n, func(r *rand.Rand) string {
			return fmt.Sprintf("g%d.example.com/%s", r.IntN(2000), randomVersion(r))
		})
	},
	"strings": func(r *rand.Rand, n int) []string {
		return generate(r, n, func(r *rand.Rand) string {
			if r.IntN(10) == 0 {
				return randomVersion(r)
			}
			return randomWord(r, r.IntN(12))
		})
	},
	"long lines": func(r *rand.Rand, n int) []string {
		return generate(r, n, func(r *rand.Rand) string {
			if r.IntN(10) == 0 {
				return oddVersion(r)
			}
			return pick(r, "", "common-prefix-of-many-lines-") + randomWord(r, 50+r.IntN(200))
		})
	},
	"mixed": func(r *rand.Rand, n int) []string {
		return generate(r, n, func(r *rand.Rand) string {
			var s string
			switch r.IntN(4) {
			case 0:
				s = randomVersion(r)
			case 1:
				s = oddVersion(r)
			case 2:
				s = randomWord(r, r.IntN(10))
			default:
				s = pick(r, "foo1", "foo10", "latest", "v1.30.2", "V1", "v1beta", "ab", "ab\x00", "abcdefg", "abcdefgh", "abcdefghi", "\xff", "")
			}
			if r.IntN(3) == 0 {
				s = pick(r, "apps/", "batch/", "a/b/", "/", "apps/v1/") + s
			}
			return s
		})
	},
}

func generate(r *rand.Rand, n int, line func(r *rand.Rand) string) []string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = line(r)
	}
	return lines
}

func pick(r *rand.Rand, choices ...string) string { return choices[r.IntN(len(choices))] }

// randomVersion returns a version with small numbers, so that the same
// version comes up often.
func randomVersion(r *rand.Rand) string {
	return fmt.Sprintf("v%d%s", r.IntN(12), pick(r, "", "beta"+fmt.Sprint(r.IntN(5)), "alpha"+fmt.Sprint(r.IntN(5))))
}

// oddVersion returns a version spelled with leading zeros or with numbers
// near and beyond the limits of versionKey's fields and of int64, or a
// near miss.
func oddVersion(r *rand.Rand) string {
	number := func() string {
		return pick(r, "0", "1", "01", "001", "2", "1073741822", "1073741823", "1073741824", "2147483648",
			"9223372036854775807", "09223372036854775807", "9223372036854775808")
	}
	return "v" + number() + pick(r, "", "beta"+number(), "alpha"+number(), "gamma1", "beta", ".1")
}

func randomWord(r *rand.Rand, n int) string {
	const letters = "abcdefghijklmnopqrstuvwxyz0123456789-._v"
	b := make([]byte, n)
	for i := range b {
		b[i] = letters[r.IntN(len(letters))]
	}
	return string(b)
}
