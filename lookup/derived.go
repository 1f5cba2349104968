package lookup

import "sync"

// lazy is a value built at its first use and shared after: the one
// mechanism behind the derived state of a Table and of an overlay's view.
// Building it twice is never needed, so concurrent first uses wait for one
// build.
type lazy[T any] struct {
	once sync.Once
	v    T
}

// get returns the value, building it in place with build the first time.
// O(1) after the build.
func (l *lazy[T]) get(build func(*T)) *T {
	l.once.Do(func() { build(&l.v) })
	return &l.v
}

// derived is what a Table builds at runtime for the features that read
// more than the stored table: each part at its first use, shared by every
// query and overlay of the table after it. The table itself stays as
// loaded.
type derived struct {
	scratch   scratchPool          // search scratch, for overlays and Search
	costs     lazy[searchCosts]    // edge costs by hop slot, for overlay searches
	sight     lazy[[]float64]      // baked cell costs, for AppendCorners on levels with costs
	sym       lazy[bool]           // whether every edge has a reverse of its cost
	landmarks lazy[bakedLandmarks] // landmarks on the baked level, for across
	moves     lazy[gridMoves]      // what across needs of a grid's moves
	moveCosts lazy[moveCosts]      // the cheapest straight and diagonal move, for Search
	targets   hierarchyTargets     // distances toward goals, for overlays of hierarchy tables
}

// costs returns the table's search costs: O(V·stride) once, shared by
// every overlay (buildCosts).
func (lt *Table) costs() *searchCosts { return lt.derived.costs.get(lt.buildCosts) }

// cellCosts returns the baked cell cost of every node, or nil when they
// are all equal: O(V·d²) once (buildCellCosts), then O(1).
func (lt *Table) cellCosts() []float64 { return *lt.derived.sight.get(lt.buildCellCosts) }

// symmetric reports whether every edge of the table's graph has a reverse
// edge of the same cost: O(E·degree) once (buildSymmetric), then O(1).
func (lt *Table) symmetric() bool { return *lt.derived.sym.get(lt.buildSymmetric) }

// bakedLandmarks returns the table's landmarks on its baked level, placing
// them the first time (O(k·(V+E)), buildBakedLandmarks); k is 0 where it
// has none.
func (lt *Table) bakedLandmarks() (k int, dist []float64) {
	b := lt.derived.landmarks.get(lt.buildBakedLandmarks)
	return b.k, b.dist
}

// gridMoves reports on the moves of the table's grid: O(E) once
// (buildGridMoves), then O(1).
func (lt *Table) gridMoves() gridMoves { return *lt.derived.moves.get(lt.buildGridMoves) }

// moveCosts returns the cheapest straight and diagonal move of a grid:
// O(E) once (buildMoveCosts), then O(1).
func (lt *Table) moveCosts() moveCosts { return *lt.derived.moveCosts.get(lt.buildMoveCosts) }
