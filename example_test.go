package kubeversion_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/kubeversion/kubeversion"
)

func ExampleCompare() {
	fmt.Println(kubeversion.Compare("v1", "v2beta1"))
	fmt.Println(kubeversion.Compare("v2alpha1", "v1beta1"))
	fmt.Println(kubeversion.Compare("foo1", "foo10"))
	fmt.Println(kubeversion.Compare("v1", "v01")) // Kubernetes says 0
	fmt.Println(kubeversion.Compare("v1", "v1"))
	// Output:
	// 1
	// -1
	// 1
	// 1
	// 0
}

// With slices.SortFunc, Compare sorts lowest priority first, as every
// cmp-style function does. Swap its arguments to sort highest first, as
// Sort does.
func ExampleCompare_sortFunc() {
	versions := []string{"v1beta1", "foo", "v2", "v1", "v1alpha1"}
	slices.SortFunc(versions, kubeversion.Compare)
	fmt.Println(versions)

	slices.SortFunc(versions, func(a, b string) int { return kubeversion.Compare(b, a) })
	fmt.Println(versions)
	// Output:
	// [foo v1alpha1 v1beta1 v1 v2]
	// [v2 v1 v1beta1 v1alpha1 foo]
}

func ExampleSort() {
	versions := []string{"foo10", "v11alpha2", "v1", "v3beta1", "foo1", "v10", "v12alpha1", "v2", "v10beta3", "v11beta2"}
	kubeversion.Sort(versions)
	fmt.Println(versions)
	// Output:
	// [v10 v2 v1 v11beta2 v10beta3 v3beta1 v12alpha1 v11alpha2 foo1 foo10]
}

func ExampleHighest() {
	fmt.Println(kubeversion.Highest([]string{"v1beta1", "v1", "v2alpha1"}))
	fmt.Println(kubeversion.Highest(nil))
	// Output:
	// v1 true
	//  false
}

func ExampleParse() {
	v, err := kubeversion.Parse("v2beta1")
	fmt.Println(v.Major(), v.Stability(), v.Minor(), err)

	_, err = kubeversion.Parse("v1.30.2")
	fmt.Println(err)
	fmt.Println(errors.Is(err, kubeversion.ErrSyntax))
	// Output:
	// 2 beta 1 <nil>
	// kubeversion: parsing "v1.30.2": unexpected ".30.2" after major version
	// true
}

func ExampleMustParse() {
	fmt.Println(kubeversion.MustParse("v01alpha02"))
	// Output:
	// v1alpha2
}

func ExampleIsValid() {
	for _, s := range []string{"v1", "v1alpha1", "v1beta", "v1.30", "V1", "v9223372036854775808"} {
		fmt.Println(s, kubeversion.IsValid(s))
	}
	// Output:
	// v1 true
	// v1alpha1 true
	// v1beta false
	// v1.30 false
	// V1 false
	// v9223372036854775808 false
}

func ExampleParseError() {
	_, err := kubeversion.Parse("v9223372036854775808")
	var pe *kubeversion.ParseError
	if errors.As(err, &pe) {
		fmt.Printf("input %q, offset %d, reason %q, range error %v\n", pe.Input, pe.Offset, pe.Reason, errors.Is(err, kubeversion.ErrRange))
	}
	// Output:
	// input "v9223372036854775808", offset 1, reason "major version out of range", range error true
}

func ExampleVersion() {
	v := kubeversion.MustParse("v02beta01")
	fmt.Println(v, v.Major(), v.Stability(), v.Minor(), v.IsValid())
	fmt.Println(v == kubeversion.MustParse("v2beta1"))

	var zero kubeversion.Version
	fmt.Println(zero, zero.IsValid())
	// Output:
	// v2beta1 2 beta 1 true
	// true
	// invalid version false
}

func ExampleVersion_Compare() {
	v1 := kubeversion.MustParse("v1")
	v2beta1 := kubeversion.MustParse("v2beta1")
	fmt.Println(v1.Compare(v2beta1), v2beta1.Compare(v1), v1.Compare(v1))
	// Output:
	// 1 -1 0
}

func ExampleVersion_String() {
	fmt.Println(kubeversion.MustParse("v007").String())
	// Output:
	// v7
}

func ExampleVersion_IsValid() {
	fmt.Println(kubeversion.MustParse("v1").IsValid(), kubeversion.Version{}.IsValid())
	// Output:
	// true false
}

func ExampleVersion_Major() {
	fmt.Println(kubeversion.MustParse("v3alpha1").Major())
	// Output:
	// 3
}

func ExampleVersion_Minor() {
	fmt.Println(kubeversion.MustParse("v3alpha1").Minor(), kubeversion.MustParse("v3").Minor())
	// Output:
	// 1 0
}

func ExampleVersion_Stability() {
	fmt.Println(kubeversion.MustParse("v3alpha1").Stability() < kubeversion.MustParse("v1beta1").Stability())
	// Output:
	// true
}

func ExampleVersion_MarshalText() {
	b, err := json.Marshal(map[string]kubeversion.Version{"storage": kubeversion.MustParse("v01")})
	fmt.Println(string(b), err)
	// Output:
	// {"storage":"v1"} <nil>
}

func ExampleVersion_UnmarshalText() {
	var config struct{ Storage kubeversion.Version }
	err := json.Unmarshal([]byte(`{"Storage": "v2beta1"}`), &config)
	fmt.Println(config.Storage, err)

	err = json.Unmarshal([]byte(`{"Storage": "v2.0"}`), &config)
	fmt.Println(err)
	// Output:
	// v2beta1 <nil>
	// kubeversion: parsing "v2.0": unexpected ".0" after major version
}

func ExampleVersion_AppendText() {
	b := []byte("apps/")
	b, _ = kubeversion.MustParse("v1").AppendText(b)
	fmt.Println(string(b))
	// Output:
	// apps/v1
}

func ExampleStability() {
	for _, s := range []kubeversion.Stability{kubeversion.Alpha, kubeversion.Beta, kubeversion.GA} {
		fmt.Println(int(s), s)
	}
	// Output:
	// 1 alpha
	// 2 beta
	// 3 GA
}

func ExampleStability_String() {
	fmt.Println(kubeversion.Beta.String())
	// Output:
	// beta
}
