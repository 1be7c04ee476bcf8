package objectmeta

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// The expected messages of testdata/root_cases.json come from the real
// code at v0.37.2: a throwaway module decoded each case's metadata with
// json.Unmarshal into a metav1.ObjectMeta and ran
//
//   - create: validation.ValidateObjectMetaDeclaratively(ctx,
//     operation.Create, meta, nil, namespaced, NameIsDNSSubdomain,
//     "metadata", beta), with beta false and true (the same messages);
//   - genericCreate: validation.ValidateObjectMetaAccessor on the
//     unstructured object holding the metadata as SetObjectMeta writes it,
//     with rest's validatePathSegment;
//   - update: ValidateObjectMetaDeclaratively(ctx, operation.Update,
//     meta, old, ...), beta false and true;
//   - genericUpdate: what rest.validateCommonFields returns,
//     ValidateObjectMetaAccessor then ValidateObjectMetaAccessorUpdate;
//   - warnings: the custom resource strategy's WarningsOnCreate, or
//     WarningsOnUpdate when the case has old metadata;
//
// and kept each error's Error().

// rootMessage prints e as k8s.io/apimachinery's field.Error.Error() does,
// as package crd prints it.
func rootMessage(e *field.Error) string {
	words := map[field.ErrorType]string{
		field.ErrorTypeInvalid: "Invalid value", field.ErrorTypeRequired: "Required value", field.ErrorTypeForbidden: "Forbidden",
		field.ErrorTypeNotSupported: "Unsupported value", field.ErrorTypeTooLong: "Too long",
	}[e.Type]
	m := e.Field + ": " + words
	if e.Type == field.ErrorTypeInvalid || e.Type == field.ErrorTypeNotSupported {
		switch x := e.BadValue.(type) {
		case string:
			m += ": " + strconv.Quote(x)
		case int64, bool:
			m += ": " + fmt.Sprint(x)
		default:
			b, err := json.Marshal(x)
			if err != nil {
				b = []byte(err.Error())
			}
			m += ": " + string(b)
		}
	}
	if e.Detail != "" {
		m += ": " + e.Detail
	}
	return m
}

func rootMessages(errs field.ErrorList) []string {
	out := []string{}
	for _, e := range errs {
		out = append(out, rootMessage(e))
	}
	return out
}

func TestRootMetadata(t *testing.T) {
	data, err := os.ReadFile("testdata/root_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name                  string
		Namespaced            bool
		Meta, Old             json.RawMessage
		Create, GenericCreate []string
		Update, GenericUpdate []string
		Warnings              []string
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	check := func(name, what string, got, want []string) {
		t.Helper()
		if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("%s: %s:\ngot\n\t%s\nwant\n\t%s", name, what, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
		}
	}
	read := func(name string, raw json.RawMessage) (Meta, bool) {
		m, err := Read(value(t, string(raw)))
		if err != nil {
			t.Errorf("%s: Read(%s): %v", name, raw, err)
			return m, false
		}
		return m, true
	}
	for _, c := range cases {
		m, ok := read(c.Name, c.Meta)
		if !ok {
			continue
		}
		check(c.Name, "ValidateCreate", rootMessages(ValidateCreate(m, c.Namespaced)), c.Create)
		check(c.Name, "ValidateGenericCreate", rootMessages(ValidateGenericCreate(m, c.Namespaced)), c.GenericCreate)
		if c.Old == nil {
			check(c.Name, "FinalizerWarnings", FinalizerWarnings(m.Finalizers(), nil), c.Warnings)
			continue
		}
		old, ok := read(c.Name, c.Old)
		if !ok {
			continue
		}
		check(c.Name, "ValidateUpdate", rootMessages(ValidateUpdate(m, old)), c.Update)
		check(c.Name, "ValidateGenericUpdate", rootMessages(ValidateGenericUpdate(m, old, c.Namespaced)), c.GenericUpdate)
		check(c.Name, "FinalizerWarnings", FinalizerWarnings(m.Finalizers(), old.Finalizers()), c.Warnings)
	}
}

func TestSystemFields(t *testing.T) {
	m, err := Read(value(t, `{"uid": "u", "resourceVersion": "7", "creationTimestamp": "2024-01-02T04:04:05+01:00",
		"deletionTimestamp": "2025-01-02T03:04:05Z", "deletionGracePeriodSeconds": 30}`))
	if err != nil {
		t.Fatal(err)
	}
	if m.UID() != "u" || m.ResourceVersion() != "7" {
		t.Errorf("UID, ResourceVersion = %q, %q, want u, 7", m.UID(), m.ResourceVersion())
	}
	if got, want := m.CreationTimestamp(), time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC); !got.Equal(want) {
		t.Errorf("CreationTimestamp = %v, want %v", got, want)
	}
	if d := m.DeletionTimestamp(); d == nil || d.Year() != 2025 {
		t.Errorf("DeletionTimestamp = %v, want 2025-01-02T03:04:05Z", d)
	}
	if g := m.DeletionGracePeriodSeconds(); g == nil || *g != 30 {
		t.Errorf("DeletionGracePeriodSeconds = %v, want 30", g)
	}
	var empty Meta
	if empty.UID() != "" || empty.ResourceVersion() != "" || !empty.CreationTimestamp().IsZero() ||
		empty.DeletionTimestamp() != nil || empty.DeletionGracePeriodSeconds() != nil {
		t.Errorf("the system fields of empty metadata are not empty")
	}
	// A zero deletion time is null where the server reads it back.
	zero, err := Read(value(t, `{"deletionTimestamp": "0001-01-01T00:00:00Z"}`))
	if err != nil {
		t.Fatal(err)
	}
	if d := zero.DeletionTimestamp(); d != nil {
		t.Errorf("DeletionTimestamp of a zero time = %v, want nil", d)
	}
}

// TestTimeJSON checks that a Time prints as metav1.Time's MarshalJSON.
func TestTimeJSON(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{
		{Time{}, `null`},
		{(*Time)(nil), `null`},
		{Time{time.Date(2024, 1, 2, 4, 4, 5, 999, time.FixedZone("", 3600))}, `"2024-01-02T03:04:05Z"`},
		{&Time{time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}, `"2024-01-02T03:04:05Z"`},
		{UID("a<b"), `"a\u003cb"`},
	} {
		b, err := json.Marshal(tt.v)
		if err != nil || string(b) != tt.want {
			t.Errorf("json.Marshal(%#v) = %s, %v, want %s", tt.v, b, err, tt.want)
		}
	}
}

func TestNameIsDNSSubdomain(t *testing.T) {
	for _, tt := range []struct {
		name   string
		prefix bool
		ok     bool
	}{
		{"a-", true, true},
		{"ab_-", true, true}, // the server masks two bytes: "aba"
		{"ab_-", false, false},
		{"-", true, false}, // too short to mask
		{"a-", false, false},
		{"Foo-", true, false},
	} {
		if got := nameIsDNSSubdomain(tt.name, tt.prefix) == nil; got != tt.ok {
			t.Errorf("nameIsDNSSubdomain(%q, %v) valid = %v, want %v", tt.name, tt.prefix, got, tt.ok)
		}
	}
}
