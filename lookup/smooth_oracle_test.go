package lookup_test

import (
	"fmt"
	"math"

	"github.com/pathtable/pathtable/lookup"
)

// The line-of-sight oracle of the smoothing tests, written apart from
// lookup's sweeps: it tests every cell of a segment's bounding box against
// the closed segment exactly, in integers, by the separating axis theorem.

// segmentMeetsCell reports whether the closed segment between the centres
// of cells (x0, y0) and (x1, y1) meets the closed square of cell (cx, cy).
// In doubled coordinates the centres are odd integers and the square is
// [2cx, 2cx+2] × [2cy, 2cy+2], so everything is exact.
func segmentMeetsCell(x0, y0, x1, y1, cx, cy int) bool {
	ax, ay := int64(2*x0+1), int64(2*y0+1)
	bx, by := int64(2*x1+1), int64(2*y1+1)
	lx, ly := int64(2*cx), int64(2*cy)
	hx, hy := lx+2, ly+2
	// The box's own axes: the segment's extent must overlap the square's.
	if max(ax, bx) < lx || min(ax, bx) > hx || max(ay, by) < ly || min(ay, by) > hy {
		return false
	}
	// The segment's normal: the square's corners must not all lie strictly
	// on one side of the segment's line.
	dx, dy := bx-ax, by-ay
	neg, pos := false, false
	for _, c := range [4][2]int64{{lx, ly}, {hx, ly}, {lx, hy}, {hx, hy}} {
		switch cross := dx*(c[1]-ay) - dy*(c[0]-ax); {
		case cross < 0:
			neg = true
		case cross > 0:
			pos = true
		default:
			return true // a corner on the line, and inside the extent
		}
	}
	return neg && pos
}

// openCell reports whether cell (x, y) is a node of lt not blocked in o
// (o may be nil).
func openCell(lt *lookup.Table, o *lookup.Overlay, x, y int) bool {
	u, ok := lt.NodeAt(x, y)
	return ok && (o == nil || !o.Blocked(u))
}

// cellCost is the cost of open cell (x, y) through o (nil: the table's).
func cellCost(lt *lookup.Table, o *lookup.Overlay, x, y int) float64 {
	u, _ := lt.NodeAt(x, y)
	c, _ := lt.CellCost(u)
	if o != nil {
		c, _ = o.CellCost(u)
	}
	return c
}

// inSight reports whether every cell the segment between the centres of
// nodes a and b meets is open, and names the first that is not.
func inSight(lt *lookup.Table, o *lookup.Overlay, a, b int) (bool, string) {
	return inSightBelow(lt, o, a, b, math.Inf(1))
}

// inSightBelow is inSight where a cell that costs more than top is closed
// too.
func inSightBelow(lt *lookup.Table, o *lookup.Overlay, a, b int, top float64) (bool, string) {
	x0, y0, _ := lt.XY(a)
	x1, y1, _ := lt.XY(b)
	for cy := min(y0, y1); cy <= max(y0, y1); cy++ {
		for cx := min(x0, x1); cx <= max(x0, x1); cx++ {
			if !segmentMeetsCell(x0, y0, x1, y1, cx, cy) {
				continue
			}
			if !openCell(lt, o, cx, cy) {
				return false, fmt.Sprintf("%d,%d", cx, cy)
			}
			if c := cellCost(lt, o, cx, cy); c > top {
				return false, fmt.Sprintf("%d,%d (cost %v, the path's dearest %v)", cx, cy, c, top)
			}
		}
	}
	return true, ""
}

// pathTop is the dearest cell the path's own segments (its steps) meet.
func pathTop(lt *lookup.Table, o *lookup.Overlay, path []int) float64 {
	top := 0.0
	for i := 1; i < len(path); i++ {
		x0, y0, _ := lt.XY(path[i-1])
		x1, y1, _ := lt.XY(path[i])
		for cy := min(y0, y1); cy <= max(y0, y1); cy++ {
			for cx := min(x0, x1); cx <= max(x0, x1); cx++ {
				if segmentMeetsCell(x0, y0, x1, y1, cx, cy) {
					top = max(top, cellCost(lt, o, cx, cy))
				}
			}
		}
	}
	if len(path) == 1 {
		x, y, _ := lt.XY(path[0])
		top = cellCost(lt, o, x, y)
	}
	return top
}

// euclid is the length of a polyline through the centres of nodes.
func euclid(lt *lookup.Table, nodes []int) float64 {
	var sum float64
	for i := 1; i < len(nodes); i++ {
		x0, y0, _ := lt.XY(nodes[i-1])
		x1, y1, _ := lt.XY(nodes[i])
		sum += math.Hypot(float64(x1-x0), float64(y1-y0))
	}
	return sum
}

// checkCorners checks corners against the grid path they straighten: the
// path's ends first and last, a subsequence of the path, every segment in
// sight by the oracle, and no longer. It returns the corners' length.
func checkCorners(lt *lookup.Table, o *lookup.Overlay, path, corners []int) (float64, error) {
	if len(corners) == 0 || corners[0] != path[0] || corners[len(corners)-1] != path[len(path)-1] {
		return 0, fmt.Errorf("corners %v do not keep the ends of %v", names(lt, corners), names(lt, path))
	}
	if len(path) == 1 && len(corners) != 1 {
		return 0, fmt.Errorf("corners %v of a one-node path", names(lt, corners))
	}
	// Where each corner is in path, at the earliest and at the latest (a
	// walk that revisits a node may match it in several places): the
	// stretch a segment replaces lies within early[i-1]..late[i], so its
	// dearest cell is at most that span's, exactly that on paths that
	// visit each node once.
	early := make([]int, len(corners))
	late := make([]int, len(corners))
	j := 0
	for i, c := range corners {
		for j < len(path) && path[j] != c {
			j++
		}
		if j == len(path) {
			return 0, fmt.Errorf("corners %v are not a subsequence of %v", names(lt, corners), names(lt, path))
		}
		early[i] = j
		j++
	}
	j = len(path) - 1
	for i := len(corners) - 1; i >= 0; i-- {
		for path[j] != corners[i] {
			j--
		}
		late[i] = j
		j--
	}
	for i := 1; i < len(corners); i++ {
		top := pathTop(lt, o, path[early[i-1]:late[i]+1])
		if ok, wall := inSightBelow(lt, o, corners[i-1], corners[i], top); !ok {
			return 0, fmt.Errorf("segment %s -> %s meets closed cell %s (corners %v)",
				lt.Name(corners[i-1]), lt.Name(corners[i]), wall, names(lt, corners))
		}
	}
	cl, pl := euclid(lt, corners), euclid(lt, path)
	if cl > pl*(1+1e-12) {
		return 0, fmt.Errorf("corners %v are %v long, the path %v", names(lt, corners), cl, pl)
	}
	return cl, nil
}

func names(lt *lookup.Table, nodes []int) []string {
	var out []string
	for _, u := range nodes {
		out = append(out, lt.Name(u))
	}
	return out
}

// greedyCorners is the string pulling AppendCorners approximates in O(1) a
// step, by the oracle's sight alone: from each corner the path is followed
// while its nodes are in sight, walking every candidate segment, O(length²)
// in the open. The scenario test reports both, so the price of the
// bounded reach shows.
func greedyCorners(lt *lookup.Table, path []int) []int {
	corners := []int{path[0]}
	for i := 1; i < len(path); i++ {
		if ok, _ := inSight(lt, nil, corners[len(corners)-1], path[i]); !ok {
			corners = append(corners, path[i-1])
		}
	}
	if len(path) > 1 {
		corners = append(corners, path[len(path)-1])
	}
	return corners
}
