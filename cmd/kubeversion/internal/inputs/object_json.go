package inputs

import "github.com/kubeversion/kubeversion/internal/jsonvalue"

// json returns o as kubectl sends it to the API server: JSON with the keys
// in byte order, byte for byte what encoding/json's Marshal writes,
// without reflection (see package jsonvalue).
func (o Object) JSON() ([]byte, error) {
	var w jsonvalue.Writer
	return w.Append(make([]byte, 0, 4096), o.Fields)
}
