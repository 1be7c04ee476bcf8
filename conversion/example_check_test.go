package conversion_test

import (
	"encoding/json"
	"fmt"

	"github.com/kubeversion/kubeversion/conversion"
	"github.com/kubeversion/kubeversion/crd"
)

// cronTabRequest is what the API server sends to convert one CronTab to v1.
var cronTabRequest = &conversion.Review{
	APIVersion: conversion.ReviewV1,
	Kind:       conversion.ReviewKind,
	Request: &conversion.Request{
		UID:               "705ab4f5",
		DesiredAPIVersion: "stable.example.com/v1",
		Objects: []json.RawMessage{json.RawMessage(
			`{"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab", "metadata": {"name": "c", "uid": "1"}, "spec": {"cronSpec": "@daily"}}`)},
	},
}

func ExampleCheckResponse() {
	// A webhook that renamed the object and forgot to echo the uid.
	answer := `{"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview", "response": {"uid": "",
		"result": {"status": "Success"}, "convertedObjects": [
		{"apiVersion": "stable.example.com/v1", "kind": "CronTab", "metadata": {"name": "d", "uid": "1"}, "spec": {"schedule": "@daily"}}]}}`
	_, err := conversion.CheckResponse(cronTabRequest, []byte(answer), conversion.CheckOptions{})
	fmt.Println(err)

	// After fixing the uid, the renaming.
	answer = `{"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview", "response": {"uid": "705ab4f5",
		"result": {"status": "Success"}, "convertedObjects": [
		{"apiVersion": "stable.example.com/v1", "kind": "CronTab", "metadata": {"name": "d", "uid": "1"}, "spec": {"schedule": "@daily"}}]}}`
	_, err = conversion.CheckResponse(cronTabRequest, []byte(answer), conversion.CheckOptions{})
	fmt.Println(err)
	// Output:
	// conversion webhook for stable.example.com/v1beta1, Kind=CronTab failed: expected response.uid="705ab4f5", got ""
	// conversion webhook for stable.example.com/v1beta1, Kind=CronTab returned invalid object: must have the same name: c != d
}

func ExampleCheckOptions() {
	// The webhook's answer carries a field the v1 schema does not know,
	// and changes metadata.generation, which the server drops.
	answer := `{"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview", "response": {"uid": "705ab4f5",
		"result": {"status": "Success"}, "convertedObjects": [
		{"apiVersion": "stable.example.com/v1", "kind": "CronTab", "metadata": {"name": "c", "uid": "1", "generation": 7},
		 "spec": {"schedule": "@daily", "cronSpec": "@daily"}}]}}`
	opts := conversion.CheckOptions{Schema: &crd.JSONSchemaProps{Type: "object", Properties: map[string]crd.JSONSchemaProps{
		"spec": {Type: "object", Properties: map[string]crd.JSONSchemaProps{"schedule": {Type: "string"}}},
	}}}
	got, err := conversion.CheckResponse(cronTabRequest, []byte(answer), opts)
	fmt.Println(err)
	fmt.Println(got[0].Object)
	fmt.Println(got[0].Pruned)
	// Output:
	// <nil>
	// map[apiVersion:stable.example.com/v1 kind:CronTab metadata:map[name:c uid:1] spec:map[schedule:@daily]]
	// [spec.cronSpec]
}

func ExampleConverted() {
	c := conversion.Converted{
		Object: map[string]any{"apiVersion": "stable.example.com/v1", "kind": "CronTab"},
		Pruned: []string{"spec.cronSpec"},
	}
	fmt.Printf("%s lost %v\n", c.Object["apiVersion"], c.Pruned)
	// Output:
	// stable.example.com/v1 lost [spec.cronSpec]
}
