package validation

import "github.com/kubeversion/kubeversion/crd/internal/field"

// The paths that the checks pass down on every CRD, built once, since
// building them on each call would allocate where nothing fails. Paths
// are never changed: below them, each check builds its own.
var (
	specPath         = field.NewPath("spec")
	namesPath        = specPath.Child("names")
	acceptedNamePath = field.NewPath("status", "acceptedNames")

	// What the server's conversion hoists to the top level of its
	// internal type, where it validates it.
	validationSchemaPath = specPath.Child("validation").Child("openAPIV3Schema")
	subresourcesPath     = specPath.Child("subresources")
	columnsPath          = specPath.Child("additionalPrinterColumns")
	selectableFieldsPath = specPath.Child("selectableFields")
	// The server reports a top-level schema that it cannot convert at
	// this path, which does not exist.
	unconvertedSchemaPath = specPath.Child("schema").Child("openAPIV3Schema")

	// Conversion errors use the paths of the API server's internal type,
	// where webhook.clientConfig and webhook.conversionReviewVersions sit
	// directly under spec.conversion.
	strategyPath       = specPath.Child("conversion").Child("strategy")
	clientConfigPath   = specPath.Child("conversion").Child("webhookClientConfig")
	reviewVersionsPath = specPath.Child("conversion").Child("conversionReviewVersions")
)
