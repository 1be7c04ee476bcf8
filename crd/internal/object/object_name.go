package object

import (
	"errors"
	"math/rand"
)

// errNamespaceMismatch is the server's answer to an object whose
// namespace is not the request's.
var errNamespaceMismatch = errors.New("the namespace of the provided object does not match the namespace sent on the request")

// generatedName returns the name the API server's name generator makes
// of base, a generateName: base, cut to 58 bytes, and five random
// characters. The server draws them at random; this draws those the
// server draws first after seeding its source with 1, so that a name is
// the same from run to run: for example "web-" gives "web-" and five
// letters and digits, always the same ones.
func generatedName(base string) string {
	const (
		maxNameLength  = 63
		randomLength   = 5
		maxBaseLength  = maxNameLength - randomLength
		alphanums      = "bcdfghjklmnpqrstvwxz2456789"
		idxBits        = 5
		idxMask        = 1<<idxBits - 1
		maxCharsPerInt = 63 / idxBits
	)
	if len(base) > maxBaseLength {
		base = base[:maxBaseLength]
	}
	r := rand.New(rand.NewSource(1))
	b := make([]byte, randomLength)
	n, remaining := r.Int63(), maxCharsPerInt
	for i := 0; i < randomLength; {
		if remaining == 0 {
			n, remaining = r.Int63(), maxCharsPerInt
		}
		if idx := int(n & idxMask); idx < len(alphanums) {
			b[i] = alphanums[idx]
			i++
		}
		n >>= idxBits
		remaining--
	}
	return base + string(b)
}
