package webhookcheck

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/kubeversion/kubeversion/crd"
)

// diffValues appends to out what differs between want and got, values of
// the JSON model (nil, bool, string, int64, float64, []any, map[string]any),
// one entry per field, and returns it. For example, with want
// {"spec": {"image": "a", "replicas": 1}} and got {"spec": {"replicas": 2}}:
//
//	spec.image lost (was "a")
//	spec.replicas: 1 came back as 2
//
// Numbers compare as the API server stores them (see sameNumber), so 1
// and 1.0 are equal, and 9007199254740993 and 9007199254740992 are not.
// Lists of different lengths are reported whole.
func diffValues(path string, want, got any, out []string) []string {
	wm, wok := want.(map[string]any)
	gm, gok := got.(map[string]any)
	if wok && gok {
		keys := make([]string, 0, len(wm)+len(gm))
		for k := range wm {
			keys = append(keys, k)
		}
		for k := range gm {
			if _, ok := wm[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			w, inWant := wm[k]
			g, inGot := gm[k]
			p := k
			if path != "" {
				p = path + "." + k
			}
			switch {
			case !inGot:
				out = append(out, p+" lost (was "+short(w)+")")
			case !inWant:
				out = append(out, p+" added ("+short(g)+")")
			default:
				out = diffValues(p, w, g, out)
			}
		}
		return out
	}
	wl, wok := want.([]any)
	gl, gok := got.([]any)
	if wok && gok && len(wl) == len(gl) {
		for i := range wl {
			out = diffValues(path+"["+strconv.Itoa(i)+"]", wl[i], gl[i], out)
		}
		return out
	}
	if !sameValue(want, got) {
		if path == "" {
			path = "the object"
		}
		out = append(out, path+": "+short(want)+" came back as "+short(got))
	}
	return out
}

// sameValue reports whether a and b, which are not both maps nor lists of
// one length, are equal as JSON.
func sameValue(a, b any) bool {
	if x, ok := numberText(a); ok {
		y, ok := numberText(b)
		return ok && x == y
	}
	switch a := a.(type) {
	case nil, bool, string:
		return a == b
	}
	return false // a map and a list, or lists of different lengths
}

// numberText returns v, an int64 or a float64, as the API server writes
// it, and whether v is a number. The server reads a number of JSON as an
// int64 when strconv.ParseInt takes it, else as a float64
// (sigs.k8s.io/json's PreserveInts, as the samples and answers here are
// read), and writes it with encoding/json: an int64 in its digits, a
// float64 in the fewest digits that read back as it. So two numbers are
// the same when those texts are: 1 and 1.0 are, as the server keeps both
// as 1; 9007199254740993 and the float64 9007199254740992 that a webhook
// decoding into float64 (JavaScript, Go's interface{} without UseNumber)
// makes of it are not, nor is 1152921504606846976 and the float64 of the
// same value, which the server writes 1152921504606847000. The one text
// it does not keep is "-0", read back as the integer 0, so -0 is 0.
func numberText(v any) (string, bool) {
	switch v := v.(type) {
	case int64:
		return strconv.FormatInt(v, 10), true
	case float64:
		if v == 0 {
			return "0", true // and -0
		}
		b, err := json.Marshal(v)
		return string(b), err == nil // only NaN and ±Inf fail, which JSON cannot hold
	}
	return "", false
}

// short returns v as JSON, cut at 60 bytes.
func short(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
}

// deepCopy copies a value of the JSON model.
func deepCopy(v any) any {
	return crd.JSON{Value: v}.DeepCopy().Value
}
