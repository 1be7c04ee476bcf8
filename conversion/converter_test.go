package conversion

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd"
)

// traced returns a Converter with steps between the given pairs "a>b",
// each of which appends "a>b" to the object's trail field.
func traced(pairs ...string) *Converter {
	var c Converter
	for _, p := range pairs {
		from, to, _ := strings.Cut(p, ">")
		c.AddStep(from, to, func(obj map[string]any) (map[string]any, error) {
			if got := obj["apiVersion"]; got != "g/"+from {
				return nil, fmt.Errorf("step %s got apiVersion %v", p, got)
			}
			if obj["fail"] == p {
				return nil, errors.New("failed")
			}
			trail, _ := obj["trail"].(string)
			obj["trail"] = trail + p + " "
			return obj, nil
		})
	}
	return &c
}

func TestConverterPath(t *testing.T) {
	c := traced("v1alpha1>v1beta1", "v1beta1>v1alpha1", "v1beta1>v1", "v1>v1beta1", "v1alpha1>v1", "v2>v1", "v1>v2alpha1", "v1beta1>v2alpha1")
	tests := []struct {
		from, to string
		want     []string
	}{
		{"v1", "v1", []string{"v1"}},
		{"v9", "v9", []string{"v9"}},
		{"v1alpha1", "v1", []string{"v1alpha1", "v1"}},
		{"v1", "v1alpha1", []string{"v1", "v1beta1", "v1alpha1"}},
		// Two chains of two steps; v1 sorts before v1beta1.
		{"v1alpha1", "v2alpha1", []string{"v1alpha1", "v1", "v2alpha1"}},
		{"v2", "v1alpha1", []string{"v2", "v1", "v1beta1", "v1alpha1"}},
		{"v1", "v2", nil},
		{"v9", "v1", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, c.Path(tt.from, tt.to)); diff != "" {
			t.Errorf("Path(%s, %s) mismatch (-want +got):\n%s", tt.from, tt.to, diff)
		}
	}
}

