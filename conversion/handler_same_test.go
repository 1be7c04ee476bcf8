package conversion

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// The fast Handler must answer every request byte for byte as it did
// before it was made fast: TestHandlerSameAnswers compares it on varied
// requests and conversion functions with the answers recorded then
// (testdata/answers.golden, written by the code of legacy_test.go) and
// with legacyHandler, and FuzzHandlerSame with legacyHandler on any body.

var updateGolden = flag.Bool("update", false, "rewrite testdata/answers.golden from legacyHandler")

// sameObj is a CronTab of v1beta1 with extra, a JSON text of more fields,
// spliced into it.
func sameObj(name, extra string) string {
	return `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"` + name +
		`","namespace":"ns","uid":"u-` + name + `","generation":2,"labels":{"app":"x"},"annotations":{"a.example.com/b":"c"},` +
		`"managedFields":[{"manager":"kubectl","operation":"Update","fieldsV1":{"f:spec":{}}}]},"spec":{"cronSpec":"*/5 * * * *","replicas":3` + extra + `}}`
}

// sameBodies are the requests of the comparison, by name.
func sameBodies() [][2]string {
	objs := make([]string, 30)
	for i := range objs {
		objs[i] = sameObj(fmt.Sprint("c", i), "")
	}
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	stub := `,"response":{"uid":"","convertedObjects":null,"result":{"metadata":{}}}`
	req := func(review, objects string) string {
		return `{"apiVersion":"` + review + `","kind":"ConversionReview","request":{"uid":"u1","desiredAPIVersion":"stable.example.com/v1","objects":[` + objects + `]}}`
	}
	return [][2]string{
		{"v1 list", reviewBody(ReviewV1, "u1", "stable.example.com/v1", objs...)},
		{"v1beta1 list", reviewBody(ReviewV1beta1, "u2", "stable.example.com/v1", objs[:3]...)},
		{"to v1beta1", reviewBody(ReviewV1, "u3", "stable.example.com/v1beta1", strings.ReplaceAll(sameObj("a", ""), "cronSpec", "schedule"))},
		{"no objects", reviewBody(ReviewV1, "u4", "stable.example.com/v1")},
		{"objects null", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"g/v1","objects":null}}`},
		{"objects absent", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"g/v1"}}`},
		{"server stub", strings.TrimSuffix(req(ReviewV1, sameObj("a", "")), "}") + stub + "}"},
		{"bad stub", strings.TrimSuffix(req(ReviewV1, sameObj("a", "")), "}") + `,"response":{"uid":5}}`},
		{"unknown fields", `{"x":1,"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"y":[1,{"z":null}],"uid":"u","desiredAPIVersion":"g/v1","objects":[{}]}}`},
		{"case-insensitive", `{"APIVERSION":"apiextensions.k8s.io/v1","Kind":"ConversionReview","Request":{"UID":"x","DesiredAPIVersion":"g/v1","OBJECTS":[{"a":[{"b":null}]}]}}`},
		{"kelvin", "{\"apiVersion\":\"apiextensions.k8s.io/v1\",\"\u212aind\":\"ConversionReview\",\"request\":{\"uid\":\"u\",\"desiredAPIVersion\":\"g/v1\",\"objects\":[{}]}}"},
		{"duplicate request", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"a","objects":[{"x":1}]},"request":{"desiredAPIVersion":"g/v1"}}`},
		{"duplicate objects", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"a","desiredAPIVersion":"g/v1","objects":[{"x":1},{}],"objects":[{"y":2}]}}`},
		{"duplicate apiVersion", `{"apiVersion":"v1","apiVersion":"apiextensions.k8s.io/v1beta1","kind":"ConversionReview","request":{"uid":"a","desiredAPIVersion":"g/v1","objects":[]}}`},
		{"duplicate keys in object", req(ReviewV1, `{"apiVersion":"stable.example.com/v1beta1","kind":"A","spec":{"a":1,"a":2},"metadata":{"name":"x"},"metadata":{"name":"y","labels":{"l":"1","l":"2"}},"kind":"B","spec":{"b":[1,1]}}`)},
		{"numbers", req(ReviewV1, `{"apiVersion":"stable.example.com/v1beta1","kind":"K","spec":{"a":1.0,"b":1e3,"c":1E+3,"d":-0,"e":-0.0,"f":0.1,"g":1e-7,"h":123456789012345678901234567890,"i":9223372036854775807,"j":9223372036854775808,"k":-9223372036854775808,"l":-9223372036854775809,"m":1e-400,"n":5e-324,"o":1.7976931348623157e308,"p":0.000001,"q":1e21,"r":1e20,"s":100000000000000000000,"t":[0,-1,255,256,1.5e300,12.50]},"metadata":{"generation":1.0}}`)},
		{"number out of range", req(ReviewV1, `{"spec":{"ok":1}}`+","+`{"spec":{"n":1e400}}`)},
		{"negative out of range", req(ReviewV1, `{"spec":{"n":-1e400}}`)},
		{"strings", req(ReviewV1, `{"apiVersion":"stable.example.com/v1beta1","kind":"K\u00e9","metadata":{"name":"\u00e9\ud83d\ude00","labels":{"\u003ca\u003e":"\/x&y"}},"spec":{"lone":"\ud800","lowfirst":"\udc00\ud800x","nul":"a\u0000b","esc":"\"\\\b\f\n\r\t","html":"<a href='x'>&amp;</a>","ls":"`+"\u2028\u2029"+`","raw":"é😀","k\u0065y":1,"":"empty key"}}`)},
		{"invalid utf-8", req(ReviewV1, "{\"apiVersion\":\"stable.example.com/v1beta1\",\"kind\":\"K\xff\",\"spec\":{\"a\":\"x\xc3(y\",\"b\xfe\":\"\xed\xa0\x80\",\"c\":\"\xf0\x9f\x98\"}}")},
		{"control character", req(ReviewV1, "{\"spec\":{\"a\":\"x\ty\"}}")},
		{"bad escape", req(ReviewV1, `{"spec":{"a":"\x"}}`)},
		{"whitespace", " \r\n\t{ \"apiVersion\" : \"apiextensions.k8s.io/v1\" ,\n\"kind\":\"ConversionReview\", \"request\" : { \"uid\" : \"u\" , \"desiredAPIVersion\" : \"g/v1\" , \"objects\" : [ { \"a\" : [ 1 , { } , [ ] ] , \"metadata\" : { \"name\" : \"n\" } } , {\t} ] } }\r\n "},
		{"deep 500", req(ReviewV1, `{"apiVersion":"stable.example.com/v1beta1","spec":`+deep(500)+`}`)},
		{"deep 1100", req(ReviewV1, `{"apiVersion":"stable.example.com/v1beta1","spec":`+deep(1100)+`}`)},
		{"deep 10001", req(ReviewV1, `{"spec":`+deep(10001)+`}`)},
		{"metadata kinds", req(ReviewV1, `{"metadata":null},{"metadata":"x"},{"metadata":[1]},{"metadata":{"labels":null,"annotations":{"a":1}}},{},{"kind":5},{"kind":{"a":[1]}},{"kind":null}`)},
		{"object types", req(ReviewV1, `{},[]`)},
		{"object number", req(ReviewV1, `1`)},
		{"object null", req(ReviewV1, `null`)},
		{"object string", req(ReviewV1, `"s"`)},
		{"object true", req(ReviewV1, `true`)},
		{"spec fail", req(ReviewV1, sameObj("a", "")+","+sameObj("b", `,"fail":true`)+","+sameObj("c", `,"panic":true`))},
		{"spec panic", req(ReviewV1beta1, sameObj("a", `,"panic":1`))},
		{"empty", ""},
		{"spaces", " \n "},
		{"null", "null"},
		{"array", "[1]"},
		{"string", `"x"`},
		{"truncated", `{"apiVersion":`},
		{"truncated object", req(ReviewV1, `{"a":`)[:90]},
		{"trailing garbage", reviewBody(ReviewV1, "u", "g/v1", `{}`) + " x"},
		{"trailing value", reviewBody(ReviewV1, "u", "g/v1", `{}`) + "{}"},
		// A NUL byte, which the fast reader's next returns as at the end.
		{"NUL after review", reviewBody(ReviewV1, "u", "stable.example.com/v1", sameObj("a", "")) + "\x00"},
		{"NUL and garbage after review", reviewBody(ReviewV1, "u", "stable.example.com/v1", sameObj("a", "")) + "\x00garbage"},
		{"spaced NUL after review", reviewBody(ReviewV1beta1, "u", "g/v1", `{}`) + " \x00 "},
		{"NUL before review", "\x00" + reviewBody(ReviewV1, "u", "g/v1", `{}`)},
		{"NUL only", "\x00"},
		{"NUL inside review", strings.TrimSuffix(reviewBody(ReviewV1, "u", "g/v1", `{}`), "}") + "\x00}"},
		{"NUL between tokens", strings.Replace(reviewBody(ReviewV1, "u", "g/v1", `{}`), `,"kind"`, ",\x00\"kind\"", 1)},
		{"NUL between objects", req(ReviewV1, `{"a":1}`+"\x00"+`,{}`)},
		{"NUL inside object", req(ReviewV1, `{"a":`+"\x00"+`1}`)},
		{"NUL after object", req(ReviewV1, `{"a":1}`+"\x00")},
		{"NUL in string", req(ReviewV1, `{"a":"x`+"\x00"+`y"}`)},
		{"NUL in number", req(ReviewV1, `{"a":1`+"\x00"+`2}`)},
		{"NUL in literal", req(ReviewV1, `{"a":tr`+"\x00"+`ue}`)},
		{"NUL in uid", reviewBody(ReviewV1, "u\x00", "g/v1", `{}`)},
		{"bom", "\xef\xbb\xbf" + reviewBody(ReviewV1, "u", "g/v1", `{}`)},
		{"wrong apiVersion", `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}`},
		{"apiVersion number", `{"apiVersion":1,"kind":"ConversionReview"}`},
		{"apiVersion null", `{"apiVersion":null,"kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"g/v1","objects":[]}}`},
		{"wrong kind", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReviews"}`},
		{"no request", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview"}`},
		{"request null", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":null}`},
		{"request array", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":[]}`},
		{"no uid", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"desiredAPIVersion":"g/v1"}}`},
		{"uid number", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":7,"desiredAPIVersion":"g/v1"}}`},
		{"no desired", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u"}}`},
		{"desired two slashes", reviewBody(ReviewV1, "u", "a/b/c", `{}`)},
		{"desired core", reviewBody(ReviewV1, "u", "v1", `{"apiVersion":"v1"}`)},
		{"desired slash", reviewBody(ReviewV1, "u", "/", `{}`)},
		{"uid escapes", reviewBody(ReviewV1, `\u003c\"é\ud800\u2028`, "g/v1", `{}`)},
		{"uid html", reviewBody(ReviewV1beta1, "<&>", "g/v1\u2029", `{}`)},
		{"typed inputs", req(ReviewV1, `{"apiVersion":"stable.example.com/v1beta1","spec":{"replicas":"x"}},{"apiVersion":"stable.example.com/v1beta1","spec":{"cronSpec":"fail"}}`)},
		{"typed array", req(ReviewV1, `{"apiVersion":"stable.example.com/v1alpha1","kind":"K","spec":{}}`)},
		{"typed back", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"stable.example.com/v1beta1","objects":[{"apiVersion":"stable.example.com/v1","kind":"K","spec":{"schedule":"x","n":[1.5,2,-0]},"metadata":{"labels":{"a":"b"}}}]}}`},
		{"numbers back", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"stable.example.com/v1beta1","objects":[{"apiVersion":"stable.example.com/v1","kind":"K","spec":{"a":1.0,"b":1e3,"c":1E+3,"d":-0,"e":-0.0,"f":0.1,"g":1e-7,"h":123456789012345678901234567890,"i":9223372036854775807,"j":9223372036854775808,"k":-9223372036854775808,"l":-9223372036854775809,"m":1e-400,"n":5e-324,"o":1.7976931348623157e308,"p":0.000001,"q":1e21,"r":1e20,"s":100000000000000000000,"t":[0,-1,255,256,1.5e300,12.50]},"metadata":{"generation":1.0}}]}}`},
		{"objects object", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"g/v1","objects":{}}}`},
	}
}

// sameFuncs are the conversion functions of the comparison, by name;
// with legacy set, their typed steps are legacyTypedStep's.
func sameFuncs(legacy bool) []struct {
	name string
	f    Func
} {
	identity := func(obj map[string]any, _ string) (map[string]any, error) { return obj, nil }
	type spec struct {
		CronSpec string  `json:"cronSpec,omitempty"`
		Schedule string  `json:"schedule,omitempty"`
		Replicas float64 `json:"replicas"`
	}
	type tab struct {
		APIVersion string         `json:"apiVersion"`
		Kind       string         `json:"kind"`
		Metadata   map[string]any `json:"metadata,omitempty"`
		Spec       spec           `json:"spec"`
		Status     *struct {
			N int `json:"n"`
		} `json:"status,omitempty"`
	}
	var typed Converter
	up := func(in *tab) (*tab, error) {
		if in.Spec.CronSpec == "fail" {
			return nil, errors.New("cannot")
		}
		in.Spec.Schedule, in.Spec.CronSpec = in.Spec.CronSpec, ""
		return in, nil
	}
	down := func(in *map[string]any) (*map[string]any, error) { return in, nil }
	array := func(in *tab) (*[]int, error) { return &[]int{1}, nil }
	if legacy {
		typed.AddStep("v1beta1", "v1", legacyTypedStep(up))
		typed.AddStep("v1", "v1beta1", legacyTypedStep(down))
		typed.AddStep("v1alpha1", "v1", legacyTypedStep(array))
	} else {
		typed.AddStep("v1beta1", "v1", TypedStep(up))
		typed.AddStep("v1", "v1beta1", TypedStep(down))
		typed.AddStep("v1alpha1", "v1", TypedStep(array))
	}
	var maps Converter
	maps.AddStep("v1beta1", "v1", func(obj map[string]any) (map[string]any, error) { return renameSpec(obj, "stable.example.com/v1") })
	maps.AddStep("v1", "v1beta1", func(obj map[string]any) (map[string]any, error) { return renameSpec(obj, "stable.example.com/v1beta1") })
	return []struct {
		name string
		f    Func
	}{
		{"identity", identity},
		{"rename", renameSpec},
		{"typed", typed.Convert},
		{"maps", maps.Convert},
		{"nil func", nil},
		{"nil object", func(map[string]any, string) (map[string]any, error) { return nil, nil }},
		{"metadata changes", func(obj map[string]any, _ string) (map[string]any, error) {
			m, _ := obj["metadata"].(map[string]any)
			if m == nil {
				obj["metadata"] = "gone"
				return obj, nil
			}
			m["name"], m["namespace"], m["uid"], m["generation"] = "other", "other", "other", 9
			switch len(m) % 4 {
			case 0:
				m["labels"] = map[string]any{"new": "1"}
				delete(m, "annotations")
			case 1:
				m["labels"] = map[string]any{"bad": 1}
				m["annotations"] = nil
			case 2:
				m["labels"] = "not a map"
				m["annotations"] = map[string]any{"z": "<&>"}
			default:
				delete(obj, "metadata")
			}
			obj["kind"] = "Other"
			return obj, nil
		}},
		{"go values", func(obj map[string]any, _ string) (map[string]any, error) {
			obj["int"], obj["uint"], obj["f32"], obj["strs"] = 5, uint64(math.MaxUint64), float32(0.1), []string{"<", "b"}
			obj["num"], obj["time"], obj["smap"] = json.Number("1.50"), time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), map[string]string{"b": "1", "a": "2"}
			obj["nilslice"], obj["nilmap"], obj["empty"], obj["ptr"] = []any(nil), map[string]any(nil), []any{}, &struct{ A int }{1}
			obj["floats"] = []any{1e-7, 1e21, 1e20, 0.0, math.Copysign(0, -1), 123.456, float64(1 << 53), 1e-6, 5e-324}
			obj["ints"] = []any{int64(math.MinInt64), int64(-1), int64(300)}
			obj["html"], obj["bad"] = "<a>&\u2028\u2029\x7f\x01", "x\xffy\xed\xa0\x80"
			return obj, nil
		}},
		{"nested go value", func(obj map[string]any, _ string) (map[string]any, error) {
			obj["spec"] = map[string]any{"a": []any{map[string]any{"b": int32(3)}}}
			return obj, nil
		}},
		{"nan", func(obj map[string]any, _ string) (map[string]any, error) {
			obj["spec"] = map[string]any{"x": []any{math.NaN()}}
			return obj, nil
		}},
		{"inf", func(obj map[string]any, _ string) (map[string]any, error) {
			obj["inf"] = math.Inf(-1)
			return obj, nil
		}},
		{"marshal error", func(obj map[string]any, _ string) (map[string]any, error) {
			obj["ch"] = make(chan int)
			return obj, nil
		}},
		{"cycle", func(obj map[string]any, _ string) (map[string]any, error) {
			obj["self"] = obj
			return obj, nil
		}},
		{"new object", func(obj map[string]any, to string) (map[string]any, error) {
			return map[string]any{"spec": obj["spec"], "metadata": map[string]any{"labels": map[string]any{"l": "v"}}}, nil
		}},
		{"error", func(obj map[string]any, _ string) (map[string]any, error) {
			return nil, fmt.Errorf("cannot convert %v <&>", obj["kind"])
		}},
	}
}

// sameRequests are the HTTP requests of the comparison beyond the bodies.
var sameRequests = []struct{ name, method, contentType, body string }{
	{"GET", "GET", "application/json", `{}`},
	{"text", "POST", "text/plain", `{}`},
	{"charset", "POST", "application/json; charset=utf-8", reviewBody(ReviewV1, "u", "g/v1", `{}`)},
	{"too large", "POST", "application/json", reviewBody(ReviewV1, "u", "g/v1", `{}`) + strings.Repeat(" ", 1<<16)},
}

// sameAnswer is one answer of a handler, as the golden file records it.
func sameAnswer(h http.Handler, method, contentType, body string) string {
	w := serve(h, method, contentType, body)
	return fmt.Sprintf("%d %q %q %q", w.Code, w.Header().Get("Content-Type"), w.Header().Get("Allow"), w.Body.String())
}

// sameAnswers runs every request through the handler newHandler makes,
// by name of the request and function (see sameFuncs for legacy).
func sameAnswers(newHandler func(Func) http.Handler, legacy bool) (names, answers []string) {
	for _, f := range sameFuncs(legacy) {
		h := newHandler(f.f)
		for _, b := range sameBodies() {
			names = append(names, f.name+" / "+b[0])
			answers = append(answers, sameAnswer(h, "POST", "application/json", b[1]))
		}
		for _, r := range sameRequests {
			names = append(names, f.name+" / "+r.name)
			answers = append(answers, sameAnswer(h, r.method, r.contentType, r.body))
		}
	}
	return names, answers
}

const goldenFile = "testdata/answers.golden"

func TestHandlerSameAnswers(t *testing.T) {
	names, want := sameAnswers(func(f Func) http.Handler { return &legacyHandler{Convert: f, MaxBodyBytes: 1 << 16} }, true)
	if *updateGolden {
		var b bytes.Buffer
		for i := range names {
			fmt.Fprintf(&b, "%s\t%s\n", names[i], want[i])
		}
		if err := os.WriteFile(goldenFile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden := readGolden(t)
	_, got := sameAnswers(func(f Func) http.Handler { return &Handler{Convert: f, MaxBodyBytes: 1 << 16} }, false)
	if len(golden) != len(names) {
		t.Fatalf("%s has %d answers, want %d: rerun with -update", goldenFile, len(golden), len(names))
	}
	for i, name := range names {
		if golden[i] != name+"\t"+want[i] {
			t.Errorf("legacyHandler no longer answers as recorded: %s\n got %s\nwant %s", name, want[i], golden[i])
		}
		if got[i] != want[i] {
			t.Errorf("%s:\n got %s\nwant %s", name, got[i], want[i])
		}
	}
}

func readGolden(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		lines = append(lines, s.Text())
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// FuzzHandlerSame posts arbitrary bodies to the Handler and to
// legacyHandler with each function of sameFuncs and requires the same
// answer, byte for byte.
func FuzzHandlerSame(f *testing.F) {
	for _, b := range sameBodies() {
		if len(b[1]) < 4096 {
			f.Add(b[1])
		}
	}
	funcs, legacyFuncs := sameFuncs(false), sameFuncs(true)
	f.Fuzz(func(t *testing.T, body string) {
		for i, fn := range funcs {
			got := sameAnswer(&Handler{Convert: fn.f}, "POST", "application/json", body)
			want := sameAnswer(&legacyHandler{Convert: legacyFuncs[i].f}, "POST", "application/json", body)
			if got != want {
				t.Fatalf("%s: body %q\n got %s\nwant %s", fn.name, body, got, want)
			}
		}
	})
}

// TestTypedStepSame compares TypedStep with legacyTypedStep on objects
// the Handler decodes and on Go values a Func may put in them.
func TestTypedStepSame(t *testing.T) {
	type tab struct {
		APIVersion string         `json:"apiVersion"`
		Kind       string         `json:"kind"`
		Metadata   map[string]any `json:"metadata,omitempty"`
		Spec       struct {
			N int `json:"n"`
		} `json:"spec"`
	}
	identity := func(in *tab) (*tab, error) { return in, nil }
	pass := func(in *map[string]any) (*map[string]any, error) { return in, nil }
	steps := []struct {
		name      string
		got, want Step
	}{
		{"struct", TypedStep(identity), legacyTypedStep(identity)},
		{"map", TypedStep(pass), legacyTypedStep(pass)},
		{"array", TypedStep(func(*tab) (*[]int, error) { return &[]int{1}, nil }), legacyTypedStep(func(*tab) (*[]int, error) { return &[]int{1}, nil })},
		{"nil", TypedStep(func(*tab) (*tab, error) { return nil, nil }), legacyTypedStep(func(*tab) (*tab, error) { return nil, nil })},
	}
	objects := []func() map[string]any{
		func() map[string]any {
			return map[string]any{"apiVersion": "g/v1", "spec": map[string]any{"n": int64(3)}}
		},
		func() map[string]any { return map[string]any{"spec": map[string]any{"n": 1.5}} },
		func() map[string]any { return map[string]any{"spec": map[string]any{"n": "x"}} },
		func() map[string]any {
			return map[string]any{"metadata": map[string]any{"a": []any{int64(-1), 1e300, "<é\xff>", nil, true}, "b": map[string]any{}}, "x": int32(7)}
		},
		func() map[string]any { return map[string]any{"x": math.NaN()} },
		func() map[string]any { return map[string]any{"x": make(chan int)} },
	}
	for _, s := range steps {
		for i, o := range objects {
			got, gotErr := s.got(o())
			want, wantErr := s.want(o())
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
				t.Errorf("%s, object %d: got %#v, %v; want %#v, %v", s.name, i, got, gotErr, want, wantErr)
			}
		}
	}
}

// TestHandlerSameConcurrent serves requests from several goroutines
// through one Handler, whose codecs are pooled between requests, and
// compares each answer with legacyHandler's; run it with -race.
func TestHandlerSameConcurrent(t *testing.T) {
	bodies := sameBodies()
	legacyFuncs := sameFuncs(true)
	for i, f := range sameFuncs(false) {
		if f.name != "typed" && f.name != "maps" && f.name != "rename" {
			continue
		}
		h, legacy := &Handler{Convert: f.f}, &legacyHandler{Convert: legacyFuncs[i].f}
		want := make([]string, len(bodies))
		for i, b := range bodies {
			want[i] = sameAnswer(legacy, "POST", "application/json", b[1])
		}
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range bodies {
					i := (i + g*7) % len(bodies)
					if got := sameAnswer(h, "POST", "application/json", bodies[i][1]); got != want[i] {
						t.Errorf("%s / %s:\n got %s\nwant %s", f.name, bodies[i][0], got, want[i])
					}
				}
			}()
		}
		wg.Wait()
	}
}

// TestHandlerAllocs checks the promise of the fast path: on a review of
// CronTabs, the Handler allocates under a third of what legacyHandler did
// with map steps, and under a fifth with typed steps.
func TestHandlerAllocs(t *testing.T) {
	objs := make([]string, 50)
	for i := range objs {
		objs[i] = sameObj(fmt.Sprint("c", i), "")
	}
	body := reviewBody(ReviewV1, "u", "stable.example.com/v1", objs...)
	legacyFuncs := sameFuncs(true)
	for i, f := range sameFuncs(false) {
		limit := map[string]float64{"maps": 3, "typed": 5}[f.name]
		if limit == 0 {
			continue
		}
		allocs := func(h http.Handler) float64 {
			return testing.AllocsPerRun(20, func() { serve(h, "POST", "application/json", body) })
		}
		got, legacy := allocs(&Handler{Convert: f.f}), allocs(&legacyHandler{Convert: legacyFuncs[i].f})
		t.Logf("%s steps: %.0f allocations a review, legacyHandler %.0f", f.name, got, legacy)
		if got*limit > legacy {
			t.Errorf("%s steps: %.0f allocations a review, legacyHandler %.0f: want under 1/%.0f of it", f.name, got, legacy, limit)
		}
	}
}
