package lookup

import "sync"

// routes remembers, per goal and for the level as the overlay has it now,
// how every node on a path the overlay has answered goes on: a game's
// agents ask Next toward the same goals frame after frame, and every
// suffix of a shortest path is a shortest path, so one answer serves each
// node along it until the level changes again. A node whose stored table
// path the answer followed to the goal is clean: the table's Next is
// right there, and for every node after it. Other nodes of the answer
// (the detour around a change) keep their next node. An agent following
// Next thus pays one check or search per goal and change, then an array
// read a step.
type routes struct {
	mu      sync.Mutex
	version uint64 // the overlay's version the routes hold for
	goals   map[int32]*goalRoutes
	bytes   int   // held by goals, bounded by maxRouteBytes
	buf     []int // a path being recorded, reused
}

// goalRoutes is what routes knows of the paths to one goal.
type goalRoutes struct {
	state  []routeState    // by node
	detour map[int32]int32 // next node of the routeDetour nodes
}

type routeState uint8

const (
	routeUnknown routeState = iota
	routeClean              // the table's path to the goal is unchanged
	routeDetour             // goes on by detour[node]
	routeNone               // no path to the goal
)

// maxRouteBytes bounds what routes holds (a byte a node per goal, and the
// detours): past it every goal is forgotten and relearnt by the queries
// that follow.
const maxRouteBytes = 64 << 20

// goal returns the routes to goal for version, forgetting all when the
// level changed since, making them when new. Under r.mu. O(1), or O(V)
// for a new goal.
func (r *routes) goal(version uint64, goal int32, n int) *goalRoutes {
	if r.version != version || r.goals == nil {
		r.goals, r.bytes, r.version = make(map[int32]*goalRoutes), 0, version
	}
	g := r.goals[goal]
	if g == nil {
		if r.bytes+n > maxRouteBytes {
			clear(r.goals)
			r.bytes = 0
		}
		g = &goalRoutes{state: make([]routeState, n)}
		r.goals[goal] = g
		r.bytes += n
	}
	return g
}

// remembered is Next through the routes. Amortised O(1) for an agent
// following Next to a goal between changes; the first query of a node not
// yet on an answered path costs AppendPath's check or search, and
// O(path length) to record it.
func (o *view) remembered(from, to int) int {
	r := &o.routes
	r.mu.Lock()
	g := r.goal(o.version, int32(to), o.lt.n)
	switch g.state[from] {
	case routeClean:
		r.mu.Unlock()
		return o.lt.Next(from, to)
	case routeDetour:
		next := int(g.detour[int32(from)])
		r.mu.Unlock()
		return next
	case routeNone:
		r.mu.Unlock()
		return -1
	}
	buf := r.buf
	r.buf = nil // queries on other goroutines may record meanwhile
	r.mu.Unlock()

	buf, ok := o.AppendPath(buf[:0], from, to)
	next := -1
	if ok && len(buf) > 1 {
		next = buf[1]
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	if r.version == o.version && r.goals[int32(to)] == g {
		g.record(o.lt, buf, ok, from, to)
	}
	r.buf = buf
	return next
}

// record notes path, the answer from from to to: its longest suffix that
// is the table's own path is clean, the nodes before it detour. O(len).
func (g *goalRoutes) record(lt *Table, path []int, ok bool, from, to int) {
	if !ok {
		g.state[from] = routeNone
		return
	}
	clean := len(path) - 1 // path[clean:] is the table's path
	for clean > 0 && lt.Next(path[clean-1], to) == path[clean] {
		clean--
	}
	for i, u := range path[:len(path)-1] {
		if i >= clean {
			g.state[u] = routeClean
			continue
		}
		if g.detour == nil {
			g.detour = make(map[int32]int32)
		}
		g.state[u] = routeDetour
		g.detour[int32(u)] = int32(path[i+1])
	}
}
