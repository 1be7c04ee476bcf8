package object

import "errors"

// ErrOld is wrapped by the error of Validate when the old object cannot be
// decoded or converted to the version of the new one: a fault of the live
// object, not of the new.
var ErrOld = errors.New("old")
