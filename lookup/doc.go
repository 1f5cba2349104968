// Package lookup answers path queries from a precomputed table: the part of
// pathtable a game links. Load a table once, then ask for the next move, the
// distance or the whole path between any two nodes with no search: Next and
// Dist are O(1), Path is O(path length), and AppendPath allocates nothing
// when its buffer is large enough. Each table layout has one walker
// (walk_flat.go, walk_runs.go, walk_window.go), picked once by New, that
// plain queries and overlays share. On run-length tables each move is a
// binary search in one row, and Dist walks the path; where the table has
// open-box wildcards, a pair whose bounding box is all open cells takes
// H_1 without the search, and a walk that enters such a box finishes in
// it without reading a row (walk_box.go); a windowed table
// answers a pair only when FROM lies in TO's window (Covered), along paths
// confined to it, and Search answers any pair exactly (Answers says which
// pairs need it). An Overlay answers exactly when nodes are blocked or
// costs rise at runtime, over tables of all pairs; an overlay per class of
// agents keeps each class off the cells it may not enter (see
// Example_agentClasses). AppendCorners turns a grid path into the corners
// an agent steers through in straight lines, by line of sight.
//
// A Table is immutable after loading and safe for concurrent use by any
// number of goroutines. Node indices are 0..Len()-1; use Node, NodeAt and
// Name to convert from and to "x,y" cells or graph ids. An index out of
// range never panics: Next returns -1 and Dist and Path report false.
//
// # Files
//
// The package by concern, for a reader who will change it:
//
//   - The table: lookup.go (Table, New, Load, plain queries), geometry.go
//     and agent.go (cells, edges, agents), step.go (Step's reasons),
//     search.go (Search, A* on the table's own graph), smooth.go and
//     smooth_costs.go (AppendCorners), derived.go (what a Table builds at
//     runtime, each part once at its first use), costs.go and scratch.go
//     (the search's edge costs, octile keys and working memory).
//   - Layouts, which only walk: walk.go (the walker interface, and the
//     stepper primitives an overlay reads), one file per layout
//     (walk_flat.go, walk_runs.go, walk_box.go, walk_window.go). A new
//     layout adds its walker in a file of its own.
//   - The overlay's changes: overlay.go (Overlay, Apply and the changes
//     as Apply with one change), overlay_batch.go (Batch, the only writer
//     of a change set), overlay_changes.go (the change set and its reads),
//     overlay_cuts.go (which blocked cells may cut the level).
//   - The overlay's queries: overlay_read.go (the read API),
//     overlay_view.go (a published view and what queries derive from it),
//     overlay_query.go (the engine: the stored path checked, then the
//     stages), one file a stage (overlay_parts.go, overlay_across.go with
//     overlay_crossing.go, overlay_search.go with overlay_walk.go,
//     overlay_tail.go; overlay_hierarchy.go on hierarchy tables), and
//     what some queries add: overlay_probe.go (a
//     proof from the rows), overlay_landmarks.go and landmarks.go,
//     overlay_routes.go (remembered routes), overlay_route.go (Route),
//     overlay_nearest.go (Nearest).
package lookup
