package validate

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
