package conversion

import (
	"errors"
	"net/http"
)

// The reasons a [Handler] refuses a request, with the HTTP status it
// answers. Test for them with errors.Is; the error also says what exactly
// was wrong, for example
//
//	conversion: not a ConversionReview: request.objects[1] is an array, not an object
var (
	ErrMethod        = errors.New("conversion: method not allowed, use POST")         // 405
	ErrContentType   = errors.New("conversion: content type is not application/json") // 415
	ErrBodyTooLarge  = errors.New("conversion: body too large")                       // 413
	ErrInvalidReview = errors.New("conversion: not a ConversionReview")               // 400
)

// statusCode returns the HTTP status a Handler answers err with.
func statusCode(err error) int {
	switch {
	case errors.Is(err, ErrMethod):
		return http.StatusMethodNotAllowed
	case errors.Is(err, ErrContentType):
		return http.StatusUnsupportedMediaType
	case errors.Is(err, ErrBodyTooLarge):
		return http.StatusRequestEntityTooLarge
	}
	return http.StatusBadRequest
}
