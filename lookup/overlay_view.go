package lookup

// A view is one state of an overlay's level: the changes in force, what
// queries derive from them, and the routes answered for them. An Overlay
// publishes a new view at each change and never changes a published
// one's changes, so queries read a view without a lock; what they derive
// and remember is built on demand, safely for concurrent queries.
type view struct {
	changeSet
	derived viewDerived
	routes  routes // overlay_routes.go
	// batch is the Batch that Apply hands out to write the view's changes
	// before it publishes them: held here, it costs no allocation a change.
	batch Batch
}

// viewDerived is what queries derive from a view's changes: each part
// built at the first query that needs it (by the lazy mechanism a Table's
// derived state uses) and kept until the next change makes a new view.
type viewDerived struct {
	parts     lazy[[]int32]   // the level's parts, where a change may cut it (overlay_parts.go)
	probe     lazy[[]int32]   // the nodes a proof from the rows checks (overlay_probe.go)
	landmarks lazy[landmarks] // landmarks on the changed level (overlay_landmarks.go)
	crossings crossings       // lines across changes, one at a time (overlay_crossing.go)
}

// open reports whether both ends are nodes and neither is blocked. O(1).
func (v *view) open(from, to int) bool {
	return v.lt.valid(from) && v.lt.valid(to) && !v.isBlocked(from) && !v.isBlocked(to)
}
