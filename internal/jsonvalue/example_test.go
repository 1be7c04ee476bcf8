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
