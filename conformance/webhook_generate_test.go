package conformance

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
)

// webhookCase is one generated call of a conversion webhook: the review
// version the server asks for, whether it converts a list, the objects it
// sends, and the webhook's answer, with $UID where the request's uid goes.
type webhookCase struct {
	review    string // "v1" or "v1beta1"
	list      bool
	originals []map[string]any
	body      string
}

// webhookGen generates webhook cases: correct answers, and answers broken
// in each way the API server checks (the review's type, uid and result,
// the number of objects, each object's type, identity, metadata, labels
// and annotations), from one seeded source.
type webhookGen struct{ r *rand.Rand }

// webhookPick returns one of xs at random.
func webhookPick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

// webhookJSON returns v as JSON; the generated values always marshal.
func webhookJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// webhookCopy returns a deep copy of a JSON value.
func webhookCopy(v any) any {
	var out any
	if err := json.Unmarshal([]byte(webhookJSON(v)), &out); err != nil {
		panic(err)
	}
	return out
}

// labels returns a random value for metadata.labels or annotations: often
// a map of strings, valid or not, sometimes a value of another type.
func (g webhookGen) labels() any {
	switch g.r.IntN(10) {
	case 0:
		return nil
	case 1:
		return "x"
	case 2:
		return []any{}
	case 3:
		return map[string]any{"a": int64(1)}
	}
	m := map[string]any{}
	for range g.r.IntN(3) {
		k := webhookPick(g.r, "a", "b", "example.com/c", "-bad", "a/b/c", "A.COM/x", "", "Upper")
		m[k] = webhookPick(g.r, "1", "2", "", "-bad", "ok_value", strings.Repeat("v", 64))
	}
	return m
}

// original returns the i-th object of a request, a stable.example.com/v1beta1
// CronTab, sometimes without metadata, labels or annotations.
func (g webhookGen) original(i int) map[string]any {
	meta := map[string]any{"name": "n" + strconv.Itoa(i), "namespace": "ns", "uid": "u" + strconv.Itoa(i), "resourceVersion": "5"}
	if g.r.IntN(3) == 0 {
		meta = map[string]any{}
	}
	if g.r.IntN(2) == 0 {
		m := map[string]any{}
		for range g.r.IntN(3) {
			m[webhookPick(g.r, "a", "b", "example.com/c", "-bad")] = webhookPick(g.r, "1", "2", "-bad")
		}
		meta["labels"] = m
	}
	if g.r.IntN(3) == 0 {
		meta["annotations"] = map[string]any{"a": "1"}
	}
	spec := map[string]any{"cronSpec": "*", "n": int64(g.r.IntN(3))}
	return map[string]any{"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab", "metadata": meta, "spec": spec}
}

// converted returns orig converted to stable.example.com/v1, half the time
// broken in one way.
func (g webhookGen) converted(orig map[string]any) any {
	r := g.r
	o := webhookCopy(orig).(map[string]any)
	o["apiVersion"] = "stable.example.com/v1"
	spec := o["spec"].(map[string]any)
	spec["schedule"] = spec["cronSpec"]
	delete(spec, "cronSpec")
	if r.IntN(2) == 0 {
		return o
	}
	meta, _ := o["metadata"].(map[string]any)
	switch r.IntN(16) {
	case 0:
		o["apiVersion"] = webhookPick[any](r, "stable.example.com/v1beta1", "v1", "a/b/c", nil, int64(3), "stable.example.com/", "/v1", "")
		if o["apiVersion"] == nil {
			delete(o, "apiVersion")
		}
	case 1:
		o["kind"] = webhookPick[any](r, "CronJob", "", int64(1), nil)
		if o["kind"] == nil {
			delete(o, "kind")
		}
	case 2:
		meta["name"] = webhookPick[any](r, "other", "", int64(1))
	case 3:
		meta["namespace"] = webhookPick[any](r, "other", "")
		if r.IntN(2) == 0 {
			delete(meta, "namespace")
		}
	case 4:
		meta["uid"] = webhookPick[any](r, "other", nil)
	case 5:
		o["metadata"] = webhookPick[any](r, nil, []any{}, "x", map[string]any{})
		if r.IntN(3) == 0 {
			delete(o, "metadata")
		}
	case 6, 7:
		meta["labels"] = g.labels()
		if r.IntN(4) == 0 {
			delete(meta, "labels")
		}
	case 8, 9:
		meta["annotations"] = g.labels()
		if r.IntN(4) == 0 {
			delete(meta, "annotations")
		}
	case 10:
		meta["generation"] = int64(7)
		meta["finalizers"] = []any{"f"}
		meta["resourceVersion"] = "9"
	case 11:
		return webhookPick[any](r, nil, []any{}, "x", int64(1), map[string]any{})
	case 12:
		spec["extra"] = 1.5
	case 13:
		if len(meta) > 0 {
			meta["labels"] = map[string]any{"k": strings.Repeat("v", 70)}
		}
	case 14:
		meta["annotations"] = map[string]any{"big": strings.Repeat("v", 256<<10)}
	case 15:
		o["status"] = map[string]any{"x": true}
	}
	return o
}

