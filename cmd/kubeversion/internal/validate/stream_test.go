package validate

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// TestStreamJudgesAsItReads checks that validate judges each object as
// soon as it is read, and passes its report on, before the next is
// written: it holds one object at a time, not the input. A custom
// resource read before any CRD of its group waits for the end of the
// input, and is then judged by the CRD that followed it.
func TestStreamJudgesAsItReads(t *testing.T) {
	r, w := io.Pipe()
	reports := make(chan ObjectReport)
	done := make(chan error, 1)
	go func() {
		_, err := Stream(Options{Paths: []string{"-"}, Stdin: r, Stderr: io.Discard, Level: FieldStrict, Namespace: "default"},
			func(rep ObjectReport) error { reports <- rep; return nil })
		close(reports)
		done <- err
	}()
	write := func(doc string) {
		if _, err := io.WriteString(w, doc+"\n---\n"); err != nil {
			t.Fatal(err)
		}
	}
	next := func() ObjectReport {
		select {
		case rep := <-reports:
			return rep
		case <-time.After(time.Minute):
			t.Fatal("no report a minute after its object was written")
		}
		return ObjectReport{}
	}
	// The reader, as kubectl's, looks at the first 4 KiB for the "{" of
	// JSON before it reads anything.
	write(strings.Repeat("# padding\n", 500) + "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: early}\nspec: {size: small}")
	for i := range 3 {
		write(fmt.Sprintf("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c%d}\ndata: {a: b}", i))
		// The next document is not written yet: the report must come
		// without it. (The reader cuts a document at the separator that
		// ends it.)
		if rep := next(); rep.Name != fmt.Sprint("c", i) || rep.Status != StatusValid {
			t.Fatalf("report %+v, want ConfigMap c%d valid", rep, i)
		}
	}
	write(widgetCRD(t))
	w.Close()
	if rep := next(); rep.Name != "early" || rep.Status != StatusValid || rep.CRD != "widgets.example.com" {
		t.Errorf("the Widget read before its CRD: %+v, want valid by widgets.example.com", rep)
	}
	if _, more := <-reports; more {
		t.Error("a report too many")
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// widgetCRD returns the CRD of kind Widget of the command's test data.
func widgetCRD(t testing.TB) string {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "validate", "crd.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestJSONWriterIsOneDocument checks that -o json, written an object at
// a time, is byte for byte the document format.WriteJSON writes whole:
// with no object, one and several, and with problems.
func TestJSONWriterIsOneDocument(t *testing.T) {
	reports := []ObjectReport{
		{File: "a.yaml", Line: 1, APIVersion: "v1", Kind: "ConfigMap", Name: "c<&>", Status: StatusValid, Verdict: "valid on create",
			Errors: []server.Error{}, Warnings: []Warning{{Line: 2, Message: "w"}}, Object: map[string]any{"data": map[string]any{"k": "v"}}},
		{File: "b.yaml", Line: 3, Kind: "Widget", Status: StatusInvalid, Errors: []server.Error{{Line: 4, Message: "e"}}, Warnings: []Warning{}},
	}
	for n := range len(reports) + 1 {
		for _, problems := range [][]inputs.Problem{nil, {{File: "c.yaml", Line: 5, Message: "bad"}}} {
			res := &Result{Summary: Summary{Objects: n, Valid: 1}, Problems: problems}
			var got bytes.Buffer
			w, _ := NewWriter("json", &got, "", false)
			for _, r := range reports[:n] {
				if err := w.Object(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.End(res); err != nil {
				t.Fatal(err)
			}
			doc := struct {
				Objects  []ObjectReport   `json:"objects"`
				Summary  Summary          `json:"summary"`
				Problems []inputs.Problem `json:"problems"`
			}{append([]ObjectReport{}, reports[:n]...), res.Summary, append([]inputs.Problem{}, problems...)}
			var want bytes.Buffer
			if err := format.WriteJSON(&want, doc); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%d objects, %d problems:\n%s\nwant\n%s", n, len(problems), got.String(), want.String())
			}
		}
	}
}

// TestObjectOverLimitAlone checks that an object the API server refuses
// for its size (over 3 MiB of JSON) is a problem of its own: the objects
// after it are judged, as kubectl apply goes on with them.
func TestObjectOverLimitAlone(t *testing.T) {
	cm := func(name, data string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: " + name + "}\ndata: {a: " + data + "}\n"
	}
	input := cm("before", "b") + "---\n" + cm("big", strings.Repeat("x", 4<<20)) + "---\n" + cm("after", "b")
	res, err := Run(Options{Paths: []string{"-"}, Stdin: strings.NewReader(input), Stderr: io.Discard, Level: FieldStrict, Namespace: "default"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) != 2 || res.Reports[1].Name != "after" || res.Reports[1].Status != StatusValid {
		t.Errorf("%d reports, want before and after, valid: %+v", len(res.Reports), res.Reports)
	}
	if len(res.Problems) != 1 || res.Problems[0].Line != 6 || !strings.Contains(res.Problems[0].Message, "Request entity too large") {
		t.Errorf("problems %v, want the object of line 6, too large", res.Problems)
	}
}

// TestWorkersSameReports checks that objects judged several at once get
// the reports, in the order, that one at a time gives: CRDs after their
// objects, objects given twice (an update of the first), custom resources
// and built-in objects, from the command's test data and a stream of
// copies.
func TestWorkersSameReports(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "validate")
	var copies strings.Builder
	for i := range 200 {
		fmt.Fprintf(&copies, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c%d}\ndata: {a: \"%d\"}\n---\n", i%7, i%3)
		fmt.Fprintf(&copies, "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w%d}\nspec: {size: small}\n---\n", i%5)
	}
	stream := filepath.Join(t.TempDir(), "copies.yaml")
	if err := os.WriteFile(stream, []byte(copies.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(workers int) string {
		var out bytes.Buffer
		w, _ := NewWriter("json", &out, "", false)
		res, err := Stream(Options{Paths: []string{dir, stream}, Workers: workers, Level: FieldStrict, Namespace: "default", Stderr: io.Discard}, w.Object)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.End(res); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	one := run(1)
	if strings.Count(one, `"operation": "update"`) < 100 {
		t.Fatalf("%d updates: the copies should be judged as updates", strings.Count(one, `"operation": "update"`))
	}
	for _, workers := range []int{2, 4, 16} {
		if got := run(workers); got != one {
			t.Errorf("%d workers: -o json differs from one worker's", workers)
		}
	}
}

// TestNoObjectsSameReports checks that Options.NoObjects changes no
// report but for the objects it leaves out: the later copies of an
// object created without its stored object are judged against that
// object all the same.
func TestNoObjectsSameReports(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "validate")
	var copies strings.Builder
	for i := range 100 {
		fmt.Fprintf(&copies, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c%d}\ndata: {a: \"%d\"}\n---\n", i%7, i%3)
		fmt.Fprintf(&copies, "apiVersion: v1\nkind: Service\nmetadata: {name: s%d}\nspec: {type: NodePort, selector: {app: a}, ports: [{port: %d}]}\n---\n", i%4, 80+i%2)
		fmt.Fprintf(&copies, "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j%d}\nspec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: busybox:1.%d}]}}}\n---\n", i%3, i%2)
	}
	stream := filepath.Join(t.TempDir(), "copies.yaml")
	if err := os.WriteFile(stream, []byte(copies.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(noObjects bool) []ObjectReport {
		var reports []ObjectReport
		_, err := Stream(Options{Paths: []string{dir, stream}, Workers: 2, Level: FieldStrict, Namespace: "default", Stderr: io.Discard, NoObjects: noObjects}, func(r ObjectReport) error {
			if noObjects && r.Operation == "create" && r.stored != nil {
				t.Errorf("%s:%d: a create's stored object with NoObjects", r.File, r.Line)
			}
			r.Object, r.stored, r.sent = nil, nil, nil
			reports = append(reports, r)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return reports
	}
	want, got := run(false), run(true)
	updates := 0
	for _, r := range want {
		if r.Operation == "update" {
			updates++
		}
	}
	if updates < 250 {
		t.Fatalf("%d updates: the copies should be judged as updates", updates)
	}
	if len(got) != len(want) {
		t.Fatalf("%d reports with NoObjects, %d without", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("report %d with NoObjects:\n%+v\nwithout:\n%+v", i, got[i], want[i])
		}
	}
}
