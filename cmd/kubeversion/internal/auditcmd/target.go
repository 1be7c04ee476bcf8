package auditcmd

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseTarget returns N of a release 1.N (or v1.N), audit's
// --kubernetes-version.
func ParseTarget(s string) (int, error) {
	minor, ok := strings.CutPrefix(strings.TrimPrefix(s, "v"), "1.")
	n, err := strconv.Atoi(minor)
	if !ok || err != nil || n < 1 || strconv.Itoa(n) != minor {
		return 0, fmt.Errorf("%q: want a release 1.N, such as 1.38", s)
	}
	return n, nil
}
