package lookup

// StepReason says why Step gave, or did not give, a next node: the
// reasons a plain Next folds into -1, told apart in the same call, and
// StepPending, which only Route.Plan gives.
type StepReason uint8

const (
	StepOK         StepReason = iota // a next node on a shortest path
	StepArrived                      // from is the goal
	StepNoPath                       // the goal cannot be reached from from
	StepBlocked                      // an overlay blocks from or the goal
	StepOutOfRange                   // from or the goal is not a node
	StepNotCovered                   // a windowed table does not cover the pair (Search answers it)
	StepPending                      // a Planner has not yet answered (Route.Plan): wait and ask again
)

var stepReasons = [...]string{"ok", "arrived", "no path", "blocked", "out of range", "not covered", "pending"}

func (r StepReason) String() string {
	if int(r) < len(stepReasons) {
		return stepReasons[r]
	}
	return "unknown"
}

// Step is Next with the reason there is no next node: next is -1 unless
// the reason is StepOK. Its cost is Next's.
func (lt *Table) Step(from, to int) (next int, why StepReason) {
	if why = lt.refuse(from, to); why != StepOK {
		return -1, why
	}
	if next = lt.Next(from, to); next < 0 {
		return -1, StepNoPath
	}
	return next, StepOK
}

// refuse is the reason the table gives no step from from to to that needs
// no path read (out of range, arrived, not covered), or StepOK. O(1) but
// for the walker's covers.
func (lt *Table) refuse(from, to int) StepReason {
	switch {
	case !lt.valid(from) || !lt.valid(to):
		return StepOutOfRange
	case from == to:
		return StepArrived
	case !lt.w.covers(from, to):
		return StepNotCovered
	}
	return StepOK
}
