package validate

import (
	"sync"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// judges judges objects in parallel, up to twice workers at a time, and
// passes their reports on as soon as they are judged, in the order the
// objects were read, from a goroutine of its own: a report waits for
// those of the objects before it. What an object's judgement reads must
// not change while it is judged, so:
//   - a CRD is added (to the definitions that judge objects) only once
//     every object read before it has been judged: call wait first;
//   - an object of the same group, kind and name as one being judged (a
//     later copy, which is judged as an update of the earlier one) waits
//     until that one is judged and remembered.
//
// With one worker, each object is judged as it comes, in the caller's
// goroutine. Call stop when done.
type judges struct {
	workers int
	judge   func(inputs.Object) ObjectReport            // in a goroutine of its own
	emit    func(o inputs.Object, r ObjectReport) error // in order, one at a time

	queue   chan *job      // to the goroutine that passes reports on
	pending sync.WaitGroup // the jobs not yet passed on
	mu      sync.Mutex
	names   map[string]int // of the jobs not yet passed on, by identity
	err     error          // emit's first
}

// job is an object being judged, and the report it gets.
type job struct {
	o    inputs.Object
	name string
	done chan ObjectReport
}

// add judges o, an object yielded by inputs.TextStream, or has it judged;
// the error is emit's first.
func (js *judges) add(o inputs.Object) error {
	if js.workers <= 1 {
		return js.emit(o, js.judge(o))
	}
	if js.queue == nil {
		js.queue = make(chan *job, 2*js.workers)
		go js.passOn()
	}
	name := identity(o)
	js.mu.Lock()
	busy, err := js.names[name] > 0, js.err
	js.mu.Unlock()
	if err != nil {
		return err
	}
	if busy {
		if err := js.wait(); err != nil {
			return err
		}
	}
	j := &job{o: o.Kept(), name: name, done: make(chan ObjectReport, 1)}
	js.mu.Lock()
	if js.names == nil {
		js.names = map[string]int{}
	}
	js.names[name]++
	js.mu.Unlock()
	js.pending.Add(1)
	go func() { j.done <- js.judge(j.o) }()
	js.queue <- j // waits while twice workers are queued
	return nil
}

// passOn passes on the report of each job queued, in turn, once judged.
func (js *judges) passOn() {
	for j := range js.queue {
		r := <-j.done
		js.mu.Lock()
		failed := js.err != nil
		js.mu.Unlock()
		var err error
		if !failed {
			err = js.emit(j.o, r)
		}
		js.mu.Lock()
		if js.err == nil {
			js.err = err
		}
		if js.names[j.name]--; js.names[j.name] == 0 {
			delete(js.names, j.name)
		}
		js.mu.Unlock()
		js.pending.Done()
	}
}

// wait returns once the report of every object added has been passed
// on, with emit's first error.
func (js *judges) wait() error {
	js.pending.Wait()
	js.mu.Lock()
	defer js.mu.Unlock()
	return js.err
}

// stop waits for the objects added, and ends the goroutine that passes
// their reports on.
func (js *judges) stop() {
	js.pending.Wait()
	if js.queue != nil {
		close(js.queue)
		js.queue = nil
	}
}

// identity names the objects whose judgements depend on each other: of
// one group, kind and metadata.name, whatever their namespace (which
// kubectl's context or the resource's scope may yet give them).
func identity(o inputs.Object) string {
	group, _ := server.SplitAPIVersion(o.Str("apiVersion"))
	return server.GroupKind(group, o.Str("kind")) + "\x00" + server.MetadataName(o)
}
