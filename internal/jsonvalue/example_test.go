package jsonvalue_test

import (
	"fmt"
	"sync"

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

func ExampleReader() {
	var r jsonvalue.Reader
	for _, in := range []string{`{"n":[1,2.5,"x"]}`, `[1e400]`, `{} trailing`} {
		v, ok := r.Read([]byte(in))
		fmt.Printf("%v %v\n", v, ok)
	}
	// Output:
	// map[n:[1 2.5 x]] true
	// <nil> false
	// <nil> false
}

func ExampleReader_Read() {
	var r jsonvalue.Reader
	v, ok := r.Read([]byte(` {"i": 9007199254740993, "f": 1e3} `))
	m := v.(map[string]any)
	fmt.Printf("%T %v, %T %v, %v\n", m["i"], m["i"], m["f"], m["f"], ok)
	// Output: int64 9007199254740993, float64 1000, true
}

func ExampleReader_Reset() {
	pool := sync.Pool{New: func() any { return new(jsonvalue.Reader) }}
	r := pool.Get().(*jsonvalue.Reader)
	v, ok := r.Read([]byte(`["ns","ns"]`))
	r.Reset(1 << 10) // before putting r back: it keeps nothing it read
	pool.Put(r)
	fmt.Println(v, ok)
	// Output: [ns ns] true
}

func ExampleReader_Start() {
	var r jsonvalue.Reader
	r.Start([]byte(` [1, {"a":true}] `))
	fmt.Println(r.Consume('['))
	for !r.Consume(']') {
		v, raw, ok := r.Value()
		fmt.Printf("%v %s %v\n", v, raw, ok)
		r.Consume(',')
	}
	fmt.Println(r.AtEnd())
	// Output:
	// true
	// 1 1 true
	// map[a:true] {"a":true} true
	// true
}

func ExampleReader_Next() {
	var r jsonvalue.Reader
	r.Start([]byte("\n\t{}"))
	fmt.Printf("%q\n", r.Next())
	// Output: '{'
}

func ExampleReader_AtEnd() {
	var r jsonvalue.Reader
	r.Start([]byte(`1 `))
	fmt.Println(r.AtEnd())
	r.Value()
	fmt.Println(r.AtEnd())
	// Output:
	// false
	// true
}

func ExampleReader_Consume() {
	var r jsonvalue.Reader
	r.Start([]byte(` ,1`))
	fmt.Println(r.Consume(']'), r.Consume(','))
	// Output: false true
}

func ExampleReader_Value() {
	var r jsonvalue.Reader
	r.Start([]byte(` [1,"a"] ,`))
	v, raw, ok := r.Value()
	fmt.Printf("%#v %s %v\n", v, raw, ok)
	// Output: []interface {}{1, "a"} [1,"a"] true
}

func ExampleReader_StringValue() {
	var r jsonvalue.Reader
	r.Start([]byte(` "a\u00e9" 1`))
	fmt.Println(r.StringValue())
	fmt.Println(r.StringValue())
	// Output:
	// aé true
	//  false
}

func ExampleReader_Fields() {
	var r jsonvalue.Reader
	for _, in := range []string{`{"uid":"u1","n":2}`, `{"uid":"u1","uid":"u2"}`, `{"other":1}`} {
		var uid string
		var n any
		r.Start([]byte(in))
		ok := r.Fields(make([]bool, 2), func(name []byte) (int, bool) {
			switch string(name) {
			case "uid":
				s, ok := r.StringValue()
				uid = s
				return 0, ok
			case "n":
				v, _, ok := r.Value()
				n = v
				return 1, ok
			}
			return 0, false
		})
		// On false, the values read so far are for the slow path to
		// read again, not to use: here the second uid was read.
		fmt.Println(uid, n, ok && r.AtEnd())
	}
	// Output:
	// u1 2 true
	// u2 <nil> false
	//  <nil> false
}

func ExampleNumber() {
	for _, in := range []string{"7", "9223372036854775808", "1e400", "07"} {
		v, ok := jsonvalue.Number([]byte(in))
		fmt.Printf("%T %v %v\n", v, v, ok)
	}
	// Output:
	// int64 7 true
	// float64 9.223372036854776e+18 true
	// <nil> <nil> false
	// <nil> <nil> false
}

func ExampleUnmarshal() {
	for _, in := range []string{`{"a": [7, 2.5, null]}`, `1e400`, `{} x`} {
		v, err := jsonvalue.Unmarshal([]byte(in))
		fmt.Println(v, err)
	}
	// Output:
	// map[a:[7 2.5 <nil>]] <nil>
	// <nil> strconv.ParseFloat: parsing "1e400": value out of range
	// <nil> invalid character 'x' after top-level value
}
