package conversion_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/kubeversion/kubeversion/conversion"
)

// toSchedule renames spec.cronSpec to spec.schedule when converting to v1,
// and back otherwise.
func toSchedule(obj map[string]any, desiredAPIVersion string) (map[string]any, error) {
	spec, ok := obj["spec"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("spec is %T, not an object", obj["spec"])
	}
	from, to := "schedule", "cronSpec"
	if desiredAPIVersion == "stable.example.com/v1" {
		from, to = to, from
	}
	if v, ok := spec[from]; ok {
		spec[to] = v
		delete(spec, from)
	}
	return obj, nil
}

const cronTabReview = `{"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview",
 "request": {"uid": "705ab4f5", "desiredAPIVersion": "stable.example.com/v1", "objects": [
  {"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab", "metadata": {"name": "c"}, "spec": {"cronSpec": "*/5 * * * *"}}]}}`

func ExampleHandler() {
	srv := httptest.NewServer(&conversion.Handler{Convert: toSchedule})
	defer srv.Close()

	resp, _ := http.Post(srv.URL, "application/json", strings.NewReader(cronTabReview))
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(body))

	resp, _ = http.Post(srv.URL, "text/plain", strings.NewReader(cronTabReview))
	body, _ = io.ReadAll(resp.Body)
	fmt.Print(resp.StatusCode, " ", string(body))
	// Output:
	// 200 {"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","response":{"uid":"705ab4f5","convertedObjects":[{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"c"},"spec":{"schedule":"*/5 * * * *"}}],"result":{"status":"Success"}}}
	// 415 conversion: content type is not application/json: "text/plain"
}

func ExampleFunc() {
	var f conversion.Func = toSchedule
	obj, err := f(map[string]any{"spec": map[string]any{"cronSpec": "@daily"}}, "stable.example.com/v1")
	fmt.Println(obj, err)
	_, err = f(map[string]any{"spec": "x"}, "stable.example.com/v1")
	fmt.Println(err)
	// Output:
	// map[spec:map[schedule:@daily]] <nil>
	// spec is string, not an object
}

func ExampleDecodeRequest() {
	review, err := conversion.DecodeRequest([]byte(cronTabReview))
	fmt.Println(review.APIVersion, review.Request.UID, review.Request.DesiredAPIVersion, len(review.Request.Objects), err)

	_, err = conversion.DecodeRequest([]byte(`{"apiVersion": "v1", "kind": "Pod"}`))
	fmt.Println(err)
	// Output:
	// apiextensions.k8s.io/v1 705ab4f5 stable.example.com/v1 1 <nil>
	// conversion: not a ConversionReview: apiVersion is "v1", want apiextensions.k8s.io/v1 or apiextensions.k8s.io/v1beta1
}

func ExampleAnswer() {
	review, _ := conversion.DecodeRequest([]byte(strings.Replace(cronTabReview, `"spec": {`, `"spec": 3, "x": {`, 1)))
	answer := conversion.Answer(review, toSchedule)
	fmt.Printf("%+v\n", *answer.Response)
	// Output:
	// {UID:705ab4f5 ConvertedObjects:[] Result:{Status:Failure Message:request.objects[0]: spec is int64, not an object Reason: Code:0}}
}

func ExampleRestore() {
	original := map[string]any{"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab",
		"metadata": map[string]any{"name": "a", "labels": map[string]any{"x": "1"}}}
	converted := map[string]any{"spec": map[string]any{}, "metadata": map[string]any{"name": "b"}}
	out, _ := json.Marshal(conversion.Restore(original, converted, "stable.example.com/v1"))
	fmt.Println(string(out))
	// Output:
	// {"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"a"},"spec":{}}
}

func ExampleReview() {
	answer := conversion.Review{
		APIVersion: conversion.ReviewV1beta1,
		Kind:       conversion.ReviewKind,
		Response: &conversion.Response{
			UID:    "705ab4f5",
			Result: conversion.Status{Status: conversion.StatusFailure, Message: "cannot convert to v2"},
		},
	}
	out, _ := json.Marshal(answer)
	fmt.Println(string(out))
	// Output:
	// {"apiVersion":"apiextensions.k8s.io/v1beta1","kind":"ConversionReview","response":{"uid":"705ab4f5","convertedObjects":null,"result":{"status":"Failure","message":"cannot convert to v2"}}}
}