func TestConverterConvert(t *testing.T) {
	c := traced("v1alpha1>v1beta1", "v1beta1>v1alpha1", "v1beta1>v1", "v1>v1beta1")
	tests := []struct {
		name string
		obj  map[string]any
		to   string
		want map[string]any
		err  string
	}{
		{"two steps", map[string]any{"apiVersion": "g/v1alpha1"}, "g/v1", map[string]any{"apiVersion": "g/v1", "trail": "v1alpha1>v1beta1 v1beta1>v1 "}, ""},
		{"back", map[string]any{"apiVersion": "g/v1"}, "g/v1alpha1", map[string]any{"apiVersion": "g/v1alpha1", "trail": "v1>v1beta1 v1beta1>v1alpha1 "}, ""},
		{"same version", map[string]any{"apiVersion": "g/v1", "x": 1}, "g/v1", map[string]any{"apiVersion": "g/v1", "x": 1}, ""},
		{"step fails", map[string]any{"apiVersion": "g/v1alpha1", "fail": "v1beta1>v1"}, "g/v1", nil, "conversion: v1beta1 to v1: failed"},
		{"no path", map[string]any{"apiVersion": "g/v1"}, "g/v2", nil, "conversion: no steps lead from v1 to v2"},
		{"other group", map[string]any{"apiVersion": "h/v1"}, "g/v1", nil, `conversion: cannot convert group "h" to group "g"`},
		{"no apiVersion", map[string]any{}, "g/v1", nil, `conversion: apiVersion "" is not group/version`},
		{"bad apiVersion", map[string]any{"apiVersion": "a/b/c"}, "g/v1", nil, `conversion: apiVersion "a/b/c" is not group/version`},
		{"bad desired", map[string]any{"apiVersion": "g/v1"}, "g/", nil, `conversion: desired apiVersion "g/" is not group/version`},
	}
	for _, tt := range tests {
		got, err := c.Convert(tt.obj, tt.to)
		if gotErr := fmt.Sprint(err); tt.err != "" && gotErr != tt.err || tt.err == "" && err != nil {
			t.Errorf("%s: Convert error = %v, want %q", tt.name, err, tt.err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: Convert mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
	if _, err := c.Convert(map[string]any{"apiVersion": "g/v1"}, "g/v2"); !errors.Is(err, ErrNoPath) {
		t.Errorf("Convert without a path: error %v does not wrap ErrNoPath", err)
	}
	var nilStep Converter
	nilStep.AddStep("v1", "v2", func(map[string]any) (map[string]any, error) { return nil, nil })
	if _, err := nilStep.Convert(map[string]any{"apiVersion": "g/v1"}, "g/v2"); fmt.Sprint(err) != "conversion: v1 to v2: the step returned no object" {
		t.Errorf("Convert with a step returning nil: error %v", err)
	}
}

func TestConverterMissing(t *testing.T) {
	def := &crd.CustomResourceDefinition{Spec: crd.Spec{Versions: []crd.Version{
		{Name: "v1alpha1", Served: true}, {Name: "v1beta1", Served: true}, {Name: "v0", Served: false}, {Name: "v1", Served: true, Storage: true},
	}}}
	tests := []struct {
		name string
		c    *Converter
		want []Pair
	}{
		{"none", traced(), []Pair{{"v1alpha1", "v1beta1"}, {"v1alpha1", "v1"}, {"v1beta1", "v1alpha1"}, {"v1beta1", "v1"}, {"v1", "v1alpha1"}, {"v1", "v1beta1"}}},
		{"chain", traced("v1alpha1>v1beta1", "v1beta1>v1alpha1", "v1beta1>v1", "v1>v1beta1"), nil},
		{"hub", traced("v1alpha1>v1", "v1>v1alpha1", "v1beta1>v1", "v1>v1beta1"), nil},
		{"one way", traced("v1alpha1>v1beta1", "v1beta1>v1"), []Pair{{"v1beta1", "v1alpha1"}, {"v1", "v1alpha1"}, {"v1", "v1beta1"}}},
		{"paths may pass through an unserved version", traced("v1alpha1>v0", "v0>v1alpha1", "v0>v1beta1", "v1beta1>v0", "v1beta1>v1", "v1>v1beta1"), nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.c.Missing(def)); diff != "" {
			t.Errorf("%s: Missing mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestConverterConcurrent converts while steps are added. Run it with -race.
func TestConverterConcurrent(t *testing.T) {
	c := traced("v1>v2")
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 50 {
				if i == 0 {
					c.AddStep("v2", fmt.Sprintf("v%d", j+3), func(o map[string]any) (map[string]any, error) { return o, nil })
					continue
				}
				got, err := c.Convert(map[string]any{"apiVersion": "g/v1"}, "g/v2")
				if err != nil || got["trail"] != "v1>v2 " {
					t.Errorf("Convert = %v, %v", got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestConverterRoutesFollowAddStep checks that Convert's cached routes
// follow the steps added after a conversion, and that the apiVersions of
// a cached route follow the group of each object.
func TestConverterRoutesFollowAddStep(t *testing.T) {
	var c Converter
	step := func(name string) Step {
		return func(obj map[string]any) (map[string]any, error) {
			trail, _ := obj["trail"].(string)
			obj["trail"] = trail + name + "(" + obj["apiVersion"].(string) + ") "
			return obj, nil
		}
	}
	c.AddStep("v1", "v2", step("a"))
	c.AddStep("v2", "v3", step("b"))
	for _, tt := range []struct {
		from, to string
		add      string // a step from>to added before converting, or ""
		from2    string
		want     string
	}{
		{"", "", "", "g/v1", "a(g/v1) b(g/v2) g/v3"},
		{"", "", "", "g/v1", "a(g/v1) b(g/v2) g/v3"},
		{"", "", "", "h/v1", "a(h/v1) b(h/v2) h/v3"},
		{"v1", "v3", "c", "g/v1", "c(g/v1) g/v3"},
		{"v1", "v2", "d", "h/v1", "c(h/v1) h/v3"},
		{"v1", "v3", "e", "g/v1", "e(g/v1) g/v3"},
	} {
		if tt.add != "" {
			c.AddStep(tt.from, tt.to, step(tt.add))
		}
		out, err := c.Convert(map[string]any{"apiVersion": tt.from2}, strings.Split(tt.from2, "/")[0]+"/v3")
		got := fmt.Sprintf("%v%v", out["trail"], out["apiVersion"])
		if err != nil || got != tt.want {
			t.Errorf("after adding %s>%s, Convert(%s) = %q, %v; want %q", tt.from, tt.to, tt.from2, got, err, tt.want)
		}
	}
	if _, err := c.Convert(map[string]any{"apiVersion": "g/v3"}, "g/v1"); !errors.Is(err, ErrNoPath) {
		t.Errorf("Convert from v3 to v1 = %v, want ErrNoPath", err)
	}
	c.AddStep("v3", "v1", step("f"))
	if out, err := c.Convert(map[string]any{"apiVersion": "g/v3"}, "g/v1"); err != nil || out["trail"] != "f(g/v3) " {
		t.Errorf("after adding v3>v1, Convert from v3 to v1 = %v, %v", out, err)
	}
}
