//go:build race

package main

// raceEnabled: the race detector slows lint several times over, so the
// scaling tests run on a quarter of their sizes.
const raceEnabled = true
