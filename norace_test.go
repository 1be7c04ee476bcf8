//go:build !race

package kubeversion

// raceEnabled reports whether the tests run under the race detector, whose
// sync.Pool drops a quarter of the buffers put back on purpose.
const raceEnabled = false
