package openapi

import "strings"

// resourceFormats are the string formats the API server keeps in the
// schema of a custom resource, by their names without dashes: those of
// StripUnsupportedFormatsPostProcessorForVersion at the compatibility
// version a 1.37 server builds its validators with (1.36), that is the
// formats of Kubernetes 1.0 and the two names of 1.34. They are exactly
// the formats package strfmt checks.
var resourceFormats = map[string]bool{
	"bsonobjectid": true, "uri": true, "email": true, "hostname": true,
	"ipv4": true, "ipv6": true, "cidr": true, "mac": true,
	"uuid": true, "uuid3": true, "uuid4": true, "uuid5": true,
	"isbn": true, "isbn10": true, "isbn13": true, "creditcard": true,
	"ssn": true, "hexcolor": true, "rgbcolor": true, "byte": true,
	"password": true, "date": true, "duration": true, "datetime": true,
	// Since 1.34.
	"k8sshortname": true, "k8slongname": true,
}

// resourceFormat returns what the server's conversion of a custom
// resource's schema leaves of format for a schema of type typ: a string
// format for a schema of type string, of no type, or of the two types of
// int-or-string (names match without dashes, "date-time" is kept as it
// is); int32 or int64 for an integer; float or double for a number; and
// "" otherwise. For example, resourceFormat("boolean", false, "date") is
// "" and resourceFormat("integer", false, "int32") is "int32".
func resourceFormat(typ string, intOrString bool, format string) string {
	if intOrString {
		typ = ""
	}
	keep := false
	switch typ {
	case "", "string":
		keep = resourceFormats[strings.ReplaceAll(format, "-", "")]
	case "integer":
		keep = format == "int32" || format == "int64"
	case "number":
		keep = format == "float" || format == "double"
	}
	if keep {
		return format
	}
	return ""
}
