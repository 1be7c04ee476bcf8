// Package inorder runs a function on items in parallel and passes the
// results on in the order the items were given: the engine behind
// validate's judging of several objects at once.
//
// In scope: goroutines, the order of results, a bound on the items in
// flight, items that must wait for others, and the first error
// of passing results on. Out of scope: what an item is and what its
// function does; the caller makes an item self-contained before giving it.
package inorder

import "sync"

// perWorker is how many items per worker a Runner holds at most: those
// being run, and those done or waiting while an item before them is run.
// One slow item holds back the passing on of the items after it; with
// room for many, the workers go on with them meanwhile. With room for 2,
// validate took a median 0.66 s on the real manifests of
// scripts/bench-builtin.sh and 5.8 s on 100,000 generated objects; with
// 16, 0.57 s and 4.4 s, for 6 MB more at its peak on the first. Each item
// holds its object, so a bound on their number bounds memory.
const perWorker = 16

// Runner runs Run on the items added, in Workers goroutines that live as
// long as the Runner (a goroutine per item would grow a new stack for
// each), with up to perWorker times Workers items in flight, and calls
// Emit with each item and its result from one goroutine of its own, one
// at a time, in the order the items were added, as soon as an item and
// those before it are done. An item is not run before the items added
// earlier with its key are passed on; other items go on meanwhile, so Add
// does not wait for them. With Workers 1 or less, Add runs and emits each
// item in the caller's goroutine. Call Stop when done.
type Runner[T, R any] struct {
	Workers int
	Run     func(T) R
	Emit    func(T, R) error

	queue   chan *job[T, R] // to the goroutine that passes results on
	work    chan *job[T, R] // to the workers
	pending sync.WaitGroup  // the items not yet passed on
	mu      sync.Mutex
	keys    map[string]*job[T, R] // the last item of each key not yet passed on
	err     error                 // Emit's first
}

// job is an item being run, and its result when done.
type job[T, R any] struct {
	item T
	key  string
	done chan R
	// next is the job added after this one with its key while this one
	// was not yet passed on: it is given to the workers once this one
	// is. Guarded by Runner.mu.
	next *job[T, R]
}

// Add runs item, or has it run, once the items added before it with the
// same key are passed on; it returns Emit's first error, after which
// items are no longer passed on. It waits only while perWorker times
// Workers items are in flight.
func (r *Runner[T, R]) Add(item T, key string) error {
	if r.Workers <= 1 {
		return r.Emit(item, r.Run(item))
	}
	if r.queue == nil {
		// The goroutine that passes results on holds one job besides
		// those queued.
		r.queue = make(chan *job[T, R], perWorker*r.Workers-1)
		r.work = make(chan *job[T, R], perWorker*r.Workers)
		go r.passOn(r.queue)
		for range r.Workers {
			go r.runJobs(r.work)
		}
	}
	j := &job[T, R]{item: item, key: key, done: make(chan R, 1)}
	r.mu.Lock()
	if err := r.err; err != nil {
		r.mu.Unlock()
		return err
	}
	if r.keys == nil {
		r.keys = map[string]*job[T, R]{}
	}
	before := r.keys[key]
	if before != nil {
		before.next = j
	}
	r.keys[key] = j
	r.mu.Unlock()
	r.pending.Add(1)
	r.queue <- j // waits while perWorker times Workers are in flight
	if before == nil {
		r.work <- j // never waits: the workers hold no more than are in flight
	}
	return nil
}

// runJobs runs the jobs given to the workers, one at a time.
func (r *Runner[T, R]) runJobs(work <-chan *job[T, R]) {
	for j := range work {
		j.done <- r.Run(j.item)
	}
}

// passOn passes on the result of each job queued, in turn, once done.
func (r *Runner[T, R]) passOn(queue <-chan *job[T, R]) {
	for j := range queue {
		res := <-j.done
		r.mu.Lock()
		failed := r.err != nil
		r.mu.Unlock()
		var err error
		if !failed {
			err = r.Emit(j.item, res)
		}
		r.mu.Lock()
		if r.err == nil {
			r.err = err
		}
		next := j.next
		if next == nil {
			delete(r.keys, j.key)
		}
		r.mu.Unlock()
		if next != nil {
			r.work <- next // never waits, as in Add
		}
		r.pending.Done()
	}
}

// Wait returns once every item added has been passed on, with Emit's
// first error.
func (r *Runner[T, R]) Wait() error {
	r.pending.Wait()
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Stop waits for the items added, and ends the workers and the goroutine
// that passes their results on.
func (r *Runner[T, R]) Stop() {
	r.pending.Wait()
	if r.queue != nil {
		close(r.queue)
		close(r.work)
		r.queue, r.work = nil, nil
	}
}
