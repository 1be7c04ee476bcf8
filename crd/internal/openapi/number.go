package openapi

import (
	"fmt"
	"math"
	"strconv"
)

// checkNumber is kube-openapi's numberValidator for x, an int64 or a
// float64: whether x fits the type and format of nd, then multipleOf,
// minimum and maximum. Each bound is compared in x's own Go type when the
// bound itself fits the type and format, and as a float64 otherwise; an
// integer is thus compared with a bound truncated to an integer, and a
// multipleOf below 1 becomes 0, which "must be positive".
func checkNumber(x any, nd node, path string) *result {
	typ, format := numberType(nd)
	vv := nd.vv
	res := &result{}
	if e, ok := outOfRange(x, typ, format, "Checked", path); !ok {
		res.add(e)
	}
	var multiple, minimum, maximum result
	if vv.MultipleOf != nil {
		checkMultipleOf(&multiple, x, *vv.MultipleOf, typ, format, path)
	}
	if vv.Maximum != nil {
		checkBound(&maximum, x, *vv.Maximum, vv.ExclusiveMaximum, true, typ, format, path)
	}
	if vv.Minimum != nil {
		checkBound(&minimum, x, *vv.Minimum, vv.ExclusiveMinimum, false, typ, format, path)
	}
	res.merge(&multiple, &minimum, &maximum)
	res.match++
	return res
}

// numberType returns the type and format by which numberValidator reads
// the bounds of nd: integer with int32 or int64, number with float or
// double, or "" for a schema of another type or of none.
func numberType(nd node) (typ, format string) {
	f := nd.format
	switch nd.typ {
	case "integer":
		if f == "int32" || f == "int64" {
			return "integer", f
		}
		return "integer", ""
	case "number":
		if f == "float" || f == "double" {
			return "number", f
		}
		return "number", ""
	}
	return "", ""
}

// checkMultipleOf adds to r what multipleOf factor finds in x.
func checkMultipleOf(r *result, x any, factor float64, typ, format, path string) {
	if e, ok := outOfRange(factor, typ, format, "MultipleOf", path); !ok {
		r.add(e)
		r.addIf(multipleOfFloat(path, asFloat(x), factor))
	} else if i, isInt := x.(int64); isInt {
		r.addIf(multipleOfInt(path, i, int64(factor)))
	} else {
		r.addIf(multipleOfFloat(path, asFloat(x), factor))
	}
}

// checkBound adds to r what the maximum (isMax) or minimum bound finds
// in x.
func checkBound(r *result, x any, bound float64, exclusive, isMax bool, typ, format, path string) {
	prefix := "Minimum boundary"
	if isMax {
		prefix = "Maximum boundary"
	}
	if e, ok := outOfRange(bound, typ, format, prefix, path); !ok {
		r.add(e)
		r.addIf(boundFloat(path, asFloat(x), bound, exclusive, isMax))
	} else if i, isInt := x.(int64); isInt {
		r.addIf(boundInt(path, i, int64(bound), exclusive, isMax))
	} else {
		r.addIf(boundFloat(path, asFloat(x), bound, exclusive, isMax))
	}
}

func asFloat(x any) float64 {
	switch x := x.(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// outOfRange is IsValueValidAgainstRange: whether x, written in decimal
// without exponent, parses as the type and format.
func outOfRange(x any, typ, format, prefix, path string) (Error, bool) {
	var rep string
	switch x := x.(type) {
	case int64:
		rep = strconv.FormatInt(x, 10)
	case float64:
		rep = strconv.FormatFloat(x, 'f', -1, 64)
	}
	var err error
	switch typ {
	case "integer":
		bits := 64
		if format == "int32" {
			bits = 32
		}
		_, err = strconv.ParseInt(rep, 10, bits)
	default:
		if format == "float" {
			_, err = strconv.ParseFloat(rep, 32)
		}
	}
	if err == nil {
		return Error{}, true
	}
	msg := fmt.Sprintf("%s value must be of type %s (default format) in %s", prefix, typ, path)
	if format != "" {
		msg = fmt.Sprintf("%s value must be of type %s with format %s in %s", prefix, typ, format, path)
	}
	return Error{Code: Plain, Message: msg}, false
}

// isJSONInteger is swag.IsFloat64AJSONInteger.
func isJSONInteger(f float64) bool {
	const maxJSON = float64(1<<53 - 1)
	if math.IsNaN(f) || math.IsInf(f, 0) || f < -maxJSON || f > maxJSON {
		return false
	}
	rounded := math.Round(f)
	if f == rounded {
		return true
	}
	if rounded == 0 {
		return false
	}
	diff := math.Abs(f - rounded)
	return diff == 0 || diff < 1e-9*math.Abs(rounded)
}
