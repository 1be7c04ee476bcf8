package conversion_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/kubeversion/kubeversion/conversion"
)

func ExampleRequest() {
	var review conversion.Review
	_ = json.Unmarshal([]byte(cronTabReview), &review)
	req := review.Request
	fmt.Println(req.UID, req.DesiredAPIVersion)
	fmt.Println(string(req.Objects[0]))
	// Output:
	// 705ab4f5 stable.example.com/v1
	// {"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab", "metadata": {"name": "c"}, "spec": {"cronSpec": "*/5 * * * *"}}
}

func ExampleResponse() {
	resp := conversion.Response{
		UID:              "705ab4f5",
		ConvertedObjects: []json.RawMessage{json.RawMessage(`{"apiVersion":"stable.example.com/v1","kind":"CronTab"}`)},
		Result:           conversion.Status{Status: conversion.StatusSuccess},
	}
	out, _ := json.Marshal(resp)
	fmt.Println(string(out))
	// Output:
	// {"uid":"705ab4f5","convertedObjects":[{"apiVersion":"stable.example.com/v1","kind":"CronTab"}],"result":{"status":"Success"}}
}

func ExampleStatus() {
	out, _ := json.Marshal(conversion.Status{Status: conversion.StatusFailure, Message: "spec.cronSpec: not a string", Code: 422})
	fmt.Println(string(out))
	// Output:
	// {"status":"Failure","message":"spec.cronSpec: not a string","code":422}
}

func ExampleErrInvalidReview() {
	h := &conversion.Handler{Convert: toSchedule, MaxBodyBytes: 100}
	for _, tc := range []struct{ method, contentType, body string }{
		{"GET", "application/json", ""},
		{"POST", "text/yaml", ""},
		{"POST", "application/json", strings.Repeat(" ", 101)},
		{"POST", "application/json", `{"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview"}`},
	} {
		r := httptest.NewRequest(tc.method, "/", strings.NewReader(tc.body))
		r.Header.Set("Content-Type", tc.contentType)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		fmt.Print(w.Code, " ", w.Body)
	}
	_, err := conversion.DecodeRequest([]byte(`{"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview"}`))
	fmt.Println(errors.Is(err, conversion.ErrInvalidReview), errors.Is(err, conversion.ErrMethod))
	// Output:
	// 405 conversion: method not allowed, use POST, not GET
	// 415 conversion: content type is not application/json: "text/yaml"
	// 413 conversion: body too large: over 100 bytes
	// 400 conversion: not a ConversionReview: no request
	// true false
}

func ExampleHandler_ServeHTTP() {
	h := &conversion.Handler{Convert: toSchedule}
	r := httptest.NewRequest("POST", "/convert", strings.NewReader(strings.Replace(cronTabReview, conversion.ReviewV1, conversion.ReviewV1beta1, 1)))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var answer conversion.Review
	_ = json.Unmarshal(w.Body.Bytes(), &answer)
	fmt.Println(w.Code, answer.APIVersion, answer.Response.UID, answer.Response.Result.Status)
	// Output:
	// 200 apiextensions.k8s.io/v1beta1 705ab4f5 Success
}

func ExampleDefaultMaxBodyBytes() {
	fmt.Println(conversion.DefaultMaxBodyBytes)
	// Output:
	// 3145728
}
