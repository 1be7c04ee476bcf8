package upgrade

import (
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// includesPattern's bounds: the pairs of state sets it explores, and its
// work, counted in instructions of the two programs for each character
// class of each pair; past either, it answers that it cannot tell, so
// that a hostile pattern costs a bounded time.
const (
	maxInclusionStates = 20_000
	maxInclusionWork   = 4_000_000
)

// includesPattern reports whether every string that the pattern tighter
// matches, the pattern looser matches too, as the API server matches a
// pattern: Go's regexp, Perl syntax, matching anywhere in the string. It
// runs the two compiled programs side by side over every string at once,
// as a subset construction does, one character class at a time, and
// looks for a string that tighter matches and looser does not. It is
// false when it finds one, and when it cannot tell: a pattern with an
// assertion other than ^ and $ of the text (\b, multi-line ^ and $), case
// folding over a wide class, or more states or work than its bounds.
func includesPattern(looser, tighter string) bool {
	l, ok := compilePattern(looser)
	if !ok {
		return false
	}
	t, ok := compilePattern(tighter)
	if !ok {
		return false
	}
	alphabet, ok := classes(l, t)
	if !ok {
		return false
	}
	work := 0
	type (
		key   struct{ t, l string }
		state struct {
			t, l  []int
			begin bool // at the start of the text
		}
	)
	start := state{t.start(), l.start(), true}
	seen := map[key]bool{}
	queue := []state{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		ts, ls := p.t, p.l
		if t.accepts(ts, p.begin) && !l.accepts(ls, p.begin) {
			return false
		}
		if l.matched(ls) {
			continue // looser matches every string that goes on from here
		}
		if work += len(alphabet) * (len(t.prog.Inst) + len(l.prog.Inst)); work > maxInclusionWork {
			return false
		}
		for _, r := range alphabet {
			next := state{t: t.step(ts, r), l: l.step(ls, r)}
			if k := (key{encode(next.t), encode(next.l)}); !seen[k] {
				if len(seen) == maxInclusionStates {
					return false
				}
				seen[k] = true
				queue = append(queue, next)
			}
		}
	}
	return true
}

// matcher is a compiled pattern, run on sets of its instructions.
type matcher struct {
	prog *syntax.Prog
}

// A set of a matcher holds the program counters of the instructions
// waiting for the next character, those waiting for the end of the text
// ($), and matchedPC once the pattern has matched a substring, sorted,
// each once; encode makes it a key of a map.
const matchedPC = -1

func compilePattern(pattern string) (*matcher, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, false
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil, false
	}
	for _, in := range prog.Inst {
		if in.Op == syntax.InstEmptyWidth && syntax.EmptyOp(in.Arg)&^(syntax.EmptyBeginText|syntax.EmptyEndText) != 0 {
			return nil, false
		}
	}
	return &matcher{prog}, true
}

// start returns the set at the start of the text.
func (m *matcher) start() []int {
	return normalize(m.closure([]int{m.prog.Start}, true))
}

// step returns the set after reading r in the set s: the instructions
// that read r, followed, and a new start, since the pattern may match
// from any position.
func (m *matcher) step(s []int, r rune) []int {
	var next []int
	matched := false
	for _, pc := range s {
		if pc == matchedPC {
			matched = true
			continue
		}
		in := &m.prog.Inst[pc]
		switch in.Op {
		case syntax.InstRune, syntax.InstRune1:
			if in.MatchRune(r) {
				next = append(next, int(in.Out))
			}
		case syntax.InstRuneAny:
			next = append(next, int(in.Out))
		case syntax.InstRuneAnyNotNL:
			if r != '\n' {
				next = append(next, int(in.Out))
			}
		}
	}
	out := m.closure(append(next, m.prog.Start), false)
	if matched {
		out = append(out, matchedPC)
	}
	return normalize(out)
}

// closure returns what pcs reach without reading a character, not at the
// end of the text; at its start when begin is true: the instructions that
// read one, those that wait for the end, and matchedPC for a match.
func (m *matcher) closure(pcs []int, begin bool) []int {
	var out []int
	seen := map[int]bool{}
	var visit func(pc int)
	visit = func(pc int) {
		if seen[pc] {
			return
		}
		seen[pc] = true
		in := &m.prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			visit(int(in.Out))
			visit(int(in.Arg))
		case syntax.InstCapture, syntax.InstNop:
			visit(int(in.Out))
		case syntax.InstEmptyWidth:
			op := syntax.EmptyOp(in.Arg)
			switch {
			case op&syntax.EmptyBeginText != 0 && !begin:
			case op&syntax.EmptyEndText != 0:
				out = append(out, pc)
			default:
				visit(int(in.Out))
			}
		case syntax.InstMatch:
			out = append(out, matchedPC)
		case syntax.InstFail:
		default: // reads a character
			out = append(out, pc)
		}
	}
	for _, pc := range pcs {
		visit(pc)
	}
	return out
}

// matched reports whether s holds a match: the pattern has matched a
// substring already, whatever follows.
func (m *matcher) matched(s []int) bool {
	return slices.Contains(s, matchedPC)
}

// accepts reports whether the text read so far, ending at s, matches: a
// substring matched already, or an instruction waiting for the end of
// the text reaches a match there. begin says that the text is empty.
func (m *matcher) accepts(s []int, begin bool) bool {
	if m.matched(s) {
		return true
	}
	seen := map[int]bool{}
	var reaches func(pc int) bool
	reaches = func(pc int) bool {
		if seen[pc] {
			return false
		}
		seen[pc] = true
		in := &m.prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			return reaches(int(in.Out)) || reaches(int(in.Arg))
		case syntax.InstCapture, syntax.InstNop:
			return reaches(int(in.Out))
		case syntax.InstEmptyWidth:
			return (begin || syntax.EmptyOp(in.Arg)&syntax.EmptyBeginText == 0) && reaches(int(in.Out))
		case syntax.InstMatch:
			return true
		}
		return false
	}
	for _, pc := range s {
		if pc != matchedPC && m.prog.Inst[pc].Op == syntax.InstEmptyWidth && reaches(pc) {
			return true
		}
	}
	return false
}

// normalize returns the set s sorted, each counter once.
func normalize(s []int) []int {
	slices.Sort(s)
	return slices.Compact(s)
}

// encode returns the set s as a key.
func encode(s []int) string {
	var b strings.Builder
	for _, pc := range s {
		b.WriteString(strconv.Itoa(pc))
		b.WriteByte(',')
	}
	return b.String()
}

// classes returns a character of each class of characters that no
// instruction of a or b tells apart, or false when case folding makes the
// classes too many to list.
func classes(a, b *matcher) ([]rune, bool) {
	bounds := []rune{0, '\n', '\n' + 1, unicode.MaxRune + 1}
	for _, m := range []*matcher{a, b} {
		for _, in := range m.prog.Inst {
			if in.Op != syntax.InstRune && in.Op != syntax.InstRune1 {
				continue
			}
			fold := syntax.Flags(in.Arg)&syntax.FoldCase != 0
			for i := 0; i < len(in.Rune); i += 2 {
				lo, hi := in.Rune[i], in.Rune[i]
				if i+1 < len(in.Rune) {
					hi = in.Rune[i+1]
				}
				bounds = append(bounds, lo, hi+1)
				if !fold {
					continue
				}
				if hi-lo > 256 {
					return nil, false
				}
				for r := lo; r <= hi; r++ {
					for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
						bounds = append(bounds, f, f+1)
					}
				}
			}
		}
	}
	slices.Sort(bounds)
	bounds = slices.Compact(bounds)
	return bounds[:len(bounds)-1], true
}
