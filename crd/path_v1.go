package crd

// V1Path returns the steps of the field that path, the path of an error
// of [ValidateCreate] or [ValidateUpdate], names in the
// apiextensions.k8s.io/v1 document. The API server validates its internal
// form of a CRD and reports some errors at the paths of that form (see
// the package doc), which V1Path moves to where the field is in v1:
//
//   - spec.version is spec.versions[0].name;
//   - spec.validation, spec.subresources, spec.additionalPrinterColumns
//     and spec.selectableFields, kept once for every version, are found
//     in the first version: spec.versions[0].schema,
//     spec.versions[0].subresources and so on;
//   - spec.conversion.webhookClientConfig and
//     spec.conversion.conversionReviewVersions are under
//     spec.conversion.webhook, the first as clientConfig.
//
// The steps below these fields stay as they are; any other path is
// returned as it is. The result does not share path's memory when it
// differs.
func V1Path(path []PathStep) []PathStep {
	if len(path) < 2 || !isName(path[0], "spec") || path[1].Kind != StepName {
		return path
	}
	var head []PathStep
	rest := path[2:]
	switch name := path[1].Name; name {
	case "version":
		if len(path) != 2 {
			return path
		}
		head = firstVersion("name")
	case "validation":
		head = firstVersion("schema")
	case "subresources", "additionalPrinterColumns", "selectableFields":
		head = firstVersion(name)
	case "conversion":
		if len(path) < 3 || path[2].Kind != StepName {
			return path
		}
		switch path[2].Name {
		case "webhookClientConfig":
			head = webhookField("clientConfig")
		case "conversionReviewVersions":
			head = webhookField("conversionReviewVersions")
		default:
			return path
		}
		rest = path[3:]
	default:
		return path
	}
	return append(head, rest...)
}

// isName reports whether s is the field name.
func isName(s PathStep, name string) bool {
	return s.Kind == StepName && s.Name == name
}

// firstVersion returns the steps of the field name of the first version:
// spec.versions[0].<name>.
func firstVersion(name string) []PathStep {
	return []PathStep{{Name: "spec"}, {Name: "versions"}, {Kind: StepIndex, Index: 0}, {Name: name}}
}

// webhookField returns the steps of the field name of the conversion
// webhook: spec.conversion.webhook.<name>.
func webhookField(name string) []PathStep {
	return []PathStep{{Name: "spec"}, {Name: "conversion"}, {Name: "webhook"}, {Name: name}}
}
