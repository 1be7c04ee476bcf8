package kubeversion

import "strings"

// rankLimit is the length from which Compare stops using rank. A
// Kubernetes version shorter than 16 bytes has at most 14 digits, so its
// numbers fit the fields of a rank.
const rankLimit = 16

// The fields of a rank, from the top bit down: the stability (GA 3, beta 2,
// alpha 1) in 2 bits; then for GA the major number in the other 62 bits,
// and for alpha and beta the major number in 30 bits and the minor number
// in the low 32. Under rankLimit, a GA major number has at most 14 digits
// (below 2^47), and an alpha or beta version at most 10 digits in all, so
// each of its two numbers has at most 9 and is below 10^9 < 2^30.
const (
	rankGA    = uint64(GA) << 62
	rankBeta  = uint64(Beta) << 62
	rankAlpha = uint64(Alpha) << 62
)

// rank returns a number that orders the strings of 2 to rankLimit-1 bytes
// as their Versions do: 0 for a string that is not a Kubernetes
// version, and for a version a number above 0 that is the same for all the
// spellings of the version and larger for a higher version. For example,
// rank("v1") > rank("v2beta1") > rank("v2alpha1") > rank("foo") == 0, and
// rank("v01") == rank("v1").
//
// It is the hot path of Compare, which does not call it: compare_gen.go
// has its body written out twice. After changing rank, run go generate.
//
// rank is written to execute few instructions, which is where the time of
// Compare goes: a
// version of the common shapes, one or two digits of major number and one
// of minor number, is told by its length and decoded from fixed
// positions, without a loop and without bounds checks; only the other
// strings take the byte-by-byte scan at the end.
func rank(s string) uint64 {
	n := len(s)
	// Every version starts with "v" and a digit. Both bytes are tested at
	// once: the two are read as one 16-bit number (the compiler makes one
	// load of the two byte loads), "v0" is subtracted, and the bytes are
	// swapped, so that the result is below 10, the value of the digit,
	// exactly when s[0] is 'v' (otherwise the high byte is not 0) and
	// s[1] is a digit.
	vd := (uint16(s[0]) | uint16(s[1])<<8) - ('v' | '0'<<8)
	digit := vd<<8 | vd>>8
	if digit > 9 {
		return 0
	}
	major := uint64(digit)
	switch n {
	case 2: // v1
		return rankGA | major
	case 3: // v10
		if d := s[2] - '0'; d <= 9 {
			return rankGA | (major*10 + uint64(d))
		}
	case 7: // v1beta1
		if d := s[6] - '0'; d <= 9 && s[2:6] == "beta" {
			return rankBeta | major<<32 | uint64(d)
		}
	case 8: // v1alpha1 or v10beta1
		if d := s[7] - '0'; d <= 9 {
			if s[2:7] == "alpha" {
				return rankAlpha | major<<32 | uint64(d)
			}
			if m := s[2] - '0'; m <= 9 && s[3:7] == "beta" {
				return rankBeta | (major*10+uint64(m))<<32 | uint64(d)
			}
		}
	case 9: // v10alpha1
		if d, m := s[8]-'0', s[2]-'0'; d <= 9 && m <= 9 && s[3:8] == "alpha" {
			return rankAlpha | (major*10+uint64(m))<<32 | uint64(d)
		}
	}
	// Any other shape, and the strings that look like a common shape but
	// are not one: scan the rest byte by byte, as scan does.
	major, i := digits(s, 2, major)
	if i == n {
		return rankGA | major
	}
	var stability uint64
	switch {
	case i+4 < n && s[i:i+4] == "beta":
		stability, i = rankBeta, i+4
	case i+5 < n && s[i:i+5] == "alpha":
		stability, i = rankAlpha, i+5
	default:
		return 0
	}
	minor := uint64(s[i] - '0')
	if minor > 9 {
		return 0
	}
	for i++; i < n; i++ {
		d := s[i] - '0'
		if d > 9 {
			return 0
		}
		minor = minor*10 + uint64(d)
	}
	return stability | major<<32 | minor
}

// orderRanks is the ordering of Compare on two strings of 2 to
// rankLimit-1 bytes and their ranks: as order, with ranks for Versions.
func orderRanks(a, b string, ra, rb uint64) int {
	if ra != rb {
		return b2i(ra > rb) - b2i(ra < rb)
	}
	// The tie-break of order: two spellings of one version by length,
	// then by bytes.
	if ra != 0 && len(a) != len(b) {
		return b2i(len(a) < len(b)) - b2i(len(a) > len(b))
	}
	// Then strings.Compare(b, a), written out: on strings this short the
	// loop costs less than the call.
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return b2i(a[i] < b[i]) - b2i(a[i] > b[i])
		}
	}
	return b2i(len(a) < len(b)) - b2i(len(a) > len(b))
}

// compareLong is Compare on two strings of which one has rankLimit bytes or
// more, or fewer than 2 (which is no version and which rank does not take).
// Two strings that do not start with "v" and a digit are not
// versions, whatever their length, so they are ordered by their bytes
// without being scanned.
func compareLong(a, b string) int {
	if !startsLikeVersion(a) && !startsLikeVersion(b) {
		return strings.Compare(b, a)
	}
	return order(a, b, scan(a), scan(b))
}

// startsLikeVersion reports whether s starts with "v" and a digit, as every
// Kubernetes version does.
func startsLikeVersion(s string) bool {
	return len(s) >= 2 && s[0] == 'v' && s[1]-'0' <= 9
}
