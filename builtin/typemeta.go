package builtin

// readTypeMeta reads apiVersion and kind from object as encoding/json
// reads them into metav1.TypeMeta, as the API server's serializer does
// (json.DefaultMetaFactory), in one pass without allocating but for the
// two strings: that reading took a twentieth of a create. ok is false
// for JSON text that is not valid, or whose reading it leaves to
// encoding/json: a top level that is not an object; a key at the top
// level with an escape or a byte outside ASCII, which encoding/json
// matches by Unicode folding ("\u212Aind" is kind); and a value of
// either field that is not null or a string of ASCII without escapes.
// It never says ok where encoding/json finds an error.
func readTypeMeta(object []byte) (apiVersion, kind string, ok bool) {
	s := jsonScan{b: object}
	s.space()
	if !s.next('{') {
		return "", "", false
	}
	s.space()
	if !s.next('}') {
		for {
			key, plain, valid := s.str()
			if !valid || !plain {
				return "", "", false
			}
			s.space()
			if !s.next(':') {
				return "", "", false
			}
			s.space()
			field := (*string)(nil)
			switch {
			case foldsTo(key, "apiVersion"):
				field = &apiVersion
			case foldsTo(key, "kind"):
				field = &kind
			}
			switch {
			case field == nil:
				if !s.value(1) {
					return "", "", false
				}
			case s.peek() == '"':
				v, plain, valid := s.str()
				if !valid || !plain {
					return "", "", false
				}
				*field = string(v)
			case !s.literal("null"): // null leaves the field as it was
				return "", "", false
			}
			s.space()
			if s.next('}') {
				break
			}
			if !s.next(',') {
				return "", "", false
			}
			s.space()
		}
	}
	s.space()
	return apiVersion, kind, s.i == len(s.b)
}

// foldsTo reports whether key, of ASCII, equals name but for the case of
// its letters.
func foldsTo(key []byte, name string) bool {
	if len(key) != len(name) {
		return false
	}
	for i := range len(key) {
		a, b := key[i], name[i]
		if a|0x20 != b|0x20 || (a|0x20 < 'a' || a|0x20 > 'z') && a != b {
			return false
		}
	}
	return true
}

// jsonScan checks JSON text as encoding/json's scanner does, from i.
type jsonScan struct {
	b []byte
	i int
}

// maxDepth bounds the nesting jsonScan checks; deeper text is left to
// encoding/json (whose bound is 10,000).
const maxDepth = 1000

func (s *jsonScan) peek() byte {
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

// next steps over c if it is next.
func (s *jsonScan) next(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *jsonScan) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *jsonScan) literal(word string) bool {
	if len(s.b)-s.i >= len(word) && string(s.b[s.i:s.i+len(word)]) == word {
		s.i += len(word)
		return true
	}
	return false
}

// str steps over a string and returns its bytes between the quotes;
// plain says they hold no escape and only ASCII, so they are its value.
func (s *jsonScan) str() (text []byte, plain, valid bool) {
	if !s.next('"') {
		return nil, false, false
	}
	start, plain := s.i, true
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return s.b[start : s.i-1], plain, true
		case c < 0x20:
			return nil, false, false
		case c == '\\':
			plain = false
			s.i++
			switch s.peek() {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i++
			case 'u':
				s.i++
				for range 4 {
					if !isHex(s.peek()) {
						return nil, false, false
					}
					s.i++
				}
			default:
				return nil, false, false
			}
		default:
			if c >= 0x80 {
				plain = false
			}
			s.i++
		}
	}
	return nil, false, false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// value steps over one value at nesting depth.
func (s *jsonScan) value(depth int) bool {
	switch c := s.peek(); {
	case c == '{' || c == '[':
		if depth > maxDepth {
			return false
		}
		s.i++
		s.space()
		end := byte(']')
		if c == '{' {
			end = '}'
		}
		if s.next(end) {
			return true
		}
		for {
			if c == '{' {
				if _, _, ok := s.str(); !ok {
					return false
				}
				s.space()
				if !s.next(':') {
					return false
				}
				s.space()
			}
			if !s.value(depth + 1) {
				return false
			}
			s.space()
			if s.next(end) {
				return true
			}
			if !s.next(',') {
				return false
			}
			s.space()
		}
	case c == '"':
		_, _, ok := s.str()
		return ok
	case c == '-' || '0' <= c && c <= '9':
		return s.number()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return false
}

// number steps over a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *jsonScan) number() bool {
	s.next('-')
	switch c := s.peek(); {
	case c == '0':
		s.i++
	case '1' <= c && c <= '9':
		s.digits()
	default:
		return false
	}
	if s.next('.') && !s.digits() {
		return false
	}
	if s.next('e') || s.next('E') {
		if !s.next('+') {
			s.next('-')
		}
		if !s.digits() {
			return false
		}
	}
	return true
}

// digits steps over one digit or more.
func (s *jsonScan) digits() bool {
	start := s.i
	for s.i < len(s.b) && '0' <= s.b[s.i] && s.b[s.i] <= '9' {
		s.i++
	}
	return s.i > start
}
