package inorder_test

import (
	"fmt"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inorder"
)

// The items are done in any order; their results come in the order the
// items were added.
func ExampleRunner() {
	r := &inorder.Runner[int, int]{Workers: 4,
		Run: func(i int) int {
			time.Sleep(time.Duration(5-i) * time.Millisecond) // the last done first
			return i * i
		},
		Emit: func(i, square int) error {
			fmt.Println(i, square)
			return nil
		},
	}
	defer r.Stop()
	for i := range 5 {
		r.Add(i, fmt.Sprint(i))
	}
	if err := r.Wait(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 0 0
	// 1 1
	// 2 4
	// 3 9
	// 4 16
}
