package linesort

import (
	"io"
	"runtime/debug"
)

// Options say how [Sort] sorts. The zero value sorts as the command does.
type Options struct {
	// Reverse writes the lines lowest priority first: the groups in
	// reverse order, and the lines of each group.
	Reverse bool

	// The fields below serve tests, which check on small inputs what the
	// engine does on large ones.

	// Parallel runs in two goroutines each step that does so on a large
	// input, whatever the size of the input.
	Parallel bool
	// Block, if not 0, is the number of lines formatted into a buffer
	// before it is written, rather than outputBlock.
	Block int
	// Step, if not nil, is called at each step of the sort, so that a test
	// can change the input file at a chosen point.
	Step func(Step)
}

// Step is a point of a sort at which [Options.Step] is called.
type Step int

const (
	StepRead         Step = iota // the input is read (or mapped)
	StepCollected                // the records are made and in groups
	StepSorted                   // the records are sorted, nothing is written
	StepBlockWritten             // a block of output lines is written
)

// Sizes from which a step runs in two goroutines, and the number of lines
// of an output buffer (see Options).
const (
	parallelInput = 1 << 20 // bytes of input, for collect
	parallelSort  = 1 << 16 // records, for sortAll, setVersionKeys and write
	outputBlock   = 8192
)

// Sort sorts the lines of in and writes them to w. It returns
// ErrInputChanged if in is a mapped file that changed while it ran, and
// then w may have part of the output. Write errors are w's to keep (a
// bufio.Writer keeps the first): Sort does not look at them.
//
// Sort sorts in once: it records in in what it finds of the lines.
func Sort(w io.Writer, in *Input, opt Options) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer in.recoverChange(&err)
	in.opt = opt
	in.step(StepRead)
	groups := collect(in)
	in.step(StepCollected)
	sortAll(in, groups)
	in.step(StepSorted)
	if err := in.verify(); err != nil {
		return err
	}
	writeRecords(w, in, groups, opt.Reverse)
	return in.verify()
}

// step calls opt.Step, if set, with s.
func (in *Input) step(s Step) {
	if in.opt.Step != nil {
		in.opt.Step(s)
	}
}

// parallel reports whether a step of n bytes or records runs in two
// goroutines, which it does from threshold on.
func (in *Input) parallel(n, threshold int) bool {
	return in.opt.Parallel || n >= threshold
}

// block returns the number of lines of an output buffer.
func (in *Input) block() int {
	if in.opt.Block > 0 {
		return in.opt.Block
	}
	return outputBlock
}
