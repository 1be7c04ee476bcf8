package jsonvalue_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

func ExampleWriter_Append() {
	var w jsonvalue.Writer
	b, err := w.Append(nil, map[string]any{"b": int64(1), "a": []any{"<", 2.5, nil}})
	fmt.Println(string(b), err)
	// Output: {"a":["\u003c",2.5,null],"b":1} <nil>
}

func ExampleAppendString() {
	fmt.Println(string(jsonvalue.AppendString(nil, "a<b & \u2028")))
	// Output: "a\u003cb \u0026 \u2028"
}

func ExampleAppendFloat() {
	for _, f := range []float64{1.5, 1e21, 1e-7} {
		b, ok := jsonvalue.AppendFloat(nil, f)
		fmt.Println(string(b), ok)
	}
	// Output:
	// 1.5 true
	// 1e+21 true
	// 1e-7 true
}

func ExampleWriter_Reset() {
	var w jsonvalue.Writer
	b, _ := w.Append(nil, map[string]any{"k": map[string]any{"v": true}})
	w.Reset(1 << 10) // before putting w back in a pool
	fmt.Println(string(b))
	// Output: {"k":{"v":true}}
}

func ExampleCopy() {
	v := map[string]any{"a": []any{int64(1)}}
	c := jsonvalue.Copy(v).(map[string]any)
	c["a"].([]any)[0] = "changed"
	fmt.Println(v, c)
	// Output: map[a:[1]] map[a:[changed]]
}

func ExampleEqual() {
	fmt.Println(jsonvalue.Equal([]any{int64(1), "a"}, []any{int64(1), "a"}))
	fmt.Println(jsonvalue.Equal(int64(1), float64(1)))
	// Output:
	// true
	// false
}
