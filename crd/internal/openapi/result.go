package openapi

// result is kube-openapi's validate.Result: the errors in order, each
// message once, and the match count by which anyOf and oneOf choose the
// errors of their best failing branch.
type result struct {
	errs  []Error
	match int
	seen  map[string]bool
}

// add appends e unless an error with the same message is there.
func (r *result) add(e Error) {
	if r.seen == nil {
		r.seen = make(map[string]bool)
	}
	if r.seen[e.Message] {
		return
	}
	r.seen[e.Message] = true
	r.errs = append(r.errs, e)
}

// addIf adds *e unless e is nil.
func (r *result) addIf(e *Error) {
	if e != nil {
		r.add(*e)
	}
}

// merge adds the errors and the match count of each of others (nil ones
// are skipped) to r.
func (r *result) merge(others ...*result) {
	for _, o := range others {
		if o == nil {
			continue
		}
		for _, e := range o.errs {
			r.add(e)
		}
		r.match += o.match
	}
}

// valid reports whether r holds no error; a nil r is valid.
func (r *result) valid() bool {
	return r == nil || len(r.errs) == 0
}

// failed returns a result holding only e, with no matches.
func failed(e Error) *result {
	r := &result{}
	r.add(e)
	return r
}
