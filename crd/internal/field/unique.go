package field

// Unique drops, in place, each element of list whose message repeats the
// message of an earlier one, as the API server's error aggregates do, and
// returns the shortened list. For example, errors with the messages a, b,
// a, c become a, b, c.
func Unique[E any](list []E, message func(E) string) []E {
	if len(list) < 2 {
		return list
	}
	seen := make(map[string]bool, len(list))
	out := list[:0]
	for _, e := range list {
		if m := message(e); !seen[m] {
			seen[m] = true
			out = append(out, e)
		}
	}
	clear(list[len(out):])
	return out
}
