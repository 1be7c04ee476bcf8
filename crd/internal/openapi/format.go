package openapi

import "github.com/kubeversion/kubeversion/crd/internal/strfmt"

// resourceFormat returns what the server's conversion of a custom
// resource's schema leaves of format for a schema of type typ:
// StripUnsupportedFormatsPostProcessorForVersion at the compatibility
// version a 1.37 server builds its validators with (1.36), which keeps
// the formats strfmt.Recognized recognizes, an int-or-string schema
// counting as one of no type, and drops the others. For example,
// resourceFormat("boolean", false, "date") is "" and
// resourceFormat("integer", false, "int32") is "int32".
func resourceFormat(typ string, intOrString bool, format string) string {
	if intOrString {
		typ = ""
	}
	if strfmt.Recognized(typ, format, strfmt.DefaultCompatibility) {
		return format
	}
	return ""
}
