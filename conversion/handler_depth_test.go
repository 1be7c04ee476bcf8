package conversion

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestHandlerDepthLimit checks that the Handler converts an object nested
// as deep as encoding/json and the API server read, 10000 levels counting
// the review's own 4, and refuses one level more with 400.
func TestHandlerDepthLimit(t *testing.T) {
	h := &Handler{Convert: renameSpec}
	for _, depth := range []int{10000, 10001} {
		n := depth - 5 // the review, request, objects, object and spec
		obj := `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","spec":{"deep":` +
			strings.Repeat("[", n) + strings.Repeat("]", n) + `}}`
		body := reviewBody(ReviewV1, "u", "stable.example.com/v1", obj)
		if json.Valid([]byte(body)) != (depth <= 10000) {
			t.Fatalf("the review nested %d deep is nested wrong: json.Valid says %v", depth, !(depth <= 10000))
		}
		w := serve(h, "POST", "application/json", body)
		want := 200
		if depth > 10000 {
			want = 400
		}
		if w.Code != want || want == 400 && !strings.Contains(w.Body.String(), "exceeded max depth") {
			t.Errorf("an object nested %d deep: got %d %.200q, want %d", depth, w.Code, w.Body.String(), want)
		}
	}
}
