package crd_test

import (
	"fmt"

	"github.com/kubeversion/kubeversion/crd"
)

func ExampleBreakingUpgradeChecks() {
	breaking := crd.BreakingUpgradeChecks()
	fmt.Println(len(breaking), "of", len(crd.UpgradeChecks()), "checks break clients or data")
	fmt.Println(breaking[:3])
	// Output:
	// 18 of 40 checks break clients or data
	// [removed-without-deprecation none-conversion-drops-fields scope-changed]
}
