package conformance

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/crd"
	"k8s.io/apiextensions-apiserver/pkg/crdserverscheme"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured/unstructuredscheme"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
)

// objAnswer is one side's answer to a case, as text: err for an answer
// that is no validation (ours: the error of ValidateObject; theirs: the
// error of kubeCustomResource), else the lists and the stored object as
// JSON ("" when nothing is stored).
type objAnswer struct {
	err                      string
	errors, strict, warnings []string
	stored                   string
}

// oursAnswer runs ours on the case; a panic is an answer too. With
// shared, the CRD is the one decoding of c.crd that all such cases share,
// as a validator from crd.NewObjectValidator keeps what it builds by the
// CRD's address; else it is decoded afresh.
func oursAnswer(v crd.ObjectValidator, c *objCase, shared bool) (a objAnswer) {
	defer func() {
		if p := recover(); p != nil {
			a = objAnswer{err: fmt.Sprintf("panic: %v", p)}
		}
	}()
	var def *crd.CustomResourceDefinition
	var err error
	if shared {
		def, err = c.crd.decoded()
	} else {
		def, err = crd.Decode(c.crd.json)
	}
	if def == nil {
		return objAnswer{err: "crd.Decode: " + err.Error()}
	}
	var res *crd.ObjectResult
	if c.old == nil {
		res, err = v.ValidateObject(def, c.obj)
	} else {
		res, err = v.ValidateObjectUpdate(def, c.obj, c.old)
	}
	if err != nil {
		return objAnswer{err: err.Error()}
	}
	for _, e := range res.Errors {
		a.errors = append(a.errors, e.Error())
	}
	for _, f := range res.Strict {
		a.strict = append(a.strict, f.String())
	}
	a.warnings = res.Warnings
	if res.Object != nil {
		a.stored = string(encodeObj(res.Object))
	}
	return a
}

// theirsAnswer runs the API server's code on the case.
func theirsAnswer(c *objCase) objAnswer {
	res, err := kubeSafe(c.crd.json, c.obj, c.old)
	if err != nil {
		return objAnswer{err: serverMessage(c.obj, err)}
	}
	a := objAnswer{errors: res.Errors, strict: res.Strict, warnings: res.Warnings}
	if res.Stored != nil {
		a.stored = string(encodeObj(res.Stored))
	}
	return a
}

// objDiff is one difference between the answers: the part (err, Errors,
// Strict, Warnings, Stored, order), what ours and theirs give, and a
// category that groups differences of the same kind.
type objDiff struct {
	part, category string
	ours, theirs   string
}

// compareAnswers returns the differences of ours from theirs. Errors,
// Strict and Warnings are compared as sorted lists (sorted by the whole
// string with slices.Sort, both sides), since the server's order among
// the errors of sibling properties, of the keys of a map (labels,
// annotations, additionalProperties) and of unknown fields is random; the
// order itself is judged by orderDiffs. Stored is compared only when the
// server stores the object (no validation errors), as JSON with sorted
// keys.
func compareAnswers(ours, theirs objAnswer) []objDiff {
	if ours.err != "" || theirs.err != "" {
		if ours.err == theirs.err || (ours.err != "" && harnessMessage(theirs.err)) {
			return nil
		}
		switch {
		case ours.err == "":
			return []objDiff{{"err", "ours answers, theirs fails: " + template(theirs.err), summary(ours), theirs.err}}
		case theirs.err == "":
			return []objDiff{{"err", "ours fails, theirs answers: " + template(ours.err), ours.err, summary(theirs)}}
		}
		return []objDiff{{"err", "different errors: " + template(theirs.err), ours.err, theirs.err}}
	}
	var diffs []objDiff
	diffs = append(diffs, listDiffs("Errors", ours.errors, theirs.errors)...)
	diffs = append(diffs, listDiffs("Strict", ours.strict, theirs.strict)...)
	diffs = append(diffs, listDiffs("Warnings", ours.warnings, theirs.warnings)...)
	if len(theirs.errors) == 0 && ours.stored != theirs.stored {
		diffs = append(diffs, objDiff{"Stored", "Stored differs" + storedWhere(ours.stored, theirs.stored), ours.stored, theirs.stored})
	}
	return diffs
}

