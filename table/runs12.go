package table

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Runs of 12-bit starts. On a symbol table (moves below 16) of at most
// MaxPackedNodes nodes a run is one little-endian uint16, start<<4 | move,
// with 0xF no path: 2 bytes a run instead of 2.5. The start sits in the
// high bits so that a row's words increase with its starts, and the
// binary search compares whole words with rank<<4 | 0xF, no mask: the
// same loop as 16-bit starts (RunCode.Find). The encodings are the symbol ones with
// "runs12x4" for "runs16x4"; the order keeps 2 bytes a rank. Unlike the
// wider encodings, whose starts go unchecked until used, a reader checks
// at load that every row's starts increase and lie below the nodes: the
// tables are small, so the check is cheap.

// MaxPackedNodes is the most nodes whose ranks fit a 12-bit start.
const MaxPackedNodes = 1 << 12

// The 12-bit symbol encodings (symbols.go), without and with J
// (JumpSuffix).
const (
	FirstEncRuns12x4H   = "runs12x4" + SymbolSuffix
	FirstEncRuns12x4HW  = FirstEncRuns12x4H + WrapSuffix
	FirstEncRuns12x4HB  = FirstEncRuns12x4H + BoxSuffix
	FirstEncRuns12x4HWB = FirstEncRuns12x4HW + BoxSuffix
	FirstEncRuns12x4HC  = FirstEncRuns12x4H + CompSuffix
	FirstEncRuns12x4HCB = FirstEncRuns12x4HC + BoxSuffix
)

// Packed reports whether encoding enc stores 12-bit starts and their
// moves in one 16-bit word a run. O(1).
func Packed(enc string) bool {
	switch withoutJump(enc) {
	case FirstEncRuns12x4H, FirstEncRuns12x4HW, FirstEncRuns12x4HB, FirstEncRuns12x4HWB, FirstEncRuns12x4HC, FirstEncRuns12x4HCB:
		return true
	}
	return false
}

// packs reports whether runs of a table of n nodes, of form f, whose
// moves fit a nibble or not, take 12-bit starts. O(1).
func packs(n int, nibble bool, f runForm) bool {
	return f.symbols && nibble && n <= MaxPackedNodes && !f.starts16
}

// symbolEncodingOf names the symbol encoding of form f with starts of
// bits bits, 12, 16 or 32: runs<bits>x4h, then c or w, b, j. O(1).
func symbolEncodingOf(bits int, f runForm) string {
	var b strings.Builder
	b.WriteString("runs")
	switch bits {
	case 12:
		b.WriteString("12")
	case 16:
		b.WriteString("16")
	default:
		b.WriteString("32")
	}
	b.WriteString("x4" + SymbolSuffix)
	switch {
	case f.comps:
		b.WriteString(CompSuffix)
	case f.wrap:
		b.WriteString(WrapSuffix)
	}
	if f.boxes {
		b.WriteString(BoxSuffix)
	}
	if f.jumps {
		b.WriteString(JumpSuffix)
	}
	return b.String()
}

// encodePacked lays words (RunWord, starts below MaxPackedNodes, moves
// below 15 or NoMove) out as a 12-bit runs bin. O(len(words)).
func encodePacked(words []uint32) []byte {
	bin := make([]byte, 0, 2*len(words))
	for _, w := range words {
		m := uint16(RunMove(w))
		if m == NoMove {
			m = noMove4
		}
		bin = binary.LittleEndian.AppendUint16(bin, uint16(RunStart(w))<<4|m&0xF)
	}
	return bin
}

// packedMove is the move in a 12-bit run's low byte. O(1).
func packedMove(low byte) byte {
	if m := low & 0xF; m != noMove4 {
		return m
	}
	return NoMove
}

// checkPacked checks the runs of a 12-bit table of n nodes, runs bin bin,
// by row (rowStart, checked to span them): each row's starts increase and
// lie below n, so that a search over a row is a search over sorted
// words. O(runs).
func checkPacked(bin []byte, rowStart []uint32, from, n int) error {
	for k := 0; k+1 < len(rowStart); k++ {
		prev := -1
		for i := int(rowStart[k]); i < int(rowStart[k+1]); i++ {
			start := int(binary.LittleEndian.Uint16(bin[2*i:]) >> 4)
			switch {
			case start >= n:
				return fmt.Errorf("runs: run %d, of the row of rank %d, starts at rank %d of %d nodes", i, from+k, start, n)
			case start <= prev:
				return fmt.Errorf("runs: run %d, of the row of rank %d, starts at rank %d, not after the run before it (%d)", i, from+k, start, prev)
			}
			prev = start
		}
	}
	return nil
}
