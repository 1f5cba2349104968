package build

import "github.com/pathtable/pathtable/table"

// LayoutBuild is the build of one table layout: the layout's name and the
// options that ask for it.
type LayoutBuild struct {
	Name    string
	Options Options
}

// Layouts lists one build of each table layout: "flat", "runs" (run-length)
// and "window" (windowed, of half-width delta; grids only: Build refuses
// graphs with ErrWindowGraph). Tests and tools that cover every layout
// range over it, so that a layout added here is covered wherever they do;
// those that need a table of all pairs (an overlay, parts) keep the builds
// whose Options.Window is 0. O(1).
func Layouts(delta int) []LayoutBuild {
	return []LayoutBuild{
		{"flat", Options{}},
		{"runs", Options{Layout: table.LayoutRuns}},
		{"window", Options{Window: delta}},
	}
}