// listDiffs compares two lists as sorted multisets: each entry of one
// that the other lacks is a difference, categorised by its template.
func listDiffs(part string, ours, theirs []string) []objDiff {
	o, t := slices.Sorted(slices.Values(ours)), slices.Sorted(slices.Values(theirs))
	if slices.Equal(o, t) {
		return nil
	}
	var diffs []objDiff
	count := map[string]int{}
	for _, s := range t {
		count[s]++
	}
	for _, s := range o {
		count[s]--
	}
	all := fmt.Sprintf("%q", o)
	allT := fmt.Sprintf("%q", t)
	for _, s := range slices.Sorted(func(yield func(string) bool) {
		for s := range count {
			if !yield(s) {
				return
			}
		}
	}) {
		switch n := count[s]; {
		case n > 0:
			diffs = append(diffs, objDiff{part, part + " missing in ours: " + template(s), all, allT})
		case n < 0:
			diffs = append(diffs, objDiff{part, part + " extra in ours: " + template(s), all, allT})
		}
	}
	return diffs
}

var (
	quotedRe = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	numberRe = regexp.MustCompile(`-?\b\d+(\.\d+)?(e[+-]?\d+)?\b`)
	indexRe  = regexp.MustCompile(`\[\d+\]`)
)

// template returns a message with its quoted values, numbers and list
// indices replaced, and the field path before the first ": " reduced to
// its last two segments: messages that differ only in values share it.
func template(msg string) string {
	field, rest, found := strings.Cut(msg, ": ")
	if found && !strings.Contains(field, " ") {
		parts := strings.Split(indexRe.ReplaceAllString(field, "[i]"), ".")
		if len(parts) > 2 {
			parts = append([]string{"…"}, parts[len(parts)-2:]...)
		}
		msg = strings.Join(parts, ".") + ": " + rest
	}
	msg = quotedRe.ReplaceAllString(msg, `"…"`)
	msg = numberRe.ReplaceAllString(msg, "N")
	if len(msg) > 160 {
		msg = msg[:160] + "…"
	}
	return msg
}

// storedWhere names the first top-level field where two stored objects
// (JSON) differ.
func storedWhere(ours, theirs string) string {
	if ours == "" {
		return ": ours stores nothing"
	}
	if theirs == "" {
		return ": theirs stores nothing"
	}
	k, o, t, ok := differentKey([]byte(ours), []byte(theirs))
	switch {
	case !ok:
		return ""
	case k != "metadata":
		return " in " + k
	}
	if k, _, _, ok := differentKey(o, t); ok {
		return " in metadata." + k
	}
	return " in metadata"
}

