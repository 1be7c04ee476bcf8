package format

import (
	"encoding/json"
	"io"
)

// WriteJSON writes v to w as one JSON document, indented by two spaces
// and ended by a newline, as every JSON output of the command is: rules
// and messages keep their <, > and & as written, not escaped for HTML.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
