package crd

import (
	"fmt"
	"math"
	"strconv"
)

// checkNumber is kube-openapi's numberValidator for x, an int64 or a
// float64: whether x fits the type and format of s, then multipleOf,
// minimum and maximum. Each bound is compared in x's own Go type when the
// bound itself fits the type and format, and as a float64 otherwise; an
// integer is thus compared with a bound truncated to an integer, and a
// multipleOf below 1 becomes 0, which "must be positive".
func checkNumber(x any, s *JSONSchemaProps, types []string, path string) *valueResult {
	typ, format := "", ""
	if len(types) == 1 {
		switch types[0] {
		case "integer":
			typ = "integer"
			if s.Format == "int32" || s.Format == "int64" {
				format = s.Format
			}
		case "number":
			typ = "number"
			if s.Format == "float" || s.Format == "double" {
				format = s.Format
			}
		}
	}
	data := asFloat(x)
	res := &valueResult{}
	if e, ok := outOfRange(x, typ, format, "Checked", path); !ok {
		res.add(e)
	}
	var multiple, minimum, maximum valueResult
	if s.MultipleOf != nil {
		f := *s.MultipleOf
		if e, ok := outOfRange(f, typ, format, "MultipleOf", path); !ok {
			multiple.add(e)
			addIf(&multiple, multipleOfFloat(path, data, f))
		} else if i, isInt := x.(int64); isInt {
			addIf(&multiple, multipleOfInt(path, i, int64(f)))
		} else {
			addIf(&multiple, multipleOfFloat(path, data, f))
		}
	}
	if s.Maximum != nil {
		m := *s.Maximum
		if e, ok := outOfRange(m, typ, format, "Maximum boundary", path); !ok {
			maximum.add(e)
			addIf(&maximum, boundFloat(path, data, m, s.ExclusiveMaximum, true))
		} else if i, isInt := x.(int64); isInt {
			addIf(&maximum, boundInt(path, i, int64(m), s.ExclusiveMaximum, true))
		} else {
			addIf(&maximum, boundFloat(path, data, m, s.ExclusiveMaximum, true))
		}
	}
	if s.Minimum != nil {
		m := *s.Minimum
		if e, ok := outOfRange(m, typ, format, "Minimum boundary", path); !ok {
			minimum.add(e)
			addIf(&minimum, boundFloat(path, data, m, s.ExclusiveMinimum, false))
		} else if i, isInt := x.(int64); isInt {
			addIf(&minimum, boundInt(path, i, int64(m), s.ExclusiveMinimum, false))
		} else {
			addIf(&minimum, boundFloat(path, data, m, s.ExclusiveMinimum, false))
		}
	}
	res.merge(&multiple, &minimum, &maximum)
	res.match++
	return res
}

func addIf(r *valueResult, e *valueError) {
	if e != nil {
		r.add(*e)
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
func outOfRange(x any, typ, format, prefix, path string) (valueError, bool) {
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
		return valueError{}, true
	}
	msg := fmt.Sprintf("%s value must be of type %s (default format) in %s", prefix, typ, path)
	if format != "" {
		msg = fmt.Sprintf("%s value must be of type %s with format %s in %s", prefix, typ, format, path)
	}
	return valueError{code: codePlain, msg: msg}, false
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

func multipleOfInt(path string, x, factor int64) *valueError {
	if factor <= 0 {
		return &valueError{code: codeOther, name: path, value: factor,
			msg: fmt.Sprintf("factor MultipleOf declared for %s must be positive: %v", path, factor)}
	}
	if x/factor*factor != x {
		return &valueError{code: codeOther, name: path, value: x,
			msg: fmt.Sprintf("%s in body should be a multiple of %v", path, factor)}
	}
	return nil
}

func multipleOfFloat(path string, x, factor float64) *valueError {
	if factor <= 0 {
		return &valueError{code: codeOther, name: path, value: factor,
			msg: fmt.Sprintf("factor MultipleOf declared for %s must be positive: %v", path, factor)}
	}
	var mult float64
	if factor < 1 {
		mult = 1 / factor * x
	} else {
		mult = x / factor
	}
	if !isJSONInteger(mult) {
		return &valueError{code: codeOther, name: path, value: x,
			msg: fmt.Sprintf("%s in body should be a multiple of %v", path, factor)}
	}
	return nil
}

// boundMessage returns the message of a failed maximum (isMax) or
// minimum.
func boundMessage(path string, bound any, exclusive, isMax bool) string {
	rel := "greater than"
	if isMax {
		rel = "less than"
	}
	if !exclusive {
		rel += " or equal to"
	}
	return fmt.Sprintf("%s in body should be %s %v", path, rel, bound)
}

func boundInt(path string, x, bound int64, exclusive, isMax bool) *valueError {
	var fails bool
	if isMax {
		fails = x > bound || exclusive && x == bound
	} else {
		fails = x < bound || exclusive && x == bound
	}
	if !fails {
		return nil
	}
	return &valueError{code: codeOther, name: path, value: x, msg: boundMessage(path, bound, exclusive, isMax)}
}

func boundFloat(path string, x, bound float64, exclusive, isMax bool) *valueError {
	var fails bool
	if isMax {
		fails = !exclusive && x > bound || exclusive && x >= bound
	} else {
		fails = !exclusive && x < bound || exclusive && x <= bound
	}
	if !fails {
		return nil
	}
	return &valueError{code: codeOther, name: path, value: x, msg: boundMessage(path, bound, exclusive, isMax)}
}
