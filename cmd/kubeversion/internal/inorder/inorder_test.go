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
// whatever order they are done in; that no more than twice Workers are in
// flight; and that items of one key are never in flight together.
func TestInOrder(t *testing.T) {
	for _, workers := range []int{1, 2, 4, 16} {
		t.Run(fmt.Sprint(workers, " workers"), func(t *testing.T) {
			var inFlight, most atomic.Int32
			busy := make([]atomic.Int32, 2) // by shared key
			var got []int
			r := &Runner[int, int]{Workers: workers,
				Run: func(i int) int {
					n := inFlight.Add(1)
					defer inFlight.Add(-1)
					for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
					}
					if i%3 == 0 {
						if busy[i/3%2].Add(1) > 1 {
							t.Errorf("item %d: another of key k%d in flight", i, i/3%2)
						}
						defer busy[i/3%2].Add(-1)
					}
					time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
					return i * i
				},
				Emit: func(i, sq int) error {
					if sq != i*i {
						t.Errorf("item %d: result %d", i, sq)
					}
					got = append(got, i)
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
			if limit := max(2*workers, 1); int(most.Load()) > limit {
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