// differentKey returns the first key, in sorted order, whose values differ
// in the JSON objects ours and theirs (missing in one of them counts), and
// the two values; ok is false if they are not both objects or do not
// differ.
func differentKey(ours, theirs []byte) (key string, o, t json.RawMessage, ok bool) {
	var om, tm map[string]json.RawMessage
	if json.Unmarshal(ours, &om) != nil || json.Unmarshal(theirs, &tm) != nil {
		return "", nil, nil, false
	}
	keys := slices.Collect(maps.Keys(om))
	for k := range tm {
		if _, ok := om[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		if string(om[k]) != string(tm[k]) {
			return k, om[k], tm[k], true
		}
	}
	return "", nil, nil, false
}

// summary prints an answer in one line.
func summary(a objAnswer) string {
	if a.err != "" {
		return "error: " + a.err
	}
	s := fmt.Sprintf("errors %q strict %q warnings %q", a.errors, a.strict, a.warnings)
	if a.stored != "" {
		s += " stored " + a.stored
	}
	return s
}

// orderDiffs returns the differences in order of lists that are equal as
// multisets: a pair of entries that ours gives in the other order than
// the server, where the server's order is fixed (see fixedPair).
func orderDiffs(ours, theirs objAnswer) []objDiff {
	var diffs []objDiff
	for _, l := range []struct {
		part       string
		ours, them []string
	}{{"Errors", ours.errors, theirs.errors}, {"Strict", ours.strict, theirs.strict}, {"Warnings", ours.warnings, theirs.warnings}} {
		if a, b, ok := inverted(l.ours, l.them); ok {
			diffs = append(diffs, objDiff{"order", l.part + " order differs where the server's is fixed", fmt.Sprintf("%q", l.ours), fmt.Sprintf("%q (%q before %q)", l.them, a, b)})
		}
	}
	return diffs
}

// inverted returns a pair a, b that theirs gives in this order and ours
// in the other, and whose order is fixed on the server.
func inverted(ours, theirs []string) (a, b string, ok bool) {
	if slices.Equal(ours, theirs) {
		return "", "", false
	}
	pos := make([]int, len(theirs)) // position in ours of each entry of theirs
	used := make([]bool, len(ours))
	for i, s := range theirs {
		pos[i] = -1
		for j, o := range ours {
			if !used[j] && o == s {
				used[j], pos[i] = true, j
				break
			}
		}
	}
	for i := range theirs {
		for j := i + 1; j < len(theirs); j++ {
			if pos[i] > pos[j] && fixedPair(theirs[i], theirs[j]) {
				return theirs[i], theirs[j], true
			}
		}
	}
	return "", "", false
}

const celSkipped = "some validation rules were not checked because the object was invalid"

// fixedPair reports whether the server always gives the messages a and
// b in the same order: when one says the CEL rules were skipped (it is
// appended last), or when their paths part at a list index, as lists are
// walked in order and maps (properties, additionalProperties, labels) in
// random order.
func fixedPair(a, b string) bool {
	if strings.Contains(a, celSkipped) || strings.Contains(b, celSkipped) {
		return true
	}
	pa, pb := messagePath(a), messagePath(b)
	n := 0
	for n < len(pa) && n < len(pb) && pa[n] == pb[n] {
		n++
	}
	if n == len(pa) || n == len(pb) {
		return false
	}
	open := strings.LastIndexByte(pa[:n], '[')
	if open < 0 || strings.Trim(pa[open+1:n], "0123456789") != "" {
		return false
	}
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	return (isDigit(pa[n]) || pa[n] == ']') && (isDigit(pb[n]) || pb[n] == ']') && (n > open+1 || isDigit(pa[n]) && isDigit(pb[n]))
}

// messagePath returns the path of a message: the field before ": ", or
// the quoted path of a strict field (`unknown field "spec.a"`) or of an
// error at <nil> whose message names it (`"spec.a[0]" must validate ...`).
func messagePath(msg string) string {
	if rest, ok := strings.CutPrefix(msg, "<nil>: Invalid value: \"\": \""); ok {
		if p, _, ok := strings.Cut(rest, "\""); ok {
			return p
		}
	}
	for _, prefix := range []string{"unknown field \"", "duplicate field \""} {
		if rest, ok := strings.CutPrefix(msg, prefix); ok {
			p, _, _ := strings.Cut(rest, "\"")
			return p
		}
	}
	p, _, _ := strings.Cut(msg, ": ")
	return p
}

// harnessMessage reports whether an error of kubeCustomResource is its own
// wording rather than the server's: a version that is not served (the
// server answers 404 for the URL), an invalid CRD, an old object that
// does not decode. Only the failure is compared for those, not the text.
func harnessMessage(err string) bool {
	return strings.Contains(err, " is not served by CRD ") || strings.HasPrefix(err, "crd: ") || strings.HasPrefix(err, "old: ") ||
		strings.HasPrefix(err, "reference panicked") || strings.Contains(err, ": no schema: ")
}

// serverMessage returns the message of err, the reference's failure on
// obj, as the server words it: when obj is JSON that does not decode,
// kubeCustomResource fails in its own reading of apiVersion before the
// server's code runs, and the server's message is that of its strict JSON
// decoder, such as
//
//	couldn't get version/kind; json parse error: unexpected end of JSON input
func serverMessage(obj []byte, err error) string {
	var tm metav1.TypeMeta
	if json.Unmarshal(obj, &tm) == nil {
		return err.Error()
	}
	into := &unstructured.Unstructured{}
	_, _, derr := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, unstructuredscheme.NewUnstructuredCreator(),
		crdserverscheme.NewUnstructuredObjectTyper(), kjson.SerializerOptions{Strict: true}).Decode(obj, nil, into)
	if derr == nil {
		return err.Error()
	}
	return derr.Error()
}
