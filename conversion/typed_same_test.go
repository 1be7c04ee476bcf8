package conversion

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// TypedStep's walk by reflection must give what its path through JSON
// gives: FuzzTypedStepSame compares it with legacyTypedStep on objects
// decoded from any JSON, through Go types of every kind the walk handles
// and some it leaves to JSON.

type tsInner struct {
	S  string            `json:"s,omitempty"`
	I8 int8              `json:"i8"`
	U  uint              `json:"u,omitempty"`
	U8 uint8             `json:"u8"`
	F  float64           `json:"f,omitempty"`
	B  bool              `json:"b"`
	P  *int32            `json:"p,omitempty"`
	L  []string          `json:"l"`
	M  map[string]string `json:"m,omitempty"`
	A  any               `json:"a"`
}

type tsPlain struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   map[string]any `json:"metadata,omitempty"`
	Spec       tsInner        `json:"spec"`
	Status     *tsInner       `json:"status,omitempty"`
	Items      []tsInner      `json:"items"`
	List       []any          `json:"list,omitempty"`
	N          int64
	Skip       string `json:"-"`
	//lint:ignore SA5008 the name "-" is what is tested
	Dash    string `json:"-,omitempty"`
	private int
}

type tsEmbedded struct {
	tsInner
	Kind string `json:"kind"`
}

type tsSpecial struct {
	Kind string          `json:"kind"`
	T    time.Time       `json:"t"`
	Raw  json.RawMessage `json:"raw"`
	Num  json.Number     `json:"num"`
	Q    int             `json:"q,string"`
	F32  float32         `json:"f32"`
	Bs   []byte          `json:"bs"`
}

type tsFold struct {
	Name  string `json:"name"`
	Other string `json:"NAME2"`
}

type tsSpecFloat struct {
	Spec map[string]float64 `json:"spec"`
}

// tsSteps are pairs of steps, fast and legacy, over the same function.
func tsSteps() []struct {
	name      string
	got, want Step
} {
	type pair = struct {
		name      string
		got, want Step
	}
	same := func(name string, fast, legacy Step) pair { return pair{name, fast, legacy} }
	plain := func(in *tsPlain) (*tsPlain, error) { in.private = 1; return in, nil }
	toInner := func(in *tsPlain) (*tsInner, error) { return &in.Spec, nil }
	anyStep := func(in *any) (*any, error) { return in, nil }
	mapStep := func(in *map[string]any) (*map[string]any, error) { return in, nil }
	embedded := func(in *tsEmbedded) (*tsEmbedded, error) { return in, nil }
	special := func(in *tsSpecial) (*tsSpecial, error) { return in, nil }
	fold := func(in *tsFold) (*tsFold, error) { return in, nil }
	floats := func(in *tsSpecFloat) (*tsSpecFloat, error) { return in, nil }
	return []pair{
		same("plain", TypedStep(plain), legacyTypedStep(plain)),
		same("inner", TypedStep(toInner), legacyTypedStep(toInner)),
		same("any", TypedStep(anyStep), legacyTypedStep(anyStep)),
		same("map", TypedStep(mapStep), legacyTypedStep(mapStep)),
		same("embedded", TypedStep(embedded), legacyTypedStep(embedded)),
		same("special", TypedStep(special), legacyTypedStep(special)),
		same("fold", TypedStep(fold), legacyTypedStep(fold)),
		same("floats", TypedStep(floats), legacyTypedStep(floats)),
	}
}

var tsSeeds = []string{
	`{"apiVersion":"g/v1","kind":"K","metadata":{"name":"a","generation":1,"f":1.5,"big":9223372036854775807,"neg":-9223372036854775808,"x":[1,"b",null,{"c":true}]},"spec":{"s":"x","i8":127,"u":3,"u8":255,"f":2,"b":true,"p":7,"l":["a"],"m":{"k":"v"},"a":{"n":1}},"items":[{"s":"y"}],"N":5,"Skip":"s","-":"dash"}`,
	`{"spec":{"i8":128}}`, `{"spec":{"i8":-129}}`, `{"spec":{"u":-1}}`, `{"spec":{"u8":1.0}}`, `{"spec":{"f":1e308}}`,
	`{"spec":{"s":5}}`, `{"spec":{"l":"x"}}`, `{"spec":{"m":{"a":1}}}`, `{"spec":{"p":null,"l":null,"m":null,"a":null}}`,
	`{"spec":{"l":[]}}`, `{"items":[]}`, `{"items":null}`, `{"Spec":{"s":"x"}}`, `{"SPEC":{}}`, `{"spec":{"S":"x"}}`,
	`{"n":1}`, `{"N":1.5}`, `{"name":"a","NAME":"b","name2":"c"}`, `{"Name":"x"}`, `{"ſpec":{}}`, `{"kind":"K","\u212aind":"L"}`,
	`{"t":"2026-01-02T03:04:05Z","raw":{"a":1},"num":1.50,"q":"3","f32":0.1,"bs":"YQ=="}`,
	`{"spec":{"a":1e21,"b":-0,"c":9007199254740993,"d":0.1}}`,
	`{"metadata":{"big":4611686018427387904,"bigf":4.611686018427388e18,"m":-9.223372036854776e18}}`,
	`{"list":[1,2.5,"x",[],{}],"status":{"s":"x"}}`, `{"status":null}`, `{"spec":null}`, `{"spec":[]}`,
	`{"metadata":{"s":"\u00e9\ud800"}}`, `{}`,
}

func FuzzTypedStepSame(f *testing.F) {
	for _, s := range tsSeeds {
		f.Add(s)
	}
	steps := tsSteps()
	f.Fuzz(func(t *testing.T, text string) {
		if _, err := decodeObjectSlow([]byte(text)); err != nil {
			return
		}
		for _, s := range steps {
			// Each step gets its own copy: steps may change their argument.
			a, _ := decodeObjectSlow([]byte(text))
			b, _ := decodeObjectSlow([]byte(text))
			got, gotErr := s.got(a)
			want, wantErr := s.want(b)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
				t.Errorf("%s on %s:\n got %#v, %v\nwant %#v, %v", s.name, text, got, gotErr, want, wantErr)
			}
		}
	})
}

// TestTypeInfo checks which types TypedStep walks by reflection, so that
// FuzzTypedStepSame compares both of its paths.
func TestTypeInfo(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want bool
	}{
		{tsPlain{}, true}, {tsInner{}, true}, {tsFold{}, true}, {tsSpecFloat{}, true}, {map[string]any{}, true},
		{tsEmbedded{}, false}, {tsSpecial{}, false}, {time.Time{}, false}, {json.Number(""), false}, {[]byte{}, false},
		{float32(0), false}, {[2]int{}, false}, {map[int]string{}, false}, {struct{ A chan int }{}, false},
		{struct {
			A int `json:"a,string"`
		}{}, false},
		{struct {
			A int `json:"a"`
			B int `json:"A"`
		}{}, false},
	} {
		if got := infoOf(reflect.TypeOf(tt.v)).ok; got != tt.want {
			t.Errorf("infoOf(%T).ok = %v, want %v", tt.v, got, tt.want)
		}
	}
}
