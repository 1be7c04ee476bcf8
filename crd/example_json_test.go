package crd_test

import (
	"fmt"

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
