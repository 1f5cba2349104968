package lookup_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
)

// TestBatchKeptAfterApply checks that a Batch used after its Apply returned
// changes nothing and says so: ErrBatchDone from the methods that return
// an error, a panic with it from Clear. The batch is used from another
// goroutine too, after Apply returned, as a game's worker might: under
// -race this finds any write it would still make to the overlay.
func TestBatchKeptAfterApply(t *testing.T) {
	lt, _ := loadTable(t, "../testdata/maze.grid", maps.Options{})
	u, v := 0, 1
	tests := []struct {
		name string
		use  func(b *lookup.Batch) error
	}{
		{"Block", func(b *lookup.Batch) error { return b.Block(u) }},
		{"Unblock", func(b *lookup.Batch) error { return b.Unblock(u) }},
		{"SetEdgeCost", func(b *lookup.Batch) error { return b.SetEdgeCost(u, v, 100) }},
		{"RestoreEdge", func(b *lookup.Batch) error { return b.RestoreEdge(u, v) }},
		{"SetCellCost", func(b *lookup.Batch) error { return b.SetCellCost(v, 9) }},
		{"RestoreCell", func(b *lookup.Batch) error { return b.RestoreCell(v) }},
		{"Clear", func(b *lookup.Batch) (err error) {
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("panicked: %v", p)
				}
			}()
			b.Clear()
			return nil
		}},
	}
	for _, tc := range tests {
		for _, failed := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/apply-failed=%v", tc.name, failed), func(t *testing.T) {
				o := lookup.NewOverlay(lt)
				var kept *lookup.Batch
				o.Apply(func(b *lookup.Batch) error {
					kept = b
					if err := b.Block(lt.Len() - 1); err != nil {
						t.Fatal(err)
					}
					if failed {
						return errors.New("given up")
					}
					return nil
				})
				before := o.Version()
				done := make(chan error)
				go func() { done <- tc.use(kept) }()
				err := <-done
				if err == nil || !strings.Contains(err.Error(), lookup.ErrBatchDone.Error()) {
					t.Fatalf("kept batch: got %v, want %v", err, lookup.ErrBatchDone)
				}
				if o.Version() != before || o.Blocked(u) {
					t.Fatal("a kept batch changed the overlay")
				}
			})
		}
	}
}

// TestChangeInsideApply checks that every method of an Overlay that
// changes it, called from inside its own Apply's function, panics with a
// message naming the misuse instead of waiting for itself, leaving the
// overlay as it was and usable; that queries work there; and that a
// change of another overlay from inside f is made.
func TestChangeInsideApply(t *testing.T) {
	lt, _ := loadTable(t, "../testdata/maze.grid", maps.Options{})
	u, v := 0, 1
	tests := []struct {
		name   string
		change func(o *lookup.Overlay) error
	}{
		{"Apply", func(o *lookup.Overlay) error { return o.Apply(func(b *lookup.Batch) error { return b.Block(u) }) }},
		{"Block", func(o *lookup.Overlay) error { return o.Block(u) }},
		{"Unblock", func(o *lookup.Overlay) error { return o.Unblock(u) }},
		{"SetEdgeCost", func(o *lookup.Overlay) error { return o.SetEdgeCost(u, v, 100) }},
		{"RestoreEdge", func(o *lookup.Overlay) error { return o.RestoreEdge(u, v) }},
		{"SetCellCost", func(o *lookup.Overlay) error { return o.SetCellCost(v, 9) }},
		{"RestoreCell", func(o *lookup.Overlay) error { return o.RestoreCell(v) }},
		{"Clear", func(o *lookup.Overlay) error { o.Clear(); return nil }},
		{"SetLandmarks", func(o *lookup.Overlay) error { return o.SetLandmarks(2) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := lookup.NewOverlay(lt)
			other := lookup.NewOverlay(lt)
			var got any
			func() {
				defer func() { got = recover() }()
				o.Apply(func(b *lookup.Batch) error {
					if _, ok := o.Dist(u, lt.Len()-1); !ok {
						t.Error("a query inside Apply found no path")
					}
					if err := tc.change(other); err != nil {
						t.Errorf("changing another overlay inside Apply: %v", err)
					}
					b.Block(lt.Len() - 1)
					return tc.change(o)
				})
			}()
			msg, _ := got.(string)
			if !strings.Contains(msg, "inside its own Apply") {
				t.Fatalf("got panic %v, want one naming the change inside Apply", got)
			}
			if o.Blocked(lt.Len() - 1) {
				t.Error("the batch that panicked was published")
			}
			if err := tc.change(o); err != nil {
				t.Fatalf("after the panic: %v", err)
			}
		})
	}
}

// TestChangeWhileApplyElsewhere checks that a change from another goroutine
// while an Apply's function runs waits for it, rather than being taken for
// a change from inside it.
func TestChangeWhileApplyElsewhere(t *testing.T) {
	lt, _ := loadTable(t, "../testdata/maze.grid", maps.Options{})
	o := lookup.NewOverlay(lt)
	done := make(chan any)
	o.Apply(func(b *lookup.Batch) error {
		go func() {
			defer func() { done <- recover() }()
			if err := o.Block(0); err != nil {
				t.Error(err)
			}
		}()
		time.Sleep(20 * time.Millisecond) // the goroutine finds the lock held
		return b.Block(1)
	})
	if p := <-done; p != nil {
		t.Fatalf("a change from another goroutine panicked: %v", p)
	}
	if !o.Blocked(0) || !o.Blocked(1) {
		t.Fatal("a change was lost")
	}
}

// A Batch is valid only inside Apply's function: kept and used after
// Apply returned, it changes nothing and says so.
func ExampleBatch() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "level.grid", []byte(level), maps.Options{})
	t, _ := build.Build(context.Background(), g, build.Options{})
	lt := lookup.New(t)
	o := lookup.NewOverlay(lt)
	door, _ := lt.Node("2,0")
	var kept *lookup.Batch
	err := o.Apply(func(b *lookup.Batch) error {
		kept = b
		return b.Block(door)
	})
	fmt.Println(err, o.Blocked(door))
	err = kept.Unblock(door)
	fmt.Println(errors.Is(err, lookup.ErrBatchDone), o.Blocked(door))
	// Output:
	// <nil> true
	// true true
}
