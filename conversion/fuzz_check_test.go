package conversion

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// FuzzCheckResponse judges arbitrary answers to a fixed request and checks
// the laws of the verdict: it never panics; it is the same on a second
// call (messages do not depend on map order); a refusal is a message; an
// accepted answer holds one object per object sent, each in the desired
// apiVersion with its original's kind and metadata, except labels and
// annotations, which are maps of strings.
//
// Run it with go test -run '^$' -fuzz FuzzCheckResponse ./conversion.
func FuzzCheckResponse(f *testing.F) {
	for _, c := range checkCases() {
		f.Add(c.body, c.opts.List, c.review != ReviewV1beta1)
	}
	f.Add(answerBody(ReviewV1, "req-1", "Success", cronV1, v1Object(`{"labels":{"b":"-","a":"-","c":1}}`)), true, true)
	f.Fuzz(func(t *testing.T, body string, list, v1 bool) {
		review := ReviewV1beta1
		if v1 {
			review = ReviewV1
		}
		originals := []string{cronBeta}
		if list {
			originals = append(originals, cronAnon)
		}
		req := &Review{APIVersion: review, Kind: ReviewKind, Request: &Request{UID: "req-1", DesiredAPIVersion: "stable.example.com/v1", Objects: raws(originals...)}}
		got, err := CheckResponse(req, []byte(body), CheckOptions{List: list})
		again, err2 := CheckResponse(req, []byte(body), CheckOptions{List: list})
		if fmt.Sprint(err) != fmt.Sprint(err2) || !cmp.Equal(got, again) {
			t.Fatalf("two calls differ: %v / %v", err, err2)
		}
		if err != nil {
			if err.Error() == "" || got != nil {
				t.Fatalf("refusal %q with objects %v", err, got)
			}
			if list && !strings.HasPrefix(err.Error(), "conversion webhook for ") {
				t.Fatalf("list refusal without the server's prefix: %v", err)
			}
			return
		}
		if len(got) != len(originals) {
			t.Fatalf("accepted %d objects for %d sent", len(got), len(originals))
		}
		for i, c := range got {
			orig, _ := decodeObject([]byte(originals[i]))
			if c.Object["apiVersion"] != "stable.example.com/v1" || c.Object["kind"] != orig["kind"] {
				t.Fatalf("object %d: apiVersion %v kind %v", i, c.Object["apiVersion"], c.Object["kind"])
			}
			meta, ok := c.Object["metadata"].(map[string]any)
			if !ok {
				t.Fatalf("object %d: metadata %v", i, c.Object["metadata"])
			}
			want := jsonvalue.Copy(orig["metadata"]).(map[string]any)
			for _, f := range []string{"labels", "annotations"} {
				delete(want, f)
				if v, ok := meta[f]; ok {
					m, isMap := v.(map[string]any)
					if !isMap || !stringValues(m) {
						t.Fatalf("object %d: metadata.%s = %v", i, f, v)
					}
					want[f] = v
				}
			}
			if diff := cmp.Diff(want, meta); diff != "" {
				t.Fatalf("object %d: metadata not restored (-want +got):\n%s", i, diff)
			}
		}
		if _, err := json.Marshal(got); err != nil {
			t.Fatalf("accepted objects are not JSON: %v", err)
		}
	})
}
