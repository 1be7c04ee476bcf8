package strfmt

import "strings"

// DefaultCompatibility is the minor release of the compatibility version
// a Kubernetes 1.37 API server judges CRD schemas' formats at by default,
// 1.36: environment.DefaultCompatibilityVersion, the binary version's
// MinCompatibilityVersion, which is the binary version less one minor.
const DefaultCompatibility = 36

// supportedSince is apiextensions-apiserver's supportedVersionedFormats
// (pkg/apiserver/validation/formats.go): each string format a CRD schema
// may name, without dashes as the server normalizes it, and the minor
// release of Kubernetes 1 that introduced it.
var supportedSince = map[string]int{
	"bsonobjectid": 0, "uri": 0, "email": 0, "hostname": 0,
	"ipv4": 0, "ipv6": 0, "cidr": 0, "mac": 0,
	"uuid": 0, "uuid3": 0, "uuid4": 0, "uuid5": 0,
	"isbn": 0, "isbn10": 0, "isbn13": 0, "creditcard": 0,
	"ssn": 0, "hexcolor": 0, "rgbcolor": 0, "byte": 0,
	"password": 0, "date": 0, "duration": 0, "datetime": 0,
	"k8sshortname": 34, "k8slongname": 34,
}

// Recognized reports whether the API server, at compatibility version
// 1.minor, recognizes format in a CRD schema of type typ, as
// GetUnrecognizedFormats and StripUnsupportedFormatsPostProcessorForVersion
// decide it: for a string or a schema of no type, a string format of its
// release (names match without dashes, case-sensitively); for an integer,
// int32 or int64; for a number, float or double; for any other type, none.
// An empty format is recognized: it is no format. For example,
// Recognized("string", "date-time", 36) and Recognized("integer",
// "int64", 36) are true, Recognized("string", "int64", 36) and
// Recognized("string", "k8s-short-name", 33) are false.
func Recognized(typ, format string, minor int) bool {
	if format == "" {
		return true
	}
	switch typ {
	case "", "string":
		since, ok := supportedSince[strings.ReplaceAll(format, "-", "")]
		return ok && minor >= since
	case "integer":
		return format == "int32" || format == "int64"
	case "number":
		return format == "float" || format == "double"
	}
	return false
}
