package jsonvalue

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Unmarshal decodes data as crd.JSON does, the slow path of a [Reader]:
// encoding/json with UseNumber, then strconv.ParseInt for each number, or
// strconv.ParseFloat where ParseInt fails. On data that is not exactly one
// JSON value it returns encoding/json's *json.SyntaxError, as
// json.Unmarshal would (for what follows a value, json.Unmarshal's own,
// which says where); on a number out of float64's range, ParseFloat's
// error.
func Unmarshal(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if len(bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n")) > 0 {
		return nil, json.Unmarshal(data, new(json.RawMessage))
	}
	v, err := convertNumbers(v)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// convertNumbers replaces the json.Numbers in v, in place, by int64 or
// float64 values.
func convertNumbers(v any) (any, error) {
	switch v := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return i, nil
		}
		return strconv.ParseFloat(string(v), 64)
	case []any:
		for i := range v {
			c, err := convertNumbers(v[i])
			if err != nil {
				return nil, err
			}
			v[i] = c
		}
	case map[string]any:
		for k := range v {
			c, err := convertNumbers(v[k])
			if err != nil {
				return nil, err
			}
			v[k] = c
		}
	}
	return v, nil
}
