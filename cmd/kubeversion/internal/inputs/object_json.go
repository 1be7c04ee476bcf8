package inputs

import "encoding/json"

// JSON returns o as kubectl sends it to the API server: JSON with the
// keys in byte order, as encoding/json's Marshal writes it.
func (o Object) JSON() ([]byte, error) {
	return json.Marshal(o.Fields)
}
