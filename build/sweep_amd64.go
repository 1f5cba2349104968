//go:build !purego

package build

// On amd64 with AVX2 the sweep's inner loop (sweepRange) runs as vector
// code, four packed distances per instruction; the Go loop in sweep.go
// stays the reference and serves other machines.

// sweepRangeAVX2 is the loop of sweep.runRange over positions lo..hi-1:
// dist is the sweep's rows, seen its bit set, up and upOff the
// hierarchy's up arcs. Same results as the Go loop, bit for bit.
//
//go:noescape
func sweepRangeAVX2(dist *[sweepRows]uint64, seen *uint64, up *hArc, upOff *int32, lo, hi int)

// cpuid and xgetbv ask the processor what it offers.
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax, edx uint32)

// hasAVX2 reports AVX2 and an operating system that saves its registers.
var hasAVX2 = func() bool {
	if max, _, _, _ := cpuid(0, 0); max < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 { // XMM and YMM state
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}()

// climbArcsAVX2 is the loop of sweep.climbAll over one node's arcs: every
// column of each arc's tail's row lowered to the node's distance, move
// masked off, plus the arc. Same results as the Go loop, bit for bit.
//
//go:noescape
func climbArcsAVX2(dist, from *[sweepRows]uint64, arcs *hArc, n int)
