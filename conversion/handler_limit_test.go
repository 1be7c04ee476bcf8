package conversion

import (
	"strings"
	"testing"
)

// TestHandlerDefaultBodyLimit checks that a Handler with no MaxBodyBytes
// reads a review of the API server's request limit, 3 MiB
// (MaxRequestBodyBytes of k8s.io/apiserver), and refuses one byte more
// with 413: a 64 MiB default let a few clients take a webhook to
// gigabytes.
func TestHandlerDefaultBodyLimit(t *testing.T) {
	const serverLimit = 3 * 1024 * 1024
	if DefaultMaxBodyBytes != serverLimit {
		t.Errorf("DefaultMaxBodyBytes = %d, want the API server's %d", DefaultMaxBodyBytes, serverLimit)
	}
	h := &Handler{Convert: renameSpec}
	review := reviewBody(ReviewV1, "u", "stable.example.com/v1", `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","spec":{"cronSpec":"* * * * *"}}`)
	for _, size := range []int{serverLimit, serverLimit + 1} {
		body := review + strings.Repeat(" ", size-len(review))
		w := serve(h, "POST", "application/json", body)
		want := 200
		if size > serverLimit {
			want = 413
		}
		if w.Code != want {
			t.Errorf("a body of %d bytes: got %d %.100q, want %d", size, w.Code, w.Body.String(), want)
		}
	}
}
