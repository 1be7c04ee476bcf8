package jsonvalue

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// randomValue returns a value of the model, up to depth levels deep, from
// a small alphabet so that two draws are often equal or nearly so.
func randomValue(r *rand.Rand, depth int) any {
	n := 9
	if depth == 0 {
		n = 7
	}
	switch r.IntN(n) {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return []string{"", "a", "b"}[r.IntN(3)]
	case 3:
		return int64(r.IntN(3))
	case 4:
		return []float64{0, 1, math.NaN(), math.Copysign(0, -1)}[r.IntN(4)]
	case 5:
		return []any(nil)
	case 6:
		return map[string]any(nil)
	case 7:
		l := make([]any, r.IntN(3))
		for i := range l {
			l[i] = randomValue(r, depth-1)
		}
		return l
	default:
		m := make(map[string]any)
		for range r.IntN(3) {
			m[[]string{"a", "b", "c"}[r.IntN(3)]] = randomValue(r, depth-1)
		}
		return m
	}
}

// TestEqualIsDeepEqual holds Equal to reflect.DeepEqual on pairs of random
// values, and Copy to giving a value DeepEqual finds equal but for nil
// slices and maps, which it makes empty.
func TestEqualIsDeepEqual(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	equal := 0
	for range 200000 {
		a, b := randomValue(r, 3), randomValue(r, 3)
		if r.IntN(4) == 0 {
			b = Copy(a)
		}
		want := reflect.DeepEqual(a, b)
		if got := Equal(a, b); got != want {
			t.Fatalf("Equal(%#v, %#v) = %v, DeepEqual says %v", a, b, got, want)
		}
		if want {
			equal++
		}
	}
	if equal < 1000 {
		t.Fatalf("only %d of the pairs were equal: the test checks little", equal)
	}
}

func TestCopyShares(t *testing.T) {
	v := map[string]any{"l": []any{map[string]any{"k": "v"}}, "n": []any(nil), "m": map[string]any(nil)}
	c := Copy(v).(map[string]any)
	want := map[string]any{"l": []any{map[string]any{"k": "v"}}, "n": []any{}, "m": map[string]any{}}
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("Copy = %#v, want %#v", c, want)
	}
	c["l"].([]any)[0].(map[string]any)["k"] = "changed"
	if v["l"].([]any)[0].(map[string]any)["k"] != "v" {
		t.Fatal("Copy shares a map with its input")
	}
}
