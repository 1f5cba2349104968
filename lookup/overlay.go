package lookup

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// ErrLowered is wrapped by the error of a change that would make a move
// cheaper than the table was baked with: an overlay only raises costs,
// because only then does the table stay a lower bound on every distance.
// Bake levels in their most open and cheapest state (doors open).
var ErrLowered = errors.New("an overlay only raises costs")

// ErrNotAllPairs is wrapped by the error of a change to an overlay of a
// table that does not cover all pairs (a windowed one): its stored paths
// reach a target only from inside the target's window, and an overlay's
// search is bounded and finished by them, so it could not answer exactly.
// Table.Search answers any pair.
var ErrNotAllPairs = errors.New("an overlay changes only tables of all pairs")

// An Overlay answers queries over a table whose level has changed at
// runtime: nodes blocked (a door shut), edges or grid cells made dearer.
// The table stays immutable and shared; an overlay holds only its changes,
// so it is cheap to create, and a change costs O(changes) (it copies the
// change sets: see Concurrency; nothing O(V) is copied or cleared).
//
// What it answers, by layout: over a table of all pairs (flat,
// run-length or hierarchy), the shortest paths and distances of the
// changed level, exactly (an answer the table's own is not). Over a table
// that covers windows it takes no change (ErrNotAllPairs), so it answers
// what the table does: confined paths of the baked level.
//
// Over a hierarchy table, which stores no paths to walk, the A* reads
// each node's baked distance to the target from the hierarchy (one search
// upward from the target, kept for the last targets asked, then each node
// from the nodes its arcs climb to), starts where the stored path meets
// its first change, and stops on the stored path's unchanged tail
// (overlay_hierarchy.go): a door costs the stored path's search, the
// target's upward search, and the A*'s nodes with the distances of the
// nodes above them.
//
// How: a stored path that crosses no changed node or edge is still a
// shortest path, because no cost fell, so such a query is answered from
// the table after an O(path length) check by the layout's walker, the one
// plain queries use. Otherwise the overlay runs A* on the changed level
// with the baked distance to the target as its heuristic (read from the
// flat layout's distance rows, summed along stored paths on the run-length
// one): admissible and consistent, because costs only rose. It stops at
// the first node it takes from the queue whose stored path is unchanged,
// since that node's heuristic is then its exact distance, so it expands
// little more than the detour. A target cut off by the changes costs a
// search of what the source can still reach.
//
// On a grid table searched on exact octile keys (every move costing what
// its reverse does) a detour is first sought without a search: every path
// between the two sides of the row (or column) through the change crosses
// it, so the baked distances from the source and to the target (a flat
// table's rows; walks along stored paths on a run-length one) bound every
// such crossing from below in one pass along the row and its neighbours,
// and where the best crossing's stored paths from the source and to the
// target cross no change they are a shortest path. A door shut in a
// corridor, whose detour the A* finds only after closing the corridor,
// then costs the distances of the row's cells that could beat it (at most
// 48 walked on a run-length table, else the A* answers) and the walks of
// the path; the first such query on a run-length table also places 8
// landmarks on its baked level, to bound the cells, O(8·(V+E)) once per
// table.
//
// Concurrency: any number of goroutines may query an overlay while one or
// more change it. Each change (Block, Unblock, SetEdgeCost, RestoreEdge,
// SetCellCost, RestoreCell, Clear) is Apply with that one change: it
// copies the overlay's changes, makes the change on the copy through a
// Batch (the one writer of a change set) and publishes the copy whole, so
// a query sees the level
// either before a change or after it, never halfway, and takes no lock to
// read it: a query that started before a change answers for the level as
// it was when it started. Changes are serialised among themselves; a
// change that fails leaves the overlay as it was. Batch many changes with
// Apply, which publishes them at once for the cost of one copy. Search
// scratch comes from a pool held by the Table, so overlays of one table
// share it.
type Overlay struct {
	lt  *Table
	mu  sync.Mutex           // serialises changes
	cur atomic.Pointer[view] // the level as queries see it
	// applying is the entry of the function an Apply runs, while it runs
	// (0 otherwise): a change that finds mu held looks for it on its own
	// goroutine's stack, where waiting would deadlock (see Apply).
	applying atomic.Uintptr
}

// NewOverlay returns an empty overlay over lt: every query answers as lt
// does until something changes. O(1); nothing O(V) is allocated until a
// query needs a search. Over a table that does not cover all pairs every
// change is refused (ErrNotAllPairs), so its answers stay lt's.
func NewOverlay(lt *Table) *Overlay {
	o := &Overlay{lt: lt}
	o.cur.Store(&view{changeSet: newChangeSet(lt)})
	return o
}

// load returns the view queries read now. O(1).
func (o *Overlay) load() *view { return o.cur.Load() }

// Apply makes the changes f makes through b, published together: queries see
// the level before all of them or after all of them. If f returns an
// error, none of them is made. It costs one copy of the overlay's changes
// (O(changes)) plus each change's own cost, where the methods of the
// Overlay cost a copy each. b is valid only during f (see Batch).
//
// f makes its changes through b. A method of o that changes it (Apply,
// Block, Clear, SetLandmarks and the rest) called from f's goroutine
// while f runs would wait for f forever: it panics instead, naming the
// misuse, as a program error that no caller could handle (queries may be
// called from f: they see the level as it was before the batch). Changes
// from other goroutines wait for f as usual.
func (o *Overlay) Apply(f func(b *Batch) error) error {
	if !o.mu.TryLock() {
		o.checkReentry()
		o.mu.Lock()
	}
	defer o.unlock()
	o.applying.Store(funcEntry(f))
	old := o.cur.Load()
	v := &view{changeSet: old.clone()}
	v.batch.c = &v.changeSet
	err := f(&v.batch)
	v.batch.c = nil // b is valid only during f
	if err != nil {
		return err
	}
	if v.version != old.version {
		o.cur.Store(v)
	}
	return nil
}

