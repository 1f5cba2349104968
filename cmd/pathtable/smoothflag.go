package main

import (
	"flag"
	"fmt"

	"github.com/pathtable/pathtable/lookup"
)

// addSmoothFlag registers -smooth on fs.
func addSmoothFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("smooth", false, "also give the path's corners: the nodes an agent steers through in straight lines, in line of sight of each other (grid tables)")
}

// checkSmooth refuses -smooth on a table that is not of a grid: corners
// are found by line of sight between cells.
func checkSmooth(lt *lookup.Table, file string) error {
	if _, _, grid := lt.Grid(); !grid {
		return fmt.Errorf("%s: -smooth straightens paths on grids by line of sight; this table is of a graph", file)
	}
	return nil
}

// straighten gives a its corners (lookup.Overlay.AppendCorners: the
// blocked nodes are walls), appended to buf. O(path length).
func (a *pathAnswer) straighten(o *lookup.Overlay, buf []int) {
	a.smooth = true
	a.corners = buf
	if a.reachable {
		a.corners, _ = o.AppendCorners(buf, a.nodes)
	}
}
