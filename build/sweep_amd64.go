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

// sweepRangeAVX512 is sweepRangeAVX2 with all eight columns of a
// position in one register, and a minimum instruction in place of a
// compare and a blend: an arc costs a load, a mask, an add and a min.
// Same results, bit for bit.
//
//go:noescape
func sweepRangeAVX512(dist *[sweepRows]uint64, seen *uint64, up *hArc, upOff *int32, lo, hi int)

// climbAVX512 is the loop of sweep.climbAll over the positions of the
// climb from top down to lo, in 512-bit registers: it takes each
// position's bit off climb, and for each arc into it marks the arc's tail
// seen (its row all unreached the first time) and in the climb, and
// lowers its row. Same results as the Go loop, bit for bit.
//
//go:noescape
func climbAVX512(dist *[sweepRows]uint64, seen, climb *uint64, down *hArc, downOff *int32, top, lo int)

// putOctilesAVX512 is the loop of sweep.putOctile over nodes 0 to n-1, n
// a multiple of eight, for all eight columns at once: it reads the rows of
// eight nodes, transposes them into columns, and writes each column's
// eight first moves to firsts[j] and eight DistOctile16 words to octs[j].
// Same results as the Go loop, bit for bit.
//
//go:noescape
func putOctilesAVX512(dist *[sweepRows]uint64, pos *int32, n int, firsts, octs *[sweepRows]*byte)

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

// hasAVX512 reports AVX-512 Foundation and Doubleword and Quadword
// instructions, and an operating system that saves their registers (the
// opmask and all 32 of 512 bits, besides AVX's).
var hasAVX512 = func() bool {
	if !hasAVX2 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&0xE6 != 0xE6 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const f, dq = 1 << 16, 1 << 17
	return ebx7&(f|dq) == f|dq
}()
