package build

import "github.com/pathtable/pathtable/table"

// LevelMemory estimates what a parsed level of nodes nodes and edges
// edges holds (its graph's CSR and costs, a grid's cells) and what the
// parse of it needs beside that; edges < 0 means not yet known, taken as
// eight moves a node, a grid's most. O(1).
func LevelMemory(nodes, edges int) int64 {
	if edges < 0 {
		edges = 8 * nodes
	}
	// Offsets and cells take 4 bytes a node, a target and a cost 12 an
	// edge; the parse holds the edges once more while it sorts them.
	return 8*int64(nodes) + 2*12*int64(edges)
}

// PeakMemory estimates the most memory a build that opt asks for holds,
// of a level of nodes nodes and edges edges (< 0: not known) whose table
// (or part) payload takes payload bytes: the level, the table, and the
// builder's scratch as EstimateBuild counts them. A run-length table's
// payload is known only once built: a caller passes its least, a row
// start and a run a node. O(1).
//
// A hierarchy table's build is modelled instead, payload aside: its
// contraction's graph, the hierarchy it keeps laid out twice, the table's
// arcs and what loading them derives grow with the hierarchy's arcs, which
// only the contraction knows, so it takes a node the bytes of the densest
// of the shared maps' hierarchies (hierarchyPeakPerNode), level included.
func PeakMemory(opt Options, nodes, edges int, payload int64) int64 {
	if opt.Window == 0 && opt.TableLayout() == table.LayoutHierarchy {
		return hierarchyPeak(nodes, edges)
	}
	peak := LevelMemory(nodes, edges) + peakBytes(opt, nodes, payload)
	if opt.Window == 0 {
		peak += contractBytes * int64(nodes)
	}
	return peak
}

// contractBytes is what a build of all pairs holds a node for its
// contraction (hierarchy.go) beside the level, at its largest: a bound
// that run-length builds of million-node grids reach.
const contractBytes = 512

// LeastPayload is the smallest payload a table of n nodes built as opt
// asks can take: exact for flat tables (two bytes of distance a pair at
// least) and windowed ones, a row start and one run a node for run-length
// ones. O(1).
func LeastPayload(opt Options, n int) int64 {
	h := opt.layoutHeader()
	h.Nodes, h.DistKind = n, table.DistU16
	if h.Layout == table.LayoutRuns {
		return 9 * int64(n)
	}
	size, err := h.PayloadSize()
	if err != nil {
		return 0 // the layout's own checks refuse it
	}
	return size
}

// EstimateMemory estimates the most memory EstimateBuild(lvl, opt) holds
// beside the level of nodes nodes: the whole table where it builds one
// whole, else its larger sampled part (estimateScale·estimateRows rows)
// with the builder's scratch. O(1).
//
// A hierarchy table's estimate (EstimateHierarchy) counts the level's
// edges, O(1) memory; EstimateBuild of one builds it whole, its peak
// that of a build (PeakMemory) less the level.
func EstimateMemory(opt Options, nodes int) int64 {
	if opt.Window == 0 && opt.TableLayout() == table.LayoutHierarchy {
		return hierarchyPeak(nodes, -1) - LevelMemory(nodes, -1)
	}
	h := opt.layoutHeader()
	h.Nodes, h.DistKind = nodes, table.DistOctile16 // the widest a grid's rows take
	switch {
	case opt.Window > 0:
		size, _ := h.PayloadSize()
		if size > windowWholeBytes {
			return peakBytes(opt, windowProbeSide*windowProbeSide, 0)
		}
		return peakBytes(opt, nodes, size)
	case nodes <= 3*estimateRows:
		return peakBytes(opt, nodes, 8*int64(nodes)*int64(nodes))
	}
	rows := min(int64(nodes), estimateScale*estimateRows)
	perRow := int64(nodes) * int64(1+h.DistKind.Width())
	if h.Layout == table.LayoutRuns {
		perRow = int64(nodes) // a part's runs, a byte a pair at most on the levels measured
	}
	return peakBytes(opt, nodes, rows*perRow)
}

// hierarchyPeak is PeakMemory of a hierarchy table's build of a level of
// nodes nodes and edges edges (< 0: not known): the model's bytes a node,
// and never less than the level and a hierarchy of the most arcs a node
// the model allows (hierarchyArcsPerNode) held as the build holds it at
// its peak, in case a level of many edges a node outgrows the model. O(1).
func hierarchyPeak(nodes, edges int) int64 {
	arcs := int64(hierarchyArcsPerNode) * int64(nodes)
	return max(hierarchyPeakPerNode*int64(nodes), LevelMemory(nodes, edges)+hierarchyArcPeak*arcs)
}

// hierarchyArcPeak is what a hierarchy build holds an arc at its peak:
// the contraction's arcs out and in, each way (four of 16 bytes), and the
// laid-out hierarchy's up and down arcs, old and new (four of 16).
const hierarchyArcPeak = 128
