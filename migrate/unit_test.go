package migrate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

func TestRetriable(t *testing.T) {
	gr := schema.GroupResource{Group: "example.com", Resource: "widgets"}
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"429", apierrors.NewTooManyRequests("slow down", 1), true},
		{"500 conversion webhook", apierrors.NewInternalError(errors.New("conversion webhook for example.com/v1 failed")), true},
		{"503", apierrors.NewServiceUnavailable("later"), true},
		{"504 server timeout", apierrors.NewServerTimeout(gr, "patch", 1), true},
		{"timeout", apierrors.NewTimeoutError("slow", 1), true},
		{"502", apierrors.NewGenericServerResponse(http.StatusBadGateway, "patch", gr, "w", "", 0, false), true},
		{"connection reset", fmt.Errorf("patch: %w", errors.New("read: connection reset by peer")), true},
		{"EOF", io.ErrUnexpectedEOF, true},
		{"deadline", context.DeadlineExceeded, true},
		{"canceled", context.Canceled, false},
		{"403", apierrors.NewForbidden(gr, "w", errors.New("no")), false},
		{"422", apierrors.NewBadRequest("denied"), false},
		{"409", apierrors.NewConflict(gr, "w", errors.New("modified")), false},
		{"404", apierrors.NewNotFound(gr, "w"), false},
	} {
		if got := Retriable(tc.err); got != tc.want {
			t.Errorf("Retriable(%s: %v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}

func TestRetryBounds(t *testing.T) {
	o := Options{Retries: 3, Backoff: time.Millisecond}.withDefaults()
	calls := 0
	n, err := retry(context.Background(), o, func(context.Context) error { calls++; return apierrors.NewServiceUnavailable("later") })
	if calls != 4 || n != 3 || !apierrors.IsServiceUnavailable(err) {
		t.Errorf("always 503: %d calls, %d retries, %v; want 4, 3, the 503", calls, n, err)
	}
	calls = 0
	n, err = retry(context.Background(), o, func(context.Context) error { calls++; return apierrors.NewBadRequest("no") })
	if calls != 1 || n != 0 || err == nil {
		t.Errorf("400: %d calls, %d retries, %v; want 1, 0, the 400", calls, n, err)
	}
	calls = 0
	n, err = retry(context.Background(), o, func(context.Context) error {
		calls++
		if calls < 3 {
			return apierrors.NewTooManyRequests("slow", 0)
		}
		return nil
	})
	if calls != 3 || n != 2 || err != nil {
		t.Errorf("429 twice: %d calls, %d retries, %v; want 3, 2, nil", calls, n, err)
	}
}

func TestNewTarget(t *testing.T) {
	crd := func(versions ...apiextensionsv1.CustomResourceDefinitionVersion) *apiextensionsv1.CustomResourceDefinition {
		c := widgetCRD()
		c.Spec.Versions = versions
		return c
	}
	v := func(name string, served, storage bool) apiextensionsv1.CustomResourceDefinitionVersion {
		return apiextensionsv1.CustomResourceDefinitionVersion{Name: name, Served: served, Storage: storage}
	}
	for _, tc := range []struct {
		name          string
		crd           *apiextensionsv1.CustomResourceDefinition
		storage, pick string
		index         int
		err           string
	}{
		{"served storage", crd(v("v1beta1", true, false), v("v1", true, true)), "v1", "v1", 1, ""},
		{"storage not served", crd(v("v1beta1", true, false), v("v1", false, true)), "v1", "v1beta1", 1, ""},
		{"no storage", crd(v("v1", true, false)), "", "", 0, "no version has storage: true"},
		{"two storage", crd(v("v1beta1", true, true), v("v1", true, true)), "", "", 0, "both have storage: true"},
		{"none served", crd(v("v1", false, true)), "", "", 0, "no version is served"},
	} {
		got, err := newTarget(tc.crd)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || got.Storage != tc.storage || got.WriteVersion != tc.pick || got.StorageIndex != tc.index {
			t.Errorf("%s: %+v, %v; want storage %s (index %d), write version %s", tc.name, got, err, tc.storage, tc.index, tc.pick)
		}
	}
}
