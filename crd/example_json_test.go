package crd_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/crd"
)

func ExampleJSON_DeepCopy() {
	j := crd.JSON{Value: map[string]any{"ports": []any{int64(80)}}}
	c := j.DeepCopy()
	c.Value.(map[string]any)["ports"].([]any)[0] = int64(8080)
	fmt.Println(j.Value, c.Value)
	// Output:
	// map[ports:[80]] map[ports:[8080]]
}

func ExampleMaxDepth() {
	doc := `{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"default": ` +
		strings.Repeat("[", crd.MaxDepth) + strings.Repeat("]", crd.MaxDepth) + `}}}]}}`
	_, err := crd.Decode([]byte(doc))
	fmt.Println(err)
	fmt.Println(errors.Is(err, crd.ErrMaxDepth))
	// Output:
	// invalid character '[' exceeded max depth
	// true
}
