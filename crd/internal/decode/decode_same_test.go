package decode

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// checkSame fails unless Decode, which tries decodeFast first, and
// decodeSlow, the decoder by way of encoding/json that was Decode before,
// give the same object and the same error: same type, same message, same
// fields.
func checkSame(t *testing.T, data []byte) {
	t.Helper()
	got, gotErr := Decode(data)
	want, wantErr := decodeSlow(data)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Decode(%q) and decodeSlow differ:\n got %#v\nwant %#v", data, got, want)
	}
	if fmt.Sprintf("%T", gotErr) != fmt.Sprintf("%T", wantErr) || !reflect.DeepEqual(gotErr, wantErr) ||
		fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || errors.Is(gotErr, api.ErrMaxDepth) != errors.Is(wantErr, api.ErrMaxDepth) {
		t.Errorf("Decode(%q) error:\n got %T %v\nwant %T %v", data, gotErr, gotErr, wantErr, wantErr)
	}
}

// decodeSeeds are inputs that take each path of decodeFast and each
// reason to decline.
var decodeSeeds = []string{
	`{"spec": {"group": "a", "Group": "b"}}`,
	`{"spec": {"versions": [{"name": "v1", "schema": {"openAPIV3Schema": {"items": {"items": [{"type": "x"}]}, "additionalProperties": false}}}]}}`,
	`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"dependencies": {"a": ["b"], "c": {"type": "d"}, "e": null, "f": 1}, "additionalItems": {"Type": 1}}}}]}}`,
	`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"properties": {"a": {"items": {"type": "x"}}, "a": {}}, "default": [[1.5e3]]}}}]}}`,
	`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"not": {"items": {"type": 1}}, "enum": [1e400]}}}]}}`,
	`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"enum": [1, -0, 1.0, 1E2, 9223372036854775808, "\u00e9\ud83d\ude00\ud800x", null, {}, [], {"a": 1, "a": 2}]}}}]}}`,
	`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"items": true, "additionalProperties": [], "maximum": 1e400}}}]}}`,
	`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"items": [], "additionalItems": true, "maxLength": 1.5}}}]}}`,
	`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"items": [null, {}], "x-kubernetes-validations": [{"rule": "r", "reason": null}]}}}]}}`,
	`{"spec": {"versions": [{"served": "yes"}]}}`,
	`{"spec": {"versions": [{"subresources": {"status": {"a": 1, "a": 2}, "scale": {"specReplicasPath": ".spec.r"}}}], "versions": []}}`,
	`{"spec": {"conversion": {"strategy": "Webhook", "webhook": {"clientConfig": {"caBundle": "Y2E=", "service": {"port": 443, "name": "n"}}}}}}`,
	`{"spec": {"conversion": {"webhook": {"clientConfig": {"caBundle": "Y2E"}}}}}`,
	`{"spec": {"conversion": {"webhook": {"clientConfig": {"caBundle": [1, 2], "service": {"port": 4294967296}}}}}}`,
	`{"metadata": {"name": "a\"\\\/\b\f\n\r\t\u0041", "labels": {"a": null, "b": "c"}, "annotations": {}, "creationTimestamp": "2026-11-23T10:00:00Z", "generation": 3}}`,
	`{"metadata": {"labels": {"a": "1", "a": "2"}, "managedFields": [{"time": 1, "fieldsV1": {"f:spec": {}}}]}}`,
	`{"metadata": {"ownerReferences": [{"controller": true, "uid": "u"}], "finalizers": [null, "a"], "deletionGracePeriodSeconds": null}}`,
	`{"status": {"conditions": [{"type": "Established", "status": "True", "lastTransitionTime": null}], "acceptedNames": {"kind": "K"}, "storedVersions": ["v1"]}}`,
	"{\"spec\": {\"group\": \"\xff\xfe a \xe2\x82\"}}",
	`{"spec": {}} x`,
	`{"spec": {`,
	`{"spec": {"scope" {}}}`,
	`{"spec": {"versions": [1,]}}`,
	`{"spec": {"names": {"plural": "a",}}}`,
	`{"spec": {"group": 01}}`,
	`{"spec": {"group": "\x"}}`,
	"{\"spec\": {\"group\": \"a\tb\"}}",
	`null`,
	`[]`,
	``,
	` {} `,
	`{"apiVersion": "v1", "apiVersion": "v1"}`,
	`[[[[[[]]]]]] x`,
}

// FuzzDecodeSame checks that Decode gives what decodeSlow gives, on any
// input: the same object, and the same error, type and message. Rerun a
// failure with go test -run FuzzDecodeSame/<name> ./crd/internal/decode.
func FuzzDecodeSame(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	for _, b := range fuzzCorpus(f, "FuzzDecode") {
		f.Add(b)
	}
	f.Add(bigCRD(3))
	f.Add(fullCRD())
	for _, d := range deepDefaults() {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSame(t, data)
	})
}

// fuzzCorpus reads the inputs in testdata/fuzz/name.
func fuzzCorpus(tb testing.TB, name string) [][]byte {
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", name, "*"))
	var out [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if s, ok := strings.CutPrefix(line, "[]byte("); ok {
				b, err := strconv.Unquote(strings.TrimSuffix(s, ")"))
				if err != nil {
					tb.Fatalf("%s: %v", f, err)
				}
				out = append(out, []byte(b))
			}
		}
	}
	return out
}

// TestDecodeSame checks the seeds and every single-byte mutation of some
// of them.
func TestDecodeSame(t *testing.T) {
	for _, s := range decodeSeeds {
		checkSame(t, []byte(s))
	}
	checkSame(t, bigCRD(3))
	checkSame(t, fullCRD())
	for _, d := range deepDefaults() {
		checkSame(t, d)
	}
	for _, s := range []string{decodeSeeds[5], decodeSeeds[12], decodeSeeds[14]} {
		for _, m := range mutations([]byte(s)) {
			checkSame(t, m)
		}
	}
}

// TestDecodeFastFull checks that decodeFast reads, and does not decline,
// a CRD with every field set, and knows all of them.
func TestDecodeFastFull(t *testing.T) {
	data := fullCRD()
	c, strict, ok := decodeFast(data)
	if !ok || strict != nil {
		t.Fatalf("decodeFast(%s) = _, %v, %v; want a CRD and no error", data, strict, ok)
	}
	want, err := decodeSlow(data)
	if err != nil || !reflect.DeepEqual(c, want) {
		t.Errorf("decodeFast(%s) = %+v, decodeSlow = %+v, %v", data, c, want, err)
	}
}

// deepDefaults returns CRDs whose default is nested to MaxDepth, and
// one level deeper: the document, spec, versions, the version, schema and
// openAPIV3Schema are 6 levels above the default's.
func deepDefaults() [][]byte {
	var out [][]byte
	for _, n := range []int{api.MaxDepth - 6, api.MaxDepth - 5} {
		out = append(out, []byte(versionsAt(`{"default": `+strings.Repeat("[", n)+strings.Repeat("]", n)+`}`)))
	}
	return out
}

// mutations returns data with each byte in turn deleted, and replaced
// by bytes that change what JSON means there.
func mutations(data []byte) [][]byte {
	var out [][]byte
	for i := range data {
		out = append(out, append(data[:i:i], data[i+1:]...))
		for _, c := range []byte(`"{[]},:1n\`) {
			if c != data[i] {
				m := append([]byte(nil), data...)
				m[i] = c
				out = append(out, m)
			}
		}
	}
	return out
}
