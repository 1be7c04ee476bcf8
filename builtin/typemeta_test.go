package builtin

import (
	"encoding/json"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// typeMetaCases are texts where readTypeMeta must read as encoding/json
// does, or leave the reading to it.
var typeMetaCases = []string{
	`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"}}`,
	` {"kind" : "Service", "apiVersion": "v1"} `,
	`{"APIVERSION":"v1","Kind":"Pod"}`,                 // folded keys
	`{"apiVersion":"v1","apiVersion":"v2","kind":"A"}`, // the last wins
	`{"apiVersion":"v1","apiVersion":null,"kind":"A"}`, // null leaves it
	`{"apiVersion":"v1","kind":"A"}x`,                  // text after it
	`{"apiVersion":"v1","kind":"A",}`,                  // a trailing comma
	`{"apiVersion":"v1","kind":"A","x":01}`,            // a leading zero
	`{"apiVersion":"v1","kind":"A","x":[1,2.5,-3e+2,"\u00e9\n",true,false,null,{}]}`,
	`{"apiVersion":"v1","kind":"A","x":"\x"}`,             // a bad escape
	`{"apiVersion":"v1","kind":"A","x":"` + "\x01" + `"}`, // a control character
	`{"apiVersion":"v1","kind":"A","x":"` + "\xff" + `"}`, // invalid UTF-8 is valid JSON
	`{"apiVersion":"v1","\u006bind":"A"}`,                 // an escaped key
	`{"apiVersion":"v1","` + "\u212a" + `ind":"A"}`,       // the Kelvin sign folds to k
	`{"apiVersion":"v\u0031","kind":"A"}`,                 // an escaped value
	`{"apiVersion":1,"kind":"A"}`,                         // a number for a string
	`["apiVersion","kind"]`,
	`null`,
	`{}`,
	`{"kind":"A","x":` + strings.Repeat("[", 2000) + strings.Repeat("]", 2000) + `}`,
	`{"kind":"A","x":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`,
	`{"kind":"A","x":{"y":1,}}`,
	`{"kind":"A","x":-}`,
	`{"kind":"A","x":1.}`,
	`{"kind":"A","x":1e}`,
	`{"kind":"A"`,
	``,
}

// TestReadTypeMeta checks readTypeMeta against encoding/json on
// typeMetaCases, and that it reads the common ones itself.
func TestReadTypeMeta(t *testing.T) {
	read := 0
	for _, c := range typeMetaCases {
		if checkTypeMeta(t, []byte(c)) {
			read++
		}
	}
	if read < 8 {
		t.Errorf("readTypeMeta read %d of the cases itself, want 8 or more", read)
	}
}

// FuzzReadTypeMeta checks readTypeMeta against encoding/json.
func FuzzReadTypeMeta(f *testing.F) {
	for _, c := range typeMetaCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkTypeMeta(t, data) })
}

// checkTypeMeta fails t if readTypeMeta reads data otherwise than
// encoding/json, and reports whether it read it itself.
func checkTypeMeta(t *testing.T, data []byte) bool {
	t.Helper()
	apiVersion, kind, ok := readTypeMeta(data)
	if !ok {
		return false
	}
	var tm metav1.TypeMeta
	if err := json.Unmarshal(data, &tm); err != nil {
		t.Errorf("%q: read as %q %q, but encoding/json: %v", data, apiVersion, kind, err)
	} else if tm.APIVersion != apiVersion || tm.Kind != kind {
		t.Errorf("%q: read as %q %q, encoding/json %q %q", data, apiVersion, kind, tm.APIVersion, tm.Kind)
	}
	return true
}
