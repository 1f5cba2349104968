package main

import (
	"fmt"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/bytesize"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// Layout names, as plan's and build's -json give them.
const (
	layoutFlat      = "flat"
	layoutRuns      = "runs"
	layoutWindow    = "window"
	layoutHierarchy = "hierarchy"
)

// hierarchyAbove is the node count above which pickLayout prefers a
// hierarchy table to a run-length one. Up to it a run's start takes 16
// bits and a run-length table bakes in a few minutes of CPU into a file
// about the hierarchy's or smaller, and answers Next with no search;
// above it runs widen, the table's size and bake grow about as the square
// of the nodes (hours and hundreds of megabytes on a million cells) while
// the hierarchy's grow about linearly. docs/LAYOUTS.md gives the figures.
const hierarchyAbove = 1 << 16

// layoutFits is what pickLayout decides from: the level's node count and
// which layouts can hold it (their limits, -max-bytes, a part never
// windowed nor a hierarchy), with the flat table's size.
type layoutFits struct {
	nodes                   int
	flat                    bool
	flatBytes               int64
	runs, hierarchy, window bool
}

// pickLayout is the one rule by which plan recommends a layout and build
// picks one when no flag names it: a flat table while it fits and takes
// at most shipBytes, or when no other table of all pairs fits; else a
// run-length table (all pairs, Next with no search) up to hierarchyAbove
// nodes; else a hierarchy table (all pairs, a search a journey); else
// whichever of those two fits; else a windowed one (only short paths).
// "" when none fits. O(1).
func pickLayout(f layoutFits) string {
	switch {
	case f.flat && (f.flatBytes <= shipBytes || !f.runs && !f.hierarchy):
		return layoutFlat
	case f.runs && (f.nodes <= hierarchyAbove || !f.hierarchy):
		return layoutRuns
	case f.hierarchy:
		return layoutHierarchy
	case f.window:
		return layoutWindow
	}
	return ""
}

// layoutOptions returns the build options of a layout pickLayout names,
// with opt's other fields; windows of defaultPlanWindow. O(1).
func layoutOptions(name string, opt build.Options) build.Options {
	opt.Layout, opt.Window = table.LayoutFlat, 0
	switch name {
	case layoutRuns:
		opt.Layout = table.LayoutRuns
	case layoutWindow:
		opt.Window = defaultPlanWindow
	case layoutHierarchy:
		opt.Layout = table.LayoutHierarchy
	}
	return opt
}

// layoutName is the name of the layout opt asks for. O(1).
func layoutName(opt build.Options) string {
	switch opt.TableLayout() {
	case table.LayoutRuns:
		return layoutRuns
	case table.LayoutWindow:
		return layoutWindow
	case table.LayoutHierarchy:
		return layoutHierarchy
	}
	return layoutFlat
}

// autoLayout is what build decides for a level when no flag names a
// layout: the options of pickLayout's choice, why (for a summary line; ""
// for a flat table), and the level when deciding took parsing it. It
// applies plan's rule to sizes known without sampling a build: the flat
// table's exact size (build.FlatBytes), the hierarchy's estimate
// (build.EstimateHierarchy, O(V + E)), and each layout's own limits (node
// caps, a window on a graph, opt.MaxBytes where the size is known before
// the build). Where the node count alone rules a flat table out (its
// narrowest encoding, two bytes of distance a pair, is over shipBytes)
// and no hierarchy is in question (not a grid, a part, or at most
// hierarchyAbove nodes), the level is not parsed, so that a huge level
// costs a scan of its bytes, as build.CheckLevelSize does. A part (shard)
// is never windowed nor a hierarchy. Deterministic: the level decides,
// never the machine. O(len(data)), plus a parse and O(V + E) for the
// levels it parses.
func autoLayout(input string, format maps.Format, data []byte, mopt maps.Options, opt build.Options, shard bool) (build.Options, string, *maps.Level, error) {
	windowFits := func(n int, g *maps.Graph) bool {
		if shard || !format.IsGrid() {
			return false
		}
		if g != nil {
			_, err := build.PlanWindow(g, defaultPlanWindow)
			return err == nil
		}
		return build.CheckNodes(n, layoutOptions(layoutWindow, opt)) == nil
	}
	hierarchyAsked := func(n int) bool {
		return !shard && format.IsGrid() && n > hierarchyAbove && n <= table.MaxHierarchyNodes
	}
	if n, ok := maps.NodeCount(format, data); ok && !hierarchyAsked(n) {
		least := int64(n) * int64(n) * 3 // a first move and a 2-byte distance a pair
		if n > table.MaxNodes || least > shipBytes {
			f := layoutFits{nodes: n, flatBytes: least, runs: build.CheckNodes(n, layoutOptions(layoutRuns, opt)) == nil, window: windowFits(n, nil)}
			name := pickLayout(f)
			if name == "" {
				name = layoutRuns // its build says why it cannot be
			}
			return layoutOptions(name, opt), whyNotFlat(n, least, true), nil, nil
		}
	}
	lvl, err := maps.ParseLevel(input, data, mopt)
	if err != nil {
		return opt, "", nil, err
	}
	g := lvl.Graph
	f := layoutFits{nodes: g.Nodes(), window: windowFits(g.Nodes(), g)}
	var ferr, overLimit error
	f.flatBytes, ferr = build.FlatBytes(g)
	if ferr == nil {
		h, _ := build.PlanLayout(g, table.LayoutFlat)
		overLimit = build.CheckSize(&h, opt.MaxBytes)
	}
	f.flat = ferr == nil && overLimit == nil
	_, rerr := build.PlanLayout(g, table.LayoutRuns)
	f.runs = rerr == nil
	var hier build.Estimate
	if !shard && (!f.flat || f.flatBytes > shipBytes) && (hierarchyAsked(f.nodes) || !f.runs) {
		hier, err = build.EstimateHierarchy(g, opt)
		f.hierarchy = err == nil && (opt.MaxBytes <= 0 || hier.Bytes <= opt.MaxBytes)
	}
	name := pickLayout(f)
	switch name {
	case layoutFlat, "":
		return layoutOptions(layoutFlat, opt), "", lvl, nil
	}
	why := whyNotFlat(g.Nodes(), f.flatBytes, false)
	switch {
	case ferr != nil:
		why = fmt.Sprintf("no flat table: %v", ferr)
	case overLimit != nil:
		why = fmt.Sprintf("a flat table would take %s, over -max-bytes %s", bytesize.Format(f.flatBytes), bytesize.Format(opt.MaxBytes))
	}
	switch {
	case name == layoutHierarchy && f.runs:
		why += fmt.Sprintf("; past %d nodes a hierarchy table holds all pairs in about %s, built in about %s of CPU, where a run-length one's bake grows with the square of the nodes",
			hierarchyAbove, bytesize.Format(hier.Bytes), formatDuration(hier.CPU))
	case name == layoutHierarchy:
		why += fmt.Sprintf("; a run-length one cannot hold it (%v)", rerr)
	case name == layoutWindow:
		why += fmt.Sprintf("; a run-length one cannot hold it (%v)", rerr)
	}
	return layoutOptions(name, opt), why, lvl, nil
}

// whyNotFlat says why build picked another layout than a flat table of n
// nodes taking flatBytes (atLeast: a lower bound).
func whyNotFlat(n int, flatBytes int64, atLeast bool) string {
	if n > table.MaxNodes {
		return fmt.Sprintf("a flat table holds at most %d nodes, the level has %d", table.MaxNodes, n)
	}
	least := ""
	if atLeast {
		least = "at least "
	}
	return fmt.Sprintf("a flat table would take %s%s, over %s", least, bytesize.Format(flatBytes), bytesize.Format(shipBytes))
}
