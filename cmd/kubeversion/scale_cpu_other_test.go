//go:build !unix

package main

import "time"

var start = time.Now()

// cpuTime returns the wall time since the tests started, where the CPU
// time of the process is not at hand.
func cpuTime() time.Duration {
	return time.Since(start)
}
