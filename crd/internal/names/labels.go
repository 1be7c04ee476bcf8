package names

import "strings"

// The label key and value formats of k8s.io/apimachinery's
// validate/content package.
const (
	labelKeyFmt      = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	labelKeyErrMsg   = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	labelValueFmt    = "(" + labelKeyFmt + ")?"
	labelValueErrMsg = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
)

// regexError is content.RegexError, word for word.
func regexError(msg, format string, examples ...string) string {
	msg += " (e.g. "
	for i, e := range examples {
		if i > 0 {
			msg += " or "
		}
		msg += "'" + e + "', "
	}
	return msg + "regex used for validation is '" + format + "')"
}

// QualifiedName returns the messages of content.IsQualifiedName for
// s: an optional DNS-1123 subdomain prefix and '/', and a name of at most
// 63 bytes matching labelKeyFmt.
func QualifiedName(s string) []string {
	var msgs []string
	name := s
	switch parts := strings.Split(s, "/"); len(parts) {
	case 1:
	case 2:
		prefix := parts[0]
		name = parts[1]
		switch {
		case prefix == "":
			msgs = append(msgs, "prefix part must be non-empty")
		default:
			// content.IsDNS1123Subdomain counts bytes, and says so.
			if len(prefix) > 253 {
				msgs = append(msgs, "prefix part must be no more than 253 bytes")
			}
			if !IsDNS1123Subdomain(prefix) {
				msgs = append(msgs, "prefix part "+DNS1123SubdomainMessage)
			}
		}
	default:
		return []string{"a valid label key " + regexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc") +
			" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"}
	}
	if name == "" {
		msgs = append(msgs, "name part must be non-empty")
	} else if len(name) > 63 {
		msgs = append(msgs, "name part must be no more than 63 bytes")
	}
	if !isLabelKeyName(name) {
		msgs = append(msgs, "name part "+regexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc"))
	}
	return msgs
}

// LabelValue returns the messages of content.IsLabelValue for s, or nil
// when it is a valid label value.
func LabelValue(s string) []string {
	var msgs []string
	if len(s) > 63 {
		msgs = append(msgs, "must be no more than 63 bytes")
	}
	if s != "" && !isLabelKeyName(s) {
		msgs = append(msgs, regexError(labelValueErrMsg, labelValueFmt, "MyValue", "my_value", "12345"))
	}
	return msgs
}

// isLabelKeyName matches labelKeyFmt: alphanumeric at both ends, '-', '_'
// and '.' allowed between.
func isLabelKeyName(s string) bool {
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return isLowerOrDigit(c) || 'A' <= c && c <= 'Z'
}
