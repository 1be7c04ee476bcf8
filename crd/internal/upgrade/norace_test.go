//go:build !race

package upgrade

// raceEnabled reports whether the tests run under the race detector, which
// slows regexp matching about thirty times; this package starts no
// goroutines, so its random tests run a tenth of their pairs under it.
const raceEnabled = false
