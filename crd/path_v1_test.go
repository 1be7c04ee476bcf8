package crd

import (
	"slices"
	"strings"
	"testing"
)

// stringV1Path is how kubeversion's locator rewrote the internal paths of
// the API server to v1 ones before V1Path, on the path written out: the
// oracle of TestV1Path. It matched names by their beginning, which no
// path of an error has: V1Path matches whole names.
func stringV1Path(path string) string {
	switch {
	case path == "spec.version":
		return "spec.versions[0].name"
	case strings.HasPrefix(path, "spec.conversion.webhookClientConfig"):
		return "spec.conversion.webhook.clientConfig" + strings.TrimPrefix(path, "spec.conversion.webhookClientConfig")
	case strings.HasPrefix(path, "spec.conversion.conversionReviewVersions"):
		return "spec.conversion.webhook.conversionReviewVersions" + strings.TrimPrefix(path, "spec.conversion.conversionReviewVersions")
	case strings.HasPrefix(path, "spec.validation"):
		return "spec.versions[0].schema" + strings.TrimPrefix(path, "spec.validation")
	}
	for _, shared := range []string{"spec.subresources", "spec.additionalPrinterColumns", "spec.selectableFields"} {
		if strings.HasPrefix(path, shared) {
			return "spec.versions[0]." + strings.TrimPrefix(path, "spec.")
		}
	}
	return path
}

func TestV1Path(t *testing.T) {
	for _, path := range []string{
		"", "spec", "spec.version", "spec.version.x", "spec.versions[0].name", "spec.versions[2].schema.openAPIV3Schema",
		"spec.validation", "spec.validation.openAPIV3Schema.properties[a.b].type",
		"spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule",
		"spec.subresources.scale.specReplicasPath", "spec.additionalPrinterColumns[1].JSONPath",
		"spec.selectableFields[0].jsonPath", "spec.selectableFields",
		"spec.conversion.webhookClientConfig", "spec.conversion.webhookClientConfig.service.name",
		"spec.conversion.conversionReviewVersions[1]", "spec.conversion.strategy", "spec.conversion",
		"spec.schema.openAPIV3Schema", "status.storedVersions[0]", "metadata.annotations[api-approved.kubernetes.io]",
		"[spec].validation", "spec[validation]",
	} {
		want := ParsePath(stringV1Path(path))
		if got := V1Path(ParsePath(path)); !slices.Equal(got, want) {
			t.Errorf("V1Path(%q) = %v, want %v", path, got, want)
		}
	}
}
