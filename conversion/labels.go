package conversion

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// The messages of k8s.io/apimachinery/pkg/api/validate/content, word for
// word, and their patterns.
const (
	labelKeyFmt       = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	labelKeyErrMsg    = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	labelValueFmt     = "(" + labelKeyFmt + ")?"
	labelValueErrMsg  = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	subdomainFmt      = `[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*`
	subdomainErrMsg   = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
	annotationsLimitB = 256 << 10
)

// regexError is content.RegexError.
func regexError(msg, re string, examples ...string) string {
	msg += " (e.g. "
	for i, e := range examples {
		if i > 0 {
			msg += " or "
		}
		msg += "'" + e + "', "
	}
	return msg + "regex used for validation is '" + re + "')"
}

// labelKeyErrors is content.IsLabelKey (IsQualifiedName): an optional
// DNS-1123 subdomain prefix and '/', then a name of at most 63 bytes.
func labelKeyErrors(key string) []string {
	var msgs []string
	parts := strings.Split(key, "/")
	name := parts[0]
	switch len(parts) {
	case 1:
	case 2:
		prefix := parts[0]
		name = parts[1]
		if prefix == "" {
			msgs = append(msgs, "prefix part must be non-empty")
			break
		}
		if len(prefix) > 253 {
			msgs = append(msgs, "prefix part must be no more than 253 bytes")
		}
		if !isSubdomain(prefix) {
			msgs = append(msgs, "prefix part "+regexError(subdomainErrMsg, subdomainFmt, "example.com"))
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
	if !isLabelValue(name) || name == "" {
		msgs = append(msgs, "name part "+regexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc"))
	}
	return msgs
}

// labelValueErrors is content.IsLabelValue.
func labelValueErrors(v string) []string {
	var msgs []string
	if len(v) > 63 {
		msgs = append(msgs, "must be no more than 63 bytes")
	}
	if !isLabelValue(v) {
		msgs = append(msgs, regexError(labelValueErrMsg, labelValueFmt, "MyValue", "my_value", "12345"))
	}
	return msgs
}

// isLabelValue matches (([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?.
func isLabelValue(s string) bool {
	if s == "" {
		return true
	}
	if !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// isSubdomain matches dot-separated labels [a-z0-9]([-a-z0-9]*[a-z0-9])?.
func isSubdomain(s string) bool {
	for label := range strings.SplitSeq(s, ".") {
		if label == "" || !isLowerAlnum(label[0]) || !isLowerAlnum(label[len(label)-1]) {
			return false
		}
		for i := range len(label) {
			if c := label[i]; !isLowerAlnum(c) && c != '-' {
				return false
			}
		}
	}
	return true
}

func isLowerAlnum(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }
func isAlnum(c byte) bool      { return isLowerAlnum(c) || 'A' <= c && c <= 'Z' }

// labelsErrors is metav1validation.ValidateLabels at metadata.labels, as
// printed field errors, with keys in sorted order.
func labelsErrors(m map[string]string) []string {
	var errs []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		for _, msg := range labelKeyErrors(k) {
			errs = append(errs, invalidValue("metadata.labels", k, msg))
		}
		for _, msg := range labelValueErrors(m[k]) {
			errs = append(errs, invalidValue("metadata.labels", m[k], msg))
		}
	}
	return errs
}

// annotationsErrors is apivalidation.ValidateAnnotations with the field
// path the conversion code gives it, metadata.annotation (sic), with keys
// in sorted order. Keys are checked in lower case.
func annotationsErrors(m map[string]string) []string {
	var errs []string
	size := 0
	for _, k := range slices.Sorted(maps.Keys(m)) {
		for _, msg := range labelKeyErrors(strings.ToLower(k)) {
			errs = append(errs, invalidValue("metadata.annotation", k, msg))
		}
		size += len(k) + len(m[k])
	}
	if size > annotationsLimitB {
		errs = append(errs, fmt.Sprintf("metadata.annotation: Too long: may not be more than %d bytes", annotationsLimitB))
	}
	return errs
}

// invalidValue prints a field.Invalid error with a string value.
func invalidValue(field, value, detail string) string {
	return fmt.Sprintf("%s: Invalid value: %q: %s", field, value, detail)
}

// aggregate joins messages as an apimachinery ErrorList.ToAggregate()
// prints them: duplicates dropped, one message as it is, several as
// "[a, b]".
func aggregate(msgs []string) string {
	var uniq []string
	seen := make(map[string]bool, len(msgs))
	for _, m := range msgs {
		if !seen[m] {
			seen[m] = true
			uniq = append(uniq, m)
		}
	}
	if len(uniq) == 1 {
		return uniq[0]
	}
	return "[" + strings.Join(uniq, ", ") + "]"
}
