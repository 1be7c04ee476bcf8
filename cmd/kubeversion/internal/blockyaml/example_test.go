package blockyaml_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/blockyaml"
)

func ExampleRead() {
	text := []byte(`spec:
  versions:
  - name: v1
    served: yes
    replicas: 3
  - name: v2
    served: off
`)
	doc, lines, ok := blockyaml.Read(text, []string{"spec", "versions", "*", "name"})
	fmt.Println(doc["spec"], lines, ok)
	_, _, ok = blockyaml.Read([]byte("a: &anchor 1\nb: *anchor\n"), nil)
	fmt.Println(ok) // left to sigs.k8s.io/yaml
	// Output:
	// map[versions:[map[name:v1 replicas:3 served:true] map[name:v2 served:false]]] [3 6] true
	// false
}

func ExampleReadNode() {
	root, ok := blockyaml.ReadNode([]byte("kind: CustomResourceDefinition\nspec:\n  group: example.com\n"))
	spec := root.Content[3]
	fmt.Println(ok, root.Content[2].Value, root.Content[2].Line, spec.Content[0].Value, spec.Content[0].Line)
	// Output: true spec 2 group 3
}
