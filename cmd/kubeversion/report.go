package main

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion"
	"github.com/kubeversion/kubeversion/crd"
)

// report is what lint says of one CRD; its JSON form is an element of the
// "crds" array of -o json.
type report struct {
	File      string          `json:"file"`
	Line      int             `json:"line"`
	Name      string          `json:"name"`
	Operation string          `json:"operation"` // "create", or "update" against --old
	Errors    []lintError     `json:"errors"`
	Versions  []versionReport `json:"versions"`            // highest priority first
	Preferred string          `json:"preferred,omitempty"` // what kubectl uses; "" when nothing is served
}

// lintError is one error of the API server, located in the file.
type lintError struct {
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Type    string `json:"type"`
	Detail  string `json:"detail"`
	Message string `json:"message"` // as the API server prints it
}

type versionReport struct {
	Name       string `json:"name"`
	Line       int    `json:"line"`
	Served     bool   `json:"served"`
	Storage    bool   `json:"storage"`
	Deprecated bool   `json:"deprecated"`
	Warning    string `json:"warning,omitempty"` // sent to clients of a deprecated version
}

func newReport(o object, c, old *crd.CustomResourceDefinition) report {
	r := report{File: o.file, Line: o.line(), Name: c.Metadata.Name, Operation: "create", Errors: []lintError{}}
	var errs crd.ErrorList
	if old != nil {
		r.Operation = "update"
		errs = crd.ValidateUpdate(c, old)
	} else {
		errs = crd.ValidateCreate(c)
	}
	for _, err := range errs {
		r.Errors = append(r.Errors, lintError{
			Line: locate(o.node, err.Field), Field: err.Field, Type: err.Type.String(), Detail: err.Detail, Message: err.Error(),
		})
	}

	// Versions in priority order; a version keeps its index for its line.
	order := make([]int, len(c.Spec.Versions))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		return kubeversion.Compare(c.Spec.Versions[j].Name, c.Spec.Versions[i].Name)
	})
	r.Versions = []versionReport{}
	for _, i := range order {
		v := c.Spec.Versions[i]
		warning, _ := crd.DeprecationWarning(c, v.Name)
		r.Versions = append(r.Versions, versionReport{
			Name: v.Name, Line: locate(o.node, "spec.versions["+strconv.Itoa(i)+"].name"),
			Served: v.Served, Storage: v.Storage, Deprecated: v.Deprecated, Warning: warning,
		})
	}
	r.Preferred, _ = crd.PreferredVersion(c)
	return r
}

// marks returns "served storage deprecated" with blanks for what v is not,
// aligned.
func (v versionReport) marks() string {
	m := []string{"      ", "       ", "          "}
	if v.Served {
		m[0] = "served"
	}
	if v.Storage {
		m[1] = "storage"
	}
	if v.Deprecated {
		m[2] = "deprecated"
	}
	return strings.TrimRight(strings.Join(m, "  "), " ")
}
