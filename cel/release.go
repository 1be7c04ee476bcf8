package cel

import (
	"fmt"
	"strconv"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/apiserver/pkg/cel/environment"
)

// The Kubernetes releases whose CEL environment a Checker can take.
const (
	// Newest is the release of the Kubernetes code this package runs:
	// Kubernetes 1.37 (k8s.io/apiserver v0.37.2).
	Newest = 37
	// Oldest is the oldest release NewCheckerFor takes, and the release
	// below which Requirements looks no further: 1.29, where CEL rules of
	// CRDs became generally available.
	Oldest = 29
)

// added says what each release added to the environment in which the API
// server compiles new rules, as k8s.io/apiserver's base environment
// versions its libraries. A server of release 1.N compiles new rules in
// the environment of compatibility version 1.(N-1), so that a rule it
// accepts still compiles after a rollback to the release before: a
// library introduced at 1.30 is accepted from Kubernetes 1.31.
var added = map[int]string{
	30: "version 2 of the strings library and the sets library",
	31: "the ip and cidr libraries",
	32: "the format library, and CEL keywords as field names",
	33: "two-variable comprehensions",
	34: "the semver library",
	35: "version 3 of the lists extension",
}

// NewCheckerFor returns a Checker with the CEL environment of the API
// server of Kubernetes 1.minor, from 1.29 (Oldest) to 1.37 (Newest): new
// rules and message expressions compile with the libraries that release
// accepts. What else the Checker judges (costs, messages, the rules on
// defaults, and the environment for rules already in the live object on
// update) is that of the newest release. For example,
// NewCheckerFor(30) rejects a new rule that calls isIP, which 1.31 added:
//
//	v := crd.Validator{CEL: must(cel.NewCheckerFor(30))}
func NewCheckerFor(minor int) (*Checker, error) {
	if minor < Oldest || minor > Newest {
		return nil, fmt.Errorf("cel: Kubernetes 1.%d: want a release from 1.%d to 1.%d", minor, Oldest, Newest)
	}
	return &Checker{release: minor}, nil
}

// envSetFor returns the base environments of the API server of release
// 1.minor: compatibility version 1.(minor-1).
func envSetFor(minor int) *environment.EnvSet {
	return environment.MustBaseEnvSet(version.MajorMinor(1, uint(minor-1)))
}

// Release returns the minor number of the Kubernetes release whose
// environment c compiles new rules in: 37 for NewChecker().
func (c *Checker) Release() int {
	return c.release
}

// releaseName returns "Kubernetes 1.minor".
func releaseName(minor int) string {
	return "Kubernetes 1." + strconv.Itoa(minor)
}
