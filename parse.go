package kubeversion

// Parse parses s as a Kubernetes version. For example, Parse("v2beta1")
// returns a Version with major 2, stability [Beta] and minor 1, and
// Parse("v02beta01") returns the same Version.
//
// Parse succeeds exactly for the strings that Kubernetes treats as versions
// (see the package doc for the grammar). Otherwise it returns the zero
// Version and a [*ParseError] that unwraps to [ErrSyntax] or [ErrRange]:
//
//	Parse("v1beta")  // missing number after "beta" (ErrSyntax)
//	Parse("V1")      // must start with "v" (ErrSyntax)
//	Parse("v1.30.2") // unexpected ".30.2" after major version (ErrSyntax)
//	Parse("v9223372036854775808") // major version out of range (ErrRange)
func Parse(s string) (Version, error) {
	if v := scan(s); v.IsValid() {
		return v, nil
	}
	return Version{}, diagnose(s).err(s)
}

// MustParse is like [Parse] but panics if s is not a Kubernetes version. It
// is intended for use in tests and with hard-coded strings. For example,
// MustParse("v1").String() == "v1".
func MustParse(s string) Version {
	v, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// IsValid reports whether s is a Kubernetes version, that is, whether [Parse]
// would succeed. For example, IsValid("v1alpha1") == true, IsValid("v1.30")
// == false. It does not allocate.
func IsValid(s string) bool {
	return scan(s).IsValid()
}

// scan returns the Version that s spells, or the zero Version if s is not
// a Kubernetes version. It is the hot path of Sort and IsValid, so it only
// answers yes or no; Parse asks [diagnose] for the reason of a no. Compare
// calls scan only for strings of rankLimit bytes or more, and uses rank
// for shorter strings.
func scan(s string) Version {
	n := len(s)
	if n < 2 || s[0] != 'v' || s[1]-'0' > 9 {
		return Version{}
	}
	major, i := digits(s, 2, uint64(s[1]-'0'))
	if i == n { // GA, the common case
		if n > 19 && aboveLimit(s[1:]) {
			return Version{}
		}
		return makeVersion(major, GA, 0)
	}
	// s[i] is not a digit. A word must follow the major number, and a digit
	// must follow the word. The tests are written i+4 < n, not n-i > 4, so
	// that i+4 is computed once for the test and the slice, and the first
	// digit is read before the loop: both save instructions on every alpha
	// and beta string.
	var stability Stability
	var j int // where the minor number starts
	switch {
	case i+4 < n && s[i:i+4] == "beta":
		stability, j = Beta, i+4
	case i+5 < n && s[i:i+5] == "alpha":
		stability, j = Alpha, i+5
	default:
		return Version{}
	}
	minor := uint64(s[j] - '0')
	if minor > 9 {
		return Version{}
	}
	for k := j + 1; k < n; k++ {
		d := s[k] - '0'
		if d > 9 {
			return Version{}
		}
		minor = minor*10 + uint64(d)
	}
	// A number of up to 18 digits cannot exceed the limit, so strings of up
	// to 19 bytes, the common case, skip this.
	if n > 19 && (aboveLimit(s[1:i]) || aboveLimit(s[j:])) {
		return Version{}
	}
	return makeVersion(major, stability, minor)
}

// digits returns v followed by the decimal digits of s from i on, as a
// number (which wraps past 19 digits: scan checks with aboveLimit), and
// where the digits end. It reads the major number in scan and rank, and
// is inlined in both: scan stays a leaf function. The minor number's
// loops stop at the first byte that is not a digit, which saves a
// comparison after the loop on every alpha and beta string.
func digits(s string, i int, v uint64) (uint64, int) {
	for ; i < len(s); i++ {
		d := s[i] - '0'
		if d > 9 {
			break
		}
		v = v*10 + uint64(d)
	}
	return v, i
}

// aboveLimit reports whether the ASCII digits in s, leading zeros included,
// denote a number above math.MaxInt64, the limit of strconv.Atoi on the
// 64-bit platforms that Kubernetes runs on. It compares digit by digit, not
// with >, so that scan stays a leaf function without a call.
func aboveLimit(digits string) bool {
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
	const limit = "9223372036854775807"
	if len(digits) != len(limit) {
		return len(digits) > len(limit)
	}
	for i := range len(limit) {
		if digits[i] != limit[i] {
			return digits[i] > limit[i]
		}
	}
	return false
}
