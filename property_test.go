package kubeversion

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// properties returns gopter parameters for this package. The seed is logged;
// to rerun a failure, set KUBEVERSION_SEED to the seed of the failing run:
//
//	KUBEVERSION_SEED=1234 go test -run TestProperties -v .
func properties(t *testing.T) *gopter.Properties {
	seed := time.Now().UnixNano()
	if s := os.Getenv("KUBEVERSION_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseInt(s, 10, 64); err != nil {
			t.Fatalf("KUBEVERSION_SEED=%q: %v", s, err)
		}
	}
	t.Logf("gopter seed %d (set KUBEVERSION_SEED to rerun)", seed)
	params := gopter.DefaultTestParametersWithSeed(seed)
	params.MinSuccessfulTests = 2000
	if testing.Short() {
		params.MinSuccessfulTests = 200
	}
	return gopter.NewProperties(params)
}

// genNumber gives the digits of a major or minor number: mostly 0 to 3, so
// that equal and adjacent numbers meet often, with up to two leading zeros,
// and now and then the 64-bit limit or one past it.
func genNumber() gopter.Gen {
	small := gopter.CombineGens(gen.IntRange(0, 2), gen.IntRange(0, 3)).Map(func(v []any) string {
		return strings.Repeat("0", v[0].(int)) + strconv.Itoa(v[1].(int))
	})
	return gen.Weighted([]gen.WeightedGen{
		{Weight: 18, Gen: small},
		{Weight: 1, Gen: gen.OneConstOf("9223372036854775807", "9223372036854775808", "")},
	})
}

// genVersionString gives strings near the grammar: Kubernetes versions of
// every stability, and near misses that differ by a prefix or a suffix.
func genVersionString() gopter.Gen {
	return gopter.CombineGens(
		gen.Weighted([]gen.WeightedGen{{Weight: 8, Gen: gen.Const("v")}, {Weight: 1, Gen: gen.OneConstOf("", "V", "foo")}}),
		genNumber(),
		gen.OneConstOf("", "alpha", "beta", "", "alpha", "beta", "gamma", "Beta"),
		genNumber(),
		gen.Weighted([]gen.WeightedGen{{Weight: 8, Gen: gen.Const("")}, {Weight: 1, Gen: gen.OneConstOf(" ", "\n", ".1", "x")}}),
	).Map(func(v []any) string {
		s := v[0].(string) + v[1].(string) + v[2].(string)
		if v[2].(string) != "" {
			s += v[3].(string)
		}
		return s + v[4].(string)
	})
}

func TestProperties(t *testing.T) {
	p := properties(t)
	s := genVersionString()

	p.Property("Compare is antisymmetric, -1/0/+1, zero only for equal strings, and agrees with the oracle", prop.ForAll(
		func(a, b string) bool {
			ab := Compare(a, b)
			return ab == -Compare(b, a) && ab >= -1 && ab <= 1 && (ab == 0) == (a == b) &&
				ab == oracleOf(a).compare(oracleOf(b))
		}, s, s))

	p.Property("Compare is transitive", prop.ForAll(
		func(a, b, c string) bool {
			return !(Compare(a, b) >= 0 && Compare(b, c) >= 0) || Compare(a, c) >= 0
		}, s, s, s))

	p.Property("Version.Compare agrees with Compare", prop.ForAll(
		func(a, b string) bool {
			va, errA := Parse(a)
			vb, errB := Parse(b)
			if errA != nil || errB != nil {
				return true
			}
			c := va.Compare(vb)
			return (c == 0 || c == Compare(a, b)) && c == Compare(va.String(), vb.String())
		}, s, s))

	p.Property("Parse(v.String()) == v", prop.ForAll(
		func(a string) bool {
			v, err := Parse(a)
			if err != nil {
				return v == Version{}
			}
			w, err := Parse(v.String())
			return err == nil && w == v
		}, s))

	p.Property("Sort orders and permutes its input", prop.ForAll(
		func(in []string) bool {
			got := slices.Clone(in)
			Sort(got)
			for i := 1; i < len(got); i++ {
				if Compare(got[i-1], got[i]) < 0 {
					return false
				}
			}
			want := slices.Clone(in)
			slices.Sort(want)
			slices.Sort(got)
			return slices.Equal(got, want)
		}, gen.SliceOf(s)))

	p.TestingRun(t)
}
