package crd

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestIsDNS1035Label(t *testing.T) {
	tooLong := "must be no more than 63 characters"
	for _, tt := range []struct {
		name string
		want []string
	}{
		{"v1", nil},
		{"v1beta1", nil},
		{"foo", nil},
		{"a", nil},
		{"a-b", nil},
		{"v" + strings.Repeat("1", 62), nil},
		{"", []string{dns1035}},
		{"1v", []string{dns1035}},
		{"-v", []string{dns1035}},
		{"v-", []string{dns1035}},
		{"V1", []string{dns1035}},
		{"v1.0", []string{dns1035}},
		{"v_1", []string{dns1035}},
		{"vé", []string{dns1035}},
		{"v" + strings.Repeat("1", 63), []string{tooLong}},
		{"V" + strings.Repeat("1", 63), []string{tooLong, dns1035}},
	} {
		if diff := cmp.Diff(tt.want, IsDNS1035Label(tt.name)); diff != "" {
			t.Errorf("IsDNS1035Label(%q) mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestPreferredVersion(t *testing.T) {
	for _, tt := range []struct {
		versions []Version
		want     string
		ok       bool
	}{
		{nil, "", false},
		{[]Version{{Name: "v1"}}, "", false},
		{[]Version{{Name: "v1beta1", Served: true}, {Name: "v1", Served: true}, {Name: "v2", Storage: true}}, "v1", true},
		{[]Version{{Name: "v2alpha1", Served: true}, {Name: "v1beta1", Served: true, Storage: true}}, "v1beta1", true},
		{[]Version{{Name: "foo", Served: true}, {Name: "v1alpha1", Served: true}}, "v1alpha1", true},
		{[]Version{{Name: "v01", Served: true}, {Name: "v1", Served: true}}, "v1", true},
	} {
		c := &CustomResourceDefinition{Spec: Spec{Versions: tt.versions}}
		if got, ok := PreferredVersion(c); got != tt.want || ok != tt.ok {
			t.Errorf("PreferredVersion(%+v) = %q, %v, want %q, %v", tt.versions, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDeprecationWarning(t *testing.T) {
	c := &CustomResourceDefinition{Spec: Spec{
		Group: "stable.example.com",
		Names: Names{Kind: "CronTab"},
		Versions: []Version{
			{Name: "v1alpha1", Served: true, Deprecated: true},
			{Name: "v1beta1", Served: true, Deprecated: true, DeprecationWarning: ptr("custom text")},
			{Name: "v1beta2", Served: true},
			{Name: "v2", Served: false},
			{Name: "v1", Served: true, Deprecated: true},
			{Name: "v01", Served: true},
		},
	}}
	for _, tt := range []struct {
		version, want string
		ok            bool
	}{
		// Above v1alpha1, v01 is the best served, not deprecated version: v2
		// is not served, v1 is deprecated. Above v1 there is none: v01 ties
		// with it.
		{"v1alpha1", "stable.example.com/v1alpha1 CronTab is deprecated; use stable.example.com/v01 CronTab", true},
		{"v1beta1", "custom text", true},
		{"v1", "stable.example.com/v1 CronTab is deprecated", true},
		{"v1beta2", "", false},
		{"v3", "", false},
	} {
		if got, ok := DeprecationWarning(c, tt.version); got != tt.want || ok != tt.ok {
			t.Errorf("DeprecationWarning(%q) = %q, %v, want %q, %v", tt.version, got, ok, tt.want, tt.ok)
		}
	}
}

func TestErrorType(t *testing.T) {
	for typ, want := range map[ErrorType]string{
		ErrorTypeInvalid: "Invalid value", ErrorTypeRequired: "Required value", ErrorTypeForbidden: "Forbidden",
		ErrorTypeNotSupported: "Unsupported value", ErrorTypeDuplicate: "Duplicate value", "Other": "Other",
		ErrorTypeTooLong: "Too long", ErrorTypeTooMany: "Too many", ErrorTypeTypeInvalid: "Invalid value",
	} {
		if got := typ.String(); got != want {
			t.Errorf("ErrorType(%q).String() = %q, want %q", string(typ), got, want)
		}
	}
}

func TestErrorValues(t *testing.T) {
	for _, tt := range []struct {
		err  *Error
		want string
	}{
		{&Error{Type: ErrorTypeDuplicate, Field: "f", BadValue: "x", Detail: ""}, `f: Duplicate value: "x"`},
		{&Error{Type: ErrorTypeInvalid, Field: "f", BadValue: int64(7), Detail: "d"}, `f: Invalid value: 7: d`},
		{&Error{Type: ErrorTypeInvalid, Field: "f", BadValue: true, Detail: "d"}, `f: Invalid value: true: d`},
		{&Error{Type: ErrorTypeInvalid, Field: "f", BadValue: []string(nil), Detail: "d"}, `f: Invalid value: null: d`},
		{&Error{Type: ErrorTypeTypeInvalid, Field: "f", BadValue: "string", Detail: "d"}, `f: Invalid value: "string": d`},
		{&Error{Type: ErrorTypeTooLong, Field: "f", BadValue: "<value omitted>", Detail: "d"}, `f: Too long: d`},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
	list := ErrorList{{Type: ErrorTypeRequired, Field: "a"}, {Type: ErrorTypeForbidden, Field: "b", Detail: "no"}}
	if got, want := list.Error(), "a: Required value; b: Forbidden: no"; got != want {
		t.Errorf("ErrorList.Error() = %q, want %q", got, want)
	}
}
