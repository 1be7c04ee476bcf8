package inputs

// StdinTwice reports whether standard input, "-", is given more than once
// among old (--old) and the paths: the second reader would find it empty,
// and nothing would be checked.
func StdinTwice(old, paths []string) bool {
	n := 0
	for _, p := range append(append([]string{}, old...), paths...) {
		if p == "-" {
			n++
		}
	}
	return n > 1
}
