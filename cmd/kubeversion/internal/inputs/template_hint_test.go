package inputs

import (
	"math/rand/v2"
	"testing"
)

// TestTemplateSnifferWrites checks that Write, which skips to each "{{",
// finds what sniff finds byte by byte, whatever the writes' sizes.
func TestTemplateSnifferWrites(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("{{}} -a\n\x01\xc3")
	for range 20000 {
		text := make([]byte, rng.IntN(24))
		for i := range text {
			text[i] = alphabet[rng.IntN(len(alphabet))]
		}
		var want TemplateSniffer
		for _, b := range text {
			if want.Found {
				break
			}
			want.sniff(b)
		}
		var got TemplateSniffer
		for rest := text; len(rest) > 0; {
			n := 1 + rng.IntN(len(rest))
			got.Write(rest[:n])
			rest = rest[n:]
		}
		if got.Found != want.Found {
			t.Fatalf("%q: Write found %v, sniff %v", text, got.Found, want.Found)
		}
	}
}
