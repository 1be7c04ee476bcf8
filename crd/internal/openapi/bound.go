package openapi

import "fmt"

// multipleOfInt is the check of multipleOf factor for an integer.
func multipleOfInt(path string, x, factor int64) *Error {
	if factor <= 0 {
		return &Error{Code: Other, Name: path, Value: factor,
			Message: fmt.Sprintf("factor MultipleOf declared for %s must be positive: %v", path, factor)}
	}
	if x/factor*factor != x {
		return &Error{Code: Other, Name: path, Value: x,
			Message: fmt.Sprintf("%s in body should be a multiple of %v", path, factor)}
	}
	return nil
}

// multipleOfFloat is the check of multipleOf factor for a float.
func multipleOfFloat(path string, x, factor float64) *Error {
	if factor <= 0 {
		return &Error{Code: Other, Name: path, Value: factor,
			Message: fmt.Sprintf("factor MultipleOf declared for %s must be positive: %v", path, factor)}
	}
	var mult float64
	if factor < 1 {
		mult = 1 / factor * x
	} else {
		mult = x / factor
	}
	if !isJSONInteger(mult) {
		return &Error{Code: Other, Name: path, Value: x,
			Message: fmt.Sprintf("%s in body should be a multiple of %v", path, factor)}
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

// boundInt is the check of a maximum (isMax) or minimum for an integer.
func boundInt(path string, x, bound int64, exclusive, isMax bool) *Error {
	var fails bool
	if isMax {
		fails = x > bound || exclusive && x == bound
	} else {
		fails = x < bound || exclusive && x == bound
	}
	if !fails {
		return nil
	}
	return &Error{Code: Other, Name: path, Value: x, Message: boundMessage(path, bound, exclusive, isMax)}
}

// boundFloat is the check of a maximum (isMax) or minimum for a float.
func boundFloat(path string, x, bound float64, exclusive, isMax bool) *Error {
	var fails bool
	if isMax {
		fails = !exclusive && x > bound || exclusive && x >= bound
	} else {
		fails = !exclusive && x < bound || exclusive && x <= bound
	}
	if !fails {
		return nil
	}
	return &Error{Code: Other, Name: path, Value: x, Message: boundMessage(path, bound, exclusive, isMax)}
}
