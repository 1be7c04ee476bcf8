package linesort

import (
	"errors"
	"os"
	"runtime/debug"
	"unsafe"
)

// ErrInputChanged is the error of a sort whose input file changed while
// it ran. A mapped file (see mapFile) is read from the file's pages until
// the last line is written: lines rewritten after their keys were taken
// would be written out of order, lines moved could make a record point
// past its line, and a truncated file takes the pages away, so that the
// next read of them faults (SIGBUS). The sort notices each of these (see
// Input.verify and recoverChange) and fails with this error rather
// than write what it cannot vouch for.
var ErrInputChanged = errors.New("input changed while sorting")

// verify reports ErrInputChanged if the file that in maps has changed
// since it was mapped: if its size, modification or change time, inode or
// device differ from what they were. It is called after the sort and
// after the output, so that it sees any change made while the mapping was
// read. What it cannot see is a rewrite that keeps the size and falls in
// the same tick of the file system's clock as the file's previous change
// (see fileStamp). Input that is not mapped is a copy, and never changes.
func (in *Input) verify() error {
	if in.file == nil {
		return nil
	}
	fi, err := in.file.Stat()
	if err != nil || stampOf(fi) != in.stamp || in.changed.Load() {
		in.changed.Store(true)
		return ErrInputChanged
	}
	return nil
}

// guarded runs f, a part of a sort that reads the input, with a fault on
// the input's memory made a panic, and records in in.changed a panic that
// tells that the input changed (see recoverChange). Each goroutine of a
// sort runs its work through guarded, so that the sort always waits for
// both and then checks in.changed (see abortIfChanged).
func (in *Input) guarded(f func()) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer in.recoverChange(nil)
	f()
}

// recoverChange, deferred, recovers a panic that tells that the input
// changed: ErrInputChanged, which the checks of lines that moved raise, or
// a fault on the input's memory, which is what reading a truncated
// mapping does once debug.SetPanicOnFault is on. It records the change in
// in.changed, and in *err if err is not nil. Any other panic goes on.
func (in *Input) recoverChange(err *error) {
	r := recover()
	if r == nil {
		return
	}
	if r != ErrInputChanged && !in.faultedOn(r) {
		panic(r)
	}
	in.changed.Store(true)
	if err != nil {
		*err = ErrInputChanged
	}
}

// faultedOn reports whether r is the panic of a memory fault in one of
// in's chunks, or the rest of its last page.
func (in *Input) faultedOn(r any) bool {
	f, ok := r.(interface{ Addr() uintptr })
	if !ok {
		return false
	}
	page := uintptr(os.Getpagesize())
	for _, c := range in.chunks {
		start := uintptr(unsafe.Pointer(unsafe.SliceData(c)))
		end := (start + uintptr(len(c)) + page - 1) &^ (page - 1)
		if start <= f.Addr() && f.Addr() < end {
			return true
		}
	}
	return false
}

// abortIfChanged panics with ErrInputChanged if a goroutine of the sort
// recorded a change, so that the sort stops at once.
func (in *Input) abortIfChanged() {
	if in.changed.Load() {
		panic(ErrInputChanged)
	}
}