// funcEntry returns the entry of f's code, 0 for nil: a func value points
// to a closure record whose first word is that entry. Unlike reflect, it
// lets f stay on its caller's stack.
func funcEntry(f func(b *Batch) error) uintptr {
	if f == nil {
		return 0
	}
	return **(**uintptr)(unsafe.Pointer(&f))
}

// unlock ends an Apply, also where f panicked.
func (o *Overlay) unlock() {
	o.applying.Store(0)
	o.mu.Unlock()
}

// checkReentry panics where the calling goroutine runs, below this call,
// the function of the Apply that holds o's lock: it would wait for itself.
// It knows that function by its code, so a goroutine running the same code
// as another overlay's Apply function is taken for it too: only where two
// overlays change each other from their Apply functions, which deadlocks
// across goroutines anyway. It costs a walk of the caller's stack, and runs
// only where a change finds another change under way.
func (o *Overlay) checkReentry() {
	f := o.applying.Load()
	if f == 0 {
		return
	}
	pcs := make([]uintptr, 1024)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		fr, more := frames.Next()
		if fr.Entry == f {
			panic("lookup: an Overlay changed from inside its own Apply's function would wait for itself: make the change through the Batch")
		}
		if !more {
			return
		}
	}
}

// Table returns the table the overlay reads. O(1).
func (o *Overlay) Table() *Table { return o.lt }

// Len returns the number of nodes. O(1).
func (o *Overlay) Len() int { return o.lt.n }

// Block closes node u: no path enters or leaves it, and on 8-connected
// grids no diagonal move cuts its corner, as if the cell were a wall.
// Blocking a blocked node does nothing. O(1) amortised.
func (o *Overlay) Block(u int) error {
	return o.Apply(func(b *Batch) error { return b.Block(u) })
}

// Unblock reopens node u; it does nothing if u is not blocked. O(1).
func (o *Overlay) Unblock(u int) error {
	return o.Apply(func(b *Batch) error { return b.Unblock(u) })
}

// SetEdgeCost sets the cost of every edge from from to to (a level has at
// most one, but a graph may repeat one). cost must be at least the baked
// cost (ErrLowered otherwise); +Inf closes the edge (a one-way door); the
// baked cost itself restores it. O(degree of from).
func (o *Overlay) SetEdgeCost(from, to int, cost float64) error {
	return o.Apply(func(b *Batch) error { return b.SetEdgeCost(from, to, cost) })
}

// RestoreEdge gives every edge from from to to its baked cost again.
// O(degree of from).
func (o *Overlay) RestoreEdge(from, to int) error {
	return o.Apply(func(b *Batch) error { return b.RestoreEdge(from, to) })
}

// SetCellCost sets the cost of moving onto grid node u, in the level's
// cell units (a .grid digit: a move costs it times 1 or √2, or 10 or 14).
// It must be at least the baked cost (ErrLowered otherwise), and it adds to
// nothing: an edge raised by SetEdgeCost costs the larger of the two. The
// baked cost restores the cell. O(degree of u).
func (o *Overlay) SetCellCost(u int, cost float64) error {
	return o.Apply(func(b *Batch) error { return b.SetCellCost(u, cost) })
}

// RestoreCell gives grid node u its baked cell cost again. O(1).
func (o *Overlay) RestoreCell(u int) error {
	return o.Apply(func(b *Batch) error { return b.RestoreCell(u) })
}

// Clear forgets every change. O(changes).
func (o *Overlay) Clear() {
	o.Apply(func(b *Batch) error { b.Clear(); return nil })
}

// SetLandmarks makes the overlay's searches place k landmarks (0, the
// default, places none; at most MaxLandmarks) and bound each detour's
// length by their distances on the changed level. A search's heuristic is
// the baked distance to the target, which is exact wherever the stored
// path is unchanged but is the old, shorter length where a change lies on
// every shortest path; the search must then close every node that ties
// with the old length before it looks round the change. Distances from
// landmarks spread over the changed level (each the node farthest from
// those placed) prove many of those nodes too far, so a detour expands
// fewer nodes (see BenchmarkGameLoop's route-landmarks and
// docs/RUNTIME.md).
//
// The price is paid once per state of the level: the first search after
// each change runs k+1 searches of the whole level, O(k·(V+E)) (bucketed
// by the cheapest move's cost; a level where a move may cost nothing gets
// no landmarks), and
// the level holds k distances (8 bytes each) a node until the next
// change. Worth it on large levels whose changes are rare next to their
// searches (doors that shut for a while); not where costs change every
// frame. Only levels searched on exact octile keys use them (grids whose
// costs the keys hold); elsewhere they are ignored. Answers are shortest
// paths either way; among equal ones, which is returned may differ with
// k. It publishes like a change. O(changes).
func (o *Overlay) SetLandmarks(k int) error {
	if k < 0 || k > MaxLandmarks {
		return fmt.Errorf("landmarks %d: want 0 to %d", k, MaxLandmarks)
	}
	return o.Apply(func(b *Batch) error { b.setLandmarks(k); return nil })
}
