package conversion

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd"
)

func TestDecodeRequestRefuses(t *testing.T) {
	const head = `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview",`
	tests := []struct {
		name, body, want string
	}{
		{"empty", "", "conversion: not a ConversionReview: empty body"},
		{"spaces", " \n", "conversion: not a ConversionReview: empty body"},
		{"syntax", `{"apiVersion":`, "conversion: not a ConversionReview: invalid JSON at byte 14: unexpected end of JSON input"},
		{"garbage", `{]`, "conversion: not a ConversionReview: invalid JSON at byte 2: invalid character ']' looking for beginning of object key string"},
		{"trailing", head + `"request":{"uid":"u","desiredAPIVersion":"a/v1","objects":[]}} x`, "conversion: not a ConversionReview: invalid JSON at byte 130: invalid character 'x' after top-level value"},
		{"array", `[]`, "conversion: not a ConversionReview: the body is a JSON array, want conversion.Review"},
		{"null", `null`, `conversion: not a ConversionReview: apiVersion is "", want apiextensions.k8s.io/v1 or apiextensions.k8s.io/v1beta1`},
		{"wrong field type", `{"apiVersion":3}`, "conversion: not a ConversionReview: apiVersion is a JSON number, want string"},
		{"pod", `{"apiVersion":"v1","kind":"Pod"}`, `conversion: not a ConversionReview: apiVersion is "v1", want apiextensions.k8s.io/v1 or apiextensions.k8s.io/v1beta1`},
		{"kind", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"AdmissionReview"}`, `conversion: not a ConversionReview: kind is "AdmissionReview", want ConversionReview`},
		{"no request", head + `"response":{}}`, "conversion: not a ConversionReview: no request"},
		{"null request", head + `"request":null}`, "conversion: not a ConversionReview: no request"},
		{"no uid", head + `"request":{"desiredAPIVersion":"a/v1"}}`, "conversion: not a ConversionReview: request.uid is empty"},
		{"no desired", head + `"request":{"uid":"u"}}`, "conversion: not a ConversionReview: request.desiredAPIVersion is empty"},
		{"bad desired", head + `"request":{"uid":"u","desiredAPIVersion":"a/b/c"}}`, `conversion: not a ConversionReview: request.desiredAPIVersion "a/b/c" is not group/version`},
		{"objects not a list", head + `"request":{"uid":"u","desiredAPIVersion":"a/v1","objects":{}}}`, "conversion: not a ConversionReview: request.objects is a JSON object, want []json.RawMessage"},
		{"array object", head + `"request":{"uid":"u","desiredAPIVersion":"a/v1","objects":[{},[]]}}`, "conversion: not a ConversionReview: request.objects[1] is an array, not an object"},
		{"null object", head + `"request":{"uid":"u","desiredAPIVersion":"a/v1","objects":[null]}}`, "conversion: not a ConversionReview: request.objects[0] is null, not an object"},
		{"string object", head + `"request":{"uid":"u","desiredAPIVersion":"a/v1","objects":["x"]}}`, "conversion: not a ConversionReview: request.objects[0] is a string, not an object"},
		{"number object", head + `"request":{"uid":"u","desiredAPIVersion":"a/v1","objects":[1]}}`, "conversion: not a ConversionReview: request.objects[0] is a number, not an object"},
		{"bool object", head + `"request":{"uid":"u","desiredAPIVersion":"a/v1","objects":[true]}}`, "conversion: not a ConversionReview: request.objects[0] is a boolean, not an object"},
	}
	for _, tt := range tests {
		r, err := DecodeRequest([]byte(tt.body))
		if r != nil || !errors.Is(err, ErrInvalidReview) {
			t.Errorf("%s: DecodeRequest(%q) = %v, %v; want nil, ErrInvalidReview", tt.name, tt.body, r, err)
			continue
		}
		// The text is the contract here: it is what a webhook author reads.
		if err.Error() != tt.want {
			t.Errorf("%s: DecodeRequest(%q) error\n got %s\nwant %s", tt.name, tt.body, err, tt.want)
		}
	}
}

func TestDecodeRequestAccepts(t *testing.T) {
	for _, v := range []string{ReviewV1, ReviewV1beta1} {
		body := `{"apiVersion":"` + v + `","kind":"ConversionReview","request":{"uid":"u1","desiredAPIVersion":"v2",` +
			`"objects":[ {"kind":"A"} ,{"b":[1,2.5]}]}}`
		got, err := DecodeRequest([]byte(body))
		if err != nil {
			t.Errorf("DecodeRequest(%s) error: %v", v, err)
			continue
		}
		want := &Review{APIVersion: v, Kind: ReviewKind, Request: &Request{
			UID: "u1", DesiredAPIVersion: "v2", Objects: raws(`{"kind":"A"}`, `{"b":[1,2.5]}`),
		}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("DecodeRequest(%s) mismatch (-want +got):\n%s", v, diff)
		}
	}
}

func TestDecodeObjectNumbers(t *testing.T) {
	got, err := decodeObject([]byte(`{"i":9007199254740993,"f":1.5,"e":1e3,"big":1e400}`))
	if err == nil {
		t.Fatalf("decodeObject accepted 1e400: %v", got)
	}
	got, err = decodeObject([]byte(`{"i":9007199254740993,"f":1.5,"e":1e3}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"i": int64(9007199254740993), "f": 1.5, "e": 1000.0}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decodeObject mismatch (-want +got):\n%s", diff)
	}
}

// TestDecodeObjectNUL checks that decodeObject answers as crd.JSON does
// to a NUL byte wherever it stands, which the fast reader refuses
// (jsonvalue's TestReadNUL), though its Next returns 0 for it as at the
// end of the input.
func TestDecodeObjectNUL(t *testing.T) {
	for _, raw := range []string{
		"{}\x00", "{}\x00garbage", " {} \x00 ", `{"a":1}` + "\x00{}",
		"{\x00}", `{"a":` + "\x00" + `1}`, `{"a":1` + "\x00}", `{"a":[1` + "\x00]}", `{"a":"x` + "\x00" + `y"}`,
		`{"a":1` + "\x002}", `{"a":tr` + "\x00ue}", `{"a":nul` + "\x00}", `{"` + "\x00" + `":1}`, "\x00{}",
	} {
		if m, ok := decodeObjectFast([]byte(raw)); ok {
			t.Errorf("decodeObjectFast(%q) = %v, true; want false", raw, m)
		}
		got, err := decodeObject([]byte(raw))
		var j crd.JSON
		wantErr := j.UnmarshalJSON([]byte(raw))
		if fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Errorf("decodeObject(%q) error %v, want crd.JSON's %v", raw, err, wantErr)
		} else if want, _ := j.Value.(map[string]any); err == nil {
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("decodeObject(%q) mismatch (-want +got):\n%s", raw, diff)
			}
		}
	}
}

// raws returns each string as a json.RawMessage, with its spaces removed
// around the edges, as encoding/json keeps them.
func raws(ss ...string) (out []json.RawMessage) {
	for _, s := range ss {
		out = append(out, json.RawMessage(strings.TrimSpace(s)))
	}
	return out
}
