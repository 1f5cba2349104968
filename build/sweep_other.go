//go:build !amd64 || purego

package build

// hasAVX2 and hasAVX512 are false where the sweep has no vector loop.
const (
	hasAVX2   = false
	hasAVX512 = false
)

func sweepRangeAVX2(*[sweepRows]uint64, *uint64, *hArc, *int32, int, int) {
	panic("no vector sweep on this architecture")
}

func climbArcsAVX2(*[sweepRows]uint64, *[sweepRows]uint64, *hArc, int) {
	panic("no vector sweep on this architecture")
}

func sweepRangeAVX512(*[sweepRows]uint64, *uint64, *hArc, *int32, int, int) {
	panic("no vector sweep on this architecture")
}

func climbAVX512(*[sweepRows]uint64, *uint64, *uint64, *hArc, *int32, int, int) {
	panic("no vector sweep on this architecture")
}

func putOctilesAVX512(*[sweepRows]uint64, *int32, int, *[sweepRows]*byte, *[sweepRows]*byte) {
	panic("no vector sweep on this architecture")
}
