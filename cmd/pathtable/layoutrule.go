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
	layoutFlat   = "flat"
	layoutRuns   = "runs"
	layoutWindow = "window"
	// layoutHierarchy is only ever asked for (-hierarchy): pickLayout does
	// not pick it yet.
	layoutHierarchy = "hierarchy"
)

// pickLayout is the one rule by which plan recommends a layout and build
// picks one when no flag names it: a flat table while it fits and takes
// at most shipBytes (flatBytes), or when nothing else fits; else a
// run-length table (all pairs, smallest); else a windowed one (only short
// paths). "" when none fits. O(1).
func pickLayout(flatFits bool, flatBytes int64, runsFit, windowFits bool) string {
	switch {
	case flatFits && (flatBytes <= shipBytes || !runsFit):
		return layoutFlat
	case runsFit:
		return layoutRuns
	case windowFits:
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
// table's exact size (build.FlatBytes), and each layout's own limits
// (node caps, a window on a graph, opt.MaxBytes where the size is known
// before the build). Where the node count alone rules a flat table out
// (its narrowest encoding, two bytes of distance a pair, is over
// shipBytes), the level is not parsed, so that a huge level costs a scan
// of its bytes, as build.CheckLevelSize does. A part (shard) is never
// windowed. Deterministic: the level decides, never the machine.
// O(len(data)), plus a parse and O(V + E) for levels of fewer than about
// 4,700 nodes or of unknown count.
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
	runsOpt := layoutOptions(layoutRuns, opt)
	if n, ok := maps.NodeCount(format, data); ok {
		least := int64(n) * int64(n) * 3 // a first move and a 2-byte distance a pair
		if n > table.MaxNodes || least > shipBytes {
			runsFit := build.CheckNodes(n, runsOpt) == nil
			name := pickLayout(false, least, runsFit, windowFits(n, nil))
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
	flatBytes, ferr := build.FlatBytes(g)
	var overLimit error
	if ferr == nil {
		h, _ := build.PlanLayout(g, table.LayoutFlat)
		overLimit = build.CheckSize(&h, opt.MaxBytes)
	}
	_, rerr := build.PlanLayout(g, table.LayoutRuns)
	name := pickLayout(ferr == nil && overLimit == nil, flatBytes, rerr == nil, windowFits(g.Nodes(), g))
	switch name {
	case layoutFlat, "":
		return layoutOptions(layoutFlat, opt), "", lvl, nil
	}
	why := whyNotFlat(g.Nodes(), flatBytes, false)
	switch {
	case ferr != nil:
		why = fmt.Sprintf("no flat table: %v", ferr)
	case overLimit != nil:
		why = fmt.Sprintf("a flat table would take %s, over -max-bytes %s", bytesize.Format(flatBytes), bytesize.Format(opt.MaxBytes))
	}
	if name == layoutWindow {
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
