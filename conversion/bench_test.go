package conversion

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkHandler serves a review of 100 CronTabs, v1beta1 to v1, in
// process: decoding, converting, restoring and encoding; impl=legacy is
// the Handler before it was made fast (legacy_test.go), for benchstat.
func BenchmarkHandler(b *testing.B) {
	objects := make([]string, 100)
	for i := range objects {
		objects[i] = fmt.Sprintf(`{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"c%d","namespace":"ns","uid":"%d","labels":{"app":"x"}},"spec":{"cronSpec":"*/5 * * * *","image":"busybox","replicas":%d}}`, i, i, i)
	}
	body := reviewBody(ReviewV1, "u", "stable.example.com/v1", objects...)
	for _, impl := range []struct {
		name string
		h    http.Handler
	}{
		{"kubeversion", &Handler{Convert: renameSpec}},
		{"legacy", &legacyHandler{Convert: renameSpec}},
	} {
		b.Run("impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				r := httptest.NewRequest("POST", "/", strings.NewReader(body))
				r.Header.Set("Content-Type", "application/json")
				w := httptest.NewRecorder()
				impl.h.ServeHTTP(w, r)
				if w.Code != 200 {
					b.Fatalf("status %d: %s", w.Code, w.Body)
				}
			}
		})
	}
}