// next returns a new case: one to three objects, their conversions, and
// a ConversionReview answer, a quarter of the time broken at the top, and
// now and then a body that is not a review at all.
func (g webhookGen) next() webhookCase {
	r := g.r
	c := webhookCase{review: webhookPick(r, "v1", "v1beta1")}
	n := 1
	if r.IntN(2) == 0 {
		c.list = true
		n = 1 + r.IntN(3)
	}
	var objs []any
	for i := range n {
		c.originals = append(c.originals, g.original(i))
		objs = append(objs, g.converted(c.originals[i]))
	}
	if r.IntN(12) == 0 {
		if r.IntN(2) == 0 {
			objs = objs[1:]
		} else {
			objs = append(objs, objs[0])
		}
	}
	resp := map[string]any{"uid": "$UID", "result": map[string]any{"status": "Success"}, "convertedObjects": objs}
	top := map[string]any{"apiVersion": "apiextensions.k8s.io/" + c.review, "kind": "ConversionReview", "response": resp}
	if r.IntN(4) == 0 {
		switch r.IntN(9) {
		case 0:
			top["apiVersion"] = webhookPick[any](r, "apiextensions.k8s.io/v1", "apiextensions.k8s.io/v1beta1", "v1", "foo/v1", nil, "a/b/c", "apiextensions.k8s.io/")
			if top["apiVersion"] == nil {
				delete(top, "apiVersion")
			}
		case 1:
			top["kind"] = webhookPick[any](r, "Review", "CustomResourceDefinition", "ListOptions", nil, "", "Status", "APIGroup")
			if top["kind"] == nil {
				delete(top, "kind")
			}
		case 2:
			top["apiVersion"] = "v1"
			top["kind"] = webhookPick[any](r, "Status", "APIGroup", "APIVersions", "Pod", nil)
			if top["kind"] == nil {
				delete(top, "kind")
			}
		case 3:
			top["response"] = webhookPick[any](r, nil, []any{}, "x")
			if r.IntN(2) == 0 {
				delete(top, "response")
			}
		case 4:
			resp["uid"] = webhookPick[any](r, "other", "", int64(5), nil)
		case 5:
			resp["result"] = webhookPick[any](r, map[string]any{"status": "Failure"}, map[string]any{"status": "Failure", "message": "boom"},
				map[string]any{}, nil, map[string]any{"status": "success"}, map[string]any{"status": int64(1)}, []any{},
				map[string]any{"status": "Success", "code": 1.5}, map[string]any{"status": "Success", "message": true})
		case 6:
			resp["convertedObjects"] = webhookPick[any](r, nil, map[string]any{}, "x", []any{})
		case 7:
			delete(resp, "uid")
		case 8:
			delete(resp, "result")
		}
	}
	c.body = webhookJSON(top)
	if r.IntN(40) == 0 {
		c.body = webhookPick(r, "", "null", "[]", "{", "x", `{"response":{}}`)
	}
	return c
}
