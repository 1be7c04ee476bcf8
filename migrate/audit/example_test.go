package audit_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"k8s.io/client-go/rest"

	"github.com/kubeversion/kubeversion/migrate/audit"
)

// An API server that answers as a 1.37 cluster with one CRD whose
// objects may still be stored as v1beta1, and refuses /metrics.
func fakeCluster() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/version":
			fmt.Fprint(w, `{"major":"1","minor":"37","gitVersion":"v1.37.2"}`)
		case "/apis/apiextensions.k8s.io/v1/customresourcedefinitions":
			fmt.Fprint(w, `{"kind":"CustomResourceDefinitionList","apiVersion":"apiextensions.k8s.io/v1","metadata":{},"items":[
				{"metadata":{"name":"widgets.example.com"},
				 "spec":{"group":"example.com","names":{"plural":"widgets","kind":"Widget"},"scope":"Namespaced",
				  "versions":[{"name":"v1beta1","served":true,"storage":false},{"name":"v1","served":true,"storage":true}]},
				 "status":{"storedVersions":["v1beta1","v1"]}}]}`)
		case "/metrics":
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"forbidden: User \"viewer\" cannot get path \"/metrics\"","reason":"Forbidden","code":403}`)
		default:
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"the server could not find the requested resource","reason":"NotFound","code":404}`)
		}
	}))
}

func ExampleRun() {
	cluster := fakeCluster()
	defer cluster.Close()
	r, err := audit.Run(context.Background(), &rest.Config{Host: cluster.URL}, audit.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.ServerVersion, "judged for", r.Target)
	for _, f := range r.Findings {
		fmt.Printf("%s %s: %s\n  fix: %s\n", f.Level, f.Check, f.Subject, f.Fix)
	}
	for _, s := range r.Sources {
		fmt.Printf("%s read: %v\n", s.Name, s.Read)
	}
	fmt.Println("breaks:", r.Breaks())
	// Output:
	// v1.37.2 judged for 1.38
	// error storage-migration-needed: customresourcedefinition widgets.example.com
	//   fix: kubeversion migrate widgets.example.com
	// customresourcedefinitions read: true
	// metrics read: false
	// storageversionmigrations read: false
	// helm releases read: false
	// breaks: true
}

func ExampleReport_Breaks() {
	r := &audit.Report{Findings: []audit.Finding{{Check: audit.CheckDeprecatedAPIRequested, Level: audit.Warning}}}
	fmt.Println(r.Breaks())
	r.Findings = append(r.Findings, audit.Finding{Check: audit.CheckRemovedAPIRequested, Level: audit.Error})
	fmt.Println(r.Breaks())
	// Output:
	// false
	// true
}
