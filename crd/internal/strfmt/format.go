package strfmt

import (
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// formats are the string formats of kube-openapi's default registry
// (k8s.io/kube-openapi/pkg/validation/strfmt), the formats the API server
// checks in defaults, by their names without dashes.
var formats = map[string]func(string) bool{
	"bsonobjectid": isBSONObjectID,
	"byte":         func(s string) bool { return rxBase64().MatchString(s) },
	"cidr":         isCIDR,
	"creditcard":   isCreditCard,
	"date":         isDate,
	"datetime":     isDateTime,
	"duration":     isDuration,
	"email":        isEmail,
	"hexcolor":     func(s string) bool { return rxHexcolor().MatchString(s) },
	"hostname":     isHostname,
	"ipv4":         isIPv4,
	"ipv6":         isIPv6,
	"isbn":         func(s string) bool { return isISBN(s, 10) || isISBN(s, 13) },
	"isbn10":       func(s string) bool { return isISBN(s, 10) },
	"isbn13":       func(s string) bool { return isISBN(s, 13) },
	"k8slongname":  isLongName,
	"k8sshortname": isShortName,
	"mac":          isMAC,
	"password":     func(string) bool { return true },
	"rgbcolor":     func(s string) bool { return rxRGBcolor().MatchString(s) },
	"ssn":          func(s string) bool { return len(s) == 11 && rxSSN().MatchString(s) },
	"uri":          isRequestURI,
	"uuid":         func(s string) bool { return rxUUID().MatchString(s) },
	"uuid3":        func(s string) bool { return rxUUID3().MatchString(s) },
	"uuid4":        func(s string) bool { return rxUUID4().MatchString(s) },
	"uuid5":        func(s string) bool { return rxUUID5().MatchString(s) },
}

// Known reports whether the registry knows the format name, which,
// as in kube-openapi, matches with its dashes removed: "date-time" is
// "datetime", and so is "d-a-t-e-t-i-m-e".
func Known(name string) bool {
	_, ok := formats[strings.ReplaceAll(name, "-", "")]
	return ok
}

// Valid reports whether s is valid in the known format name.
func Valid(name, s string) bool {
	f, ok := formats[strings.ReplaceAll(name, "-", "")]
	return ok && f(s)
}

// The expressions of the formats, compiled on first use (see lazyRegexp).
var (
	rxHostname = lazyRegexp(`^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$`)
	rxUUID     = lazyRegexp(`(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$`)
	rxUUID3    = lazyRegexp(`(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$`)
	rxUUID4    = lazyRegexp(`(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$`)
	rxUUID5    = lazyRegexp(`(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$`)
	rxDateTime = lazyRegexp(`^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$`)
	rxDuration = lazyRegexp(`((\d+)\s*([A-Za-zµ]+))`)
	rxShort    = lazyRegexp(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)
	rxLong     = lazyRegexp(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)

	rxCreditCard = lazyRegexp(`^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$`)
	rxISBN10     = lazyRegexp(`^(?:[0-9]{9}X|[0-9]{10})$`)
	rxISBN13     = lazyRegexp(`^(?:[0-9]{13})$`)
	rxHexcolor   = lazyRegexp(`^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)
	rxRGBcolor   = lazyRegexp(`^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$`)
	rxBase64     = lazyRegexp(`^(?:[A-Za-z0-9+\/]{4})*(?:[A-Za-z0-9+\/]{2}==|[A-Za-z0-9+\/]{3}=|[A-Za-z0-9+\/]{4})$`)
	rxSSN        = lazyRegexp(`^\d{3}[- ]?\d{2}[- ]?\d{4}$`)
	rxNotNumber  = lazyRegexp(`[^0-9]+`)
	rxSpaceMinus = lazyRegexp(`[\s-]+`)
)

// lazyRegexp returns a function that compiles expr the first time it is
// called and returns the same Regexp ever after. Compiled at start-up, the
// expressions of the formats would cost every program that imports crd
// half a megabyte and a millisecond, whether it checks a format or not.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

func isBSONObjectID(s string) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == 12
}

func isDate(s string) bool {
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}

// isDateTime is strfmt.IsDateTime: a date, a "t" in any case, and a time
// checked by pattern, not by parsing.
func isDateTime(s string) bool {
	if len(s) < 4 {
		return false
	}
	parts := strings.Split(strings.ToLower(s), "t")
	if len(parts) < 2 || !isDate(parts[0]) {
		return false
	}
	m := rxDateTime().FindStringSubmatch(parts[1])
	if m == nil {
		return false
	}
	return m[1] <= "23" && m[2] <= "59" && m[3] <= "59"
}

// durationUnits are strfmt's units: a unit matches its first variants
// exactly (in any case) and its last one as a prefix.
var durationUnits = [][]string{
	{"ns", "nano"},
	{"us", "µs", "micro"},
	{"ms", "milli"},
	{"s", "sec"},
	{"m", "min"},
	{"h", "hr", "hour"},
	{"d", "day"},
	{"w", "wk", "week"},
}

// isDuration is strfmt.IsDuration: Go's durations, or numbers with units
// as Scala writes them ("3 days").
func isDuration(s string) bool {
	if _, err := time.ParseDuration(s); err == nil {
		return true
	}
	ok := false
	for _, m := range rxDuration().FindAllStringSubmatch(s, -1) {
		if _, err := strconv.Atoi(m[2]); err != nil {
			return false
		}
		unit := strings.ToLower(strings.TrimSpace(m[3]))
		for _, variants := range durationUnits {
			last := len(variants) - 1
			for i, v := range variants {
				if i == last && strings.HasPrefix(unit, v) || strings.EqualFold(v, unit) {
					ok = true
				}
			}
		}
	}
	return ok
}

func isShortName(s string) bool { return len(s) <= 63 && rxShort().MatchString(s) }

func isLongName(s string) bool { return len(s) <= 253 && rxLong().MatchString(s) }

// isCreditCard is govalidator.IsCreditCard: the digits of s match a card
// pattern and pass the Luhn check.
func isCreditCard(s string) bool {
	digits := rxNotNumber().ReplaceAllString(s, "")
	if !rxCreditCard().MatchString(digits) {
		return false
	}
	sum, double := 0, false
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if double {
			d *= 2
			if d >= 10 {
				d = d%10 + 1
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

// isISBN is govalidator.IsISBN for version 10 or 13.
func isISBN(s string, version int) bool {
	s = rxSpaceMinus().ReplaceAllString(s, "")
	sum := 0
	if version == 10 {
		if !rxISBN10().MatchString(s) {
			return false
		}
		for i := range 9 {
			sum += (i + 1) * int(s[i]-'0')
		}
		if s[9] == 'X' {
			sum += 100
		} else {
			sum += 10 * int(s[9]-'0')
		}
		return sum%11 == 0
	}
	if !rxISBN13().MatchString(s) {
		return false
	}
	for i := range 12 {
		sum += []int{1, 3}[i%2] * int(s[i]-'0')
	}
	return int(s[12]-'0')-((10-sum%10)%10) == 0
}
