package blockyaml

import (
	"strconv"
	"strings"
)

// resolve returns the value of a plain scalar as go.yaml.in/yaml/v2
// resolves it (YAML 1.1) and kubectl then decodes it from JSON: null, a
// boolean, an int64, or a string. ok is false for what Read leaves to the
// slow path: floats, infinities, NaN, integers in other bases, with signs
// or underscores or past 18 digits, timestamps and merge keys. For
// example, resolve("on") is true, resolve("12") is int64(12),
// resolve("0.85.0") is "0.85.0", and resolve("1.5") is not ok.
func resolve(s string) (v any, ok bool) {
	switch s {
	case "", "~", "null", "Null", "NULL":
		return nil, true
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return true, true
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return false, true
	case "<<", ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF":
		return nil, false
	}
	switch c := s[0]; {
	case c == '.':
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return nil, false
		}
	case c == '+' || c == '-' || c >= '0' && c <= '9':
		if n, ok := decimal(s); ok {
			return n, true
		}
		if numeric(s) {
			return nil, false
		}
	}
	return s, true
}

// decimal reads s as a decimal integer of at most 18 digits, with an
// optional "-" and no leading zero.
func decimal(s string) (int64, bool) {
	digits := s
	if digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 || digits[0] == '0' && len(digits) > 1 {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// numeric reports whether go.yaml.in/yaml/v2 reads the plain scalar s,
// which starts with a sign or a digit, as anything but a string: a
// timestamp (or what may be one), an integer in any base, a float.
func numeric(s string) bool {
	if digits := len(s) - len(strings.TrimLeft(s, "0123456789")); digits == 4 && len(s) > 4 && s[4] == '-' {
		return true // perhaps a timestamp
	}
	plain := strings.ReplaceAll(s, "_", "")
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return true
	}
	if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return true
	}
	if yamlFloat(plain) {
		if _, err := strconv.ParseFloat(plain, 64); err == nil {
			return true
		}
	}
	for _, prefix := range []string{"0b", "-0b"} {
		if strings.HasPrefix(plain, prefix) {
			if _, err := strconv.ParseInt(plain[len(prefix):], 2, 64); err == nil {
				return true
			}
			if _, err := strconv.ParseUint(plain[len(prefix):], 2, 64); err == nil {
				return true
			}
		}
	}
	return false
}

// yamlFloat reports whether s matches go.yaml.in/yaml/v2's
// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$.
func yamlFloat(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	digits := func() int {
		n := len(s) - len(strings.TrimLeft(s, "0123456789"))
		s = s[n:]
		return n
	}
	if s != "" && s[0] == '.' {
		s = s[1:]
		if digits() == 0 {
			return false
		}
	} else {
		if digits() == 0 {
			return false
		}
		if s != "" && s[0] == '.' {
			s = s[1:]
			digits()
		}
	}
	if s != "" && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s != "" && (s[0] == '-' || s[0] == '+') {
			s = s[1:]
		}
		if digits() == 0 {
			return false
		}
	}
	return s == ""
}
