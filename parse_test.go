package kubeversion

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var parseTests = []struct {
	in   string
	want Version
}{
	{"v0", makeVersion(0, GA, 0)},
	{"v1", makeVersion(1, GA, 0)},
	{"v01", makeVersion(1, GA, 0)},
	{"v000000000000000000000000000001", makeVersion(1, GA, 0)}, // leading zeros do not count toward the limit
	{"v2beta1", makeVersion(2, Beta, 1)},
	{"v02beta01", makeVersion(2, Beta, 1)},
	{"v1alpha0", makeVersion(1, Alpha, 0)},
	{"v0alpha0", makeVersion(0, Alpha, 0)},
	{"v9223372036854775807", makeVersion(1<<63-1, GA, 0)},
	{"v9223372036854775807alpha9223372036854775807", makeVersion(1<<63-1, Alpha, 1<<63-1)},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		got, err := Parse(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v, want %v, nil", tt.in, got, err, tt.want)
		}
		if !IsValid(tt.in) {
			t.Errorf("IsValid(%q) = false, want true", tt.in)
		}
	}
}

var parseErrorTests = []struct {
	in   string
	want ParseError
}{
	{"", ParseError{"", 0, "empty string", ErrSyntax}},
	{"V1", ParseError{"V1", 0, `must start with "v"`, ErrSyntax}},
	{"1", ParseError{"1", 0, `must start with "v"`, ErrSyntax}},
	{" v1", ParseError{" v1", 0, `must start with "v"`, ErrSyntax}},
	{"v", ParseError{"v", 1, `missing number after "v"`, ErrSyntax}},
	{"vbeta1", ParseError{"vbeta1", 1, `missing number after "v"`, ErrSyntax}},
	{"v-1", ParseError{"v-1", 1, `missing number after "v"`, ErrSyntax}},
	{"v١", ParseError{"v١", 1, `missing number after "v"`, ErrSyntax}},
	{"v1beta", ParseError{"v1beta", 6, `missing number after "beta"`, ErrSyntax}},
	{"v1alpha", ParseError{"v1alpha", 7, `missing number after "alpha"`, ErrSyntax}},
	{"v1alpha-1", ParseError{"v1alpha-1", 7, `missing number after "alpha"`, ErrSyntax}},
	{"v1.30.2", ParseError{"v1.30.2", 2, `unexpected ".30.2" after major version`, ErrSyntax}},
	{"v1\n", ParseError{"v1\n", 2, `unexpected "\n" after major version`, ErrSyntax}},
	{"v1Beta1", ParseError{"v1Beta1", 2, `unexpected "Beta1" after major version`, ErrSyntax}},
	{"v1gamma1", ParseError{"v1gamma1", 2, `unexpected "gamma1" after major version`, ErrSyntax}},
	{"v1beta1 ", ParseError{"v1beta1 ", 7, `unexpected " " after minor version`, ErrSyntax}},
	{"v1beta1beta1", ParseError{"v1beta1beta1", 7, `unexpected "beta1" after minor version`, ErrSyntax}},
	{"v9223372036854775808", ParseError{"v9223372036854775808", 1, "major version out of range", ErrRange}},
	{"v99999999999999999999999", ParseError{"v99999999999999999999999", 1, "major version out of range", ErrRange}},
	{"v1beta9223372036854775808", ParseError{"v1beta9223372036854775808", 6, "minor version out of range", ErrRange}},
	{"v9223372036854775808alpha9223372036854775808", ParseError{"v9223372036854775808alpha9223372036854775808", 1, "major version out of range", ErrRange}},
	// A syntax error wins over a number out of range.
	{"v9223372036854775808x", ParseError{"v9223372036854775808x", 20, `unexpected "x" after major version`, ErrSyntax}},
}

func TestParseError(t *testing.T) {
	for _, tt := range parseErrorTests {
		got, err := Parse(tt.in)
		if got != (Version{}) {
			t.Errorf("Parse(%q) = %v, want the zero Version", tt.in, got)
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) error = %v, want a *ParseError", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, *pe, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
			t.Errorf("Parse(%q) error mismatch (-want +got):\n%s", tt.in, diff)
		}
		if !errors.Is(err, tt.want.Err) {
			t.Errorf("errors.Is(Parse(%q), %v) = false, want true", tt.in, tt.want.Err)
		}
		if IsValid(tt.in) {
			t.Errorf("IsValid(%q) = true, want false", tt.in)
		}
	}
}

func TestParseErrorMessage(t *testing.T) {
	_, err := Parse("v1beta")
	const want = `kubeversion: parsing "v1beta": missing number after "beta"`
	if err == nil || err.Error() != want {
		t.Errorf("Parse(\"v1beta\") error = %v, want %s", err, want)
	}
}

func TestMustParse(t *testing.T) {
	if got := MustParse("v2beta1"); got != (makeVersion(2, Beta, 1)) {
		t.Errorf("MustParse(\"v2beta1\") = %v", got)
	}
	defer func() {
		if _, ok := recover().(*ParseError); !ok {
			t.Errorf("MustParse(\"v2.0\") did not panic with a *ParseError")
		}
	}()
	MustParse("v2.0")
}

// validSink keeps the calls in TestParseAllocs from being optimized away.
var validSink bool

func TestParseAllocs(t *testing.T) {
	for _, tt := range parseTests {
		if n := testing.AllocsPerRun(100, func() { Parse(tt.in) }); n != 0 {
			t.Errorf("Parse(%q) allocates %v times, want 0", tt.in, n)
		}
		if n := testing.AllocsPerRun(100, func() { validSink = IsValid(tt.in) }); n != 0 {
			t.Errorf("IsValid(%q) allocates %v times, want 0", tt.in, n)
		}
	}
	for _, tt := range parseErrorTests {
		if n := testing.AllocsPerRun(100, func() { validSink = IsValid(tt.in) }); n != 0 {
			t.Errorf("IsValid(%q) allocates %v times, want 0", tt.in, n)
		}
	}
}
