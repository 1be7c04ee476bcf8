package inorder

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// TestInOrder checks that results come in the order items were added,
// whatever order they are done in; that no more than perWorker times
// Workers are in flight; and that an item is run only once the item added
// before it with its key is passed on.
func TestInOrder(t *testing.T) {
	for _, workers := range []int{1, 2, 4, 16} {
		t.Run(fmt.Sprint(workers, " workers"), func(t *testing.T) {
			var added, passed, most atomic.Int32 // items, and their most in flight
			busy := make([]atomic.Int32, 2)      // by shared key
			var emitted [1000]atomic.Bool
			var got []int
			r := &Runner[int, int]{Workers: workers,
				Run: func(i int) int {
					if i%3 == 0 {
						if busy[i/3%2].Add(1) > 1 {
							t.Errorf("item %d: another of key k%d in flight", i, i/3%2)
						}
						defer busy[i/3%2].Add(-1)
						if i >= 6 && !emitted[i-6].Load() {
							t.Errorf("item %d run before item %d, of its key, was passed on", i, i-6)
						}
					}
					time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
					return i * i
				},
				Emit: func(i, sq int) error {
					if sq != i*i {
						t.Errorf("item %d: result %d", i, sq)
					}
					// Every item added and not passed on is in flight.
					n := added.Load() - passed.Add(1) + 1
					for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
					}
					got = append(got, i)
					emitted[i].Store(true)
					return nil
				},
			}
			for i := range 1000 {
				key := fmt.Sprint(i)
				if i%3 == 0 {
					key = fmt.Sprint("k", i/3%2) // items 0, 6, 12... share a key, and 3, 9, 15...
				}
				if err := r.Add(i, key); err != nil {
					t.Fatal(err)
				}
				added.Add(1)
			}
			if err := r.Wait(); err != nil {
				t.Fatal(err)
			}
			r.Stop()
			for i, v := range got {
				if v != i {
					t.Fatalf("result %d is item %d's: out of order", i, v)
				}
			}
			if len(got) != 1000 {
				t.Fatalf("%d results, want 1000", len(got))
			}
			if limit := max(perWorker*workers, 1); int(most.Load()) > limit {
				t.Errorf("%d in flight at most, want at most %d", most.Load(), limit)
			}
		})
	}
}

// TestEmitError checks that the first error of Emit is returned, and
// that nothing is passed on after it.
func TestEmitError(t *testing.T) {
	stop := errors.New("stop")
	emitted := 0
	r := &Runner[int, int]{Workers: 4,
		Run: func(i int) int { return i },
		Emit: func(i, _ int) error {
			emitted++
			if i == 10 {
				return stop
			}
			return nil
		},
	}
	var err error
	for i := 0; i < 100 && err == nil; i++ {
		err = r.Add(i, fmt.Sprint(i))
	}
	if err == nil {
		err = r.Wait()
	}
	r.Stop()
	if !errors.Is(err, stop) || emitted != 11 {
		t.Errorf("error %v after %d emitted, want stop after 11", err, emitted)
	}
}

// TestStopWithIdleWorkers stops a Runner whose workers have not all
// started: under the race detector, a worker that read the Runner's
// fields as it started would race with Stop clearing them.
func TestStopWithIdleWorkers(t *testing.T) {
	for range 50 {
		var got []int
		r := &Runner[int, int]{Workers: 16,
			Run:  func(i int) int { return i + 1 },
			Emit: func(_ int, r int) error { got = append(got, r); return nil },
		}
		if err := r.Add(1, "one"); err != nil {
			t.Fatal(err)
		}
		r.Stop()
		if len(got) != 1 || got[0] != 2 {
			t.Fatalf("results %v, want [2]", got)
		}
	}
}

// TestAddGoesOn checks that Add does not wait for the item added before
// with its key: the items after it are run meanwhile.
func TestAddGoesOn(t *testing.T) {
	release := make(chan struct{})
	ran := make(chan int, 3)
	r := &Runner[int, int]{Workers: 2,
		Run: func(i int) int {
			if i == 0 {
				<-release
			}
			ran <- i
			return i
		},
		Emit: func(int, int) error { return nil },
	}
	added := make(chan error)
	go func() {
		for i, key := range []string{"k", "k", "other"} {
			if err := r.Add(i, key); err != nil {
				added <- err
				return
			}
		}
		added <- nil
	}()
	select {
	case err := <-added:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Add waited for the item before it of its key")
	}
	if i := <-ran; i != 2 {
		t.Errorf("item %d ran first, want 2: 0 is held and 1 is after it", i)
	}
	close(release)
	if err := r.Wait(); err != nil {
		t.Fatal(err)
	}
	r.Stop()
	if a, b := <-ran, <-ran; a != 0 || b != 1 {
		t.Errorf("then items %d and %d ran, want 0 and 1", a, b)
	}
}
