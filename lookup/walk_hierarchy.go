package lookup

import "github.com/pathtable/pathtable/table"

// hierarchyWalker answers from a hierarchy table (table.Hierarchy): every
// query is the hierarchy's search, O(S log S) for the S nodes it settles,
// a small share of the level's, plus O(path length) to unpack the path.
// Next pays the whole query for one node, so a game that follows a path
// asks a Route, which keeps the path it answered (route.go). It is not a
// stepper: an overlay over it searches with the hierarchy's distances
// (overlay_hierarchy.go).
type hierarchyWalker struct {
	lt *Table
	y  *table.Hierarchy
}

func init() {
	walkerMakers = append(walkerMakers, func(lt *Table, p table.Payload) walker {
		if y, ok := p.(*table.Hierarchy); ok {
			return &hierarchyWalker{lt: lt, y: y}
		}
		return nil
	})
}

// next is the second node of the path: one query.
func (w *hierarchyWalker) next(from, to int) int {
	if from == to {
		return -1
	}
	var buf [256]int
	path, ok := w.path(buf[:0], from, to)
	if !ok || len(path) < 2 {
		return -1
	}
	return path[1]
}

// dist is one query.
func (w *hierarchyWalker) dist(from, to int) (float64, bool) {
	var buf [256]int
	_, d, ok := w.y.AppendPath(w.lt.t, buf[:0], from, to)
	return d, ok
}

func (w *hierarchyWalker) covers(int, int) bool { return true }

// path is one query.
func (w *hierarchyWalker) path(buf []int, from, to int) ([]int, bool) {
	buf, _, ok := w.y.AppendPath(w.lt.t, buf, from, to)
	return buf, ok
}

// remembers says the walker's Next costs a query, which a Route should
// answer once a journey.
func (w *hierarchyWalker) remembers() bool { return true }
