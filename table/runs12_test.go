package table

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPackedRuns encodes random symbol rows in 12-bit runs and checks
// that every run reads back its start and move, that every target reads
// the move of the run covering it (wrapped rows too) as a linear scan
// finds it, and that the bin takes 2 bytes a run, as the header promises.
func TestPackedRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 4))
	for _, n := range []int{1, 2, 17, 300, MaxPackedNodes - 1, MaxPackedNodes} {
		for _, wrap := range []bool{false, true} {
			var words []uint32
			var rowStart []int
			for range 9 { // rows of ascending starts, some from 0
				rowStart = append(rowStart, len(words))
				for start := r.IntN(2) * r.IntN(n); start < n; start += 1 + r.IntN(max(1, n/6)) {
					m := byte(r.IntN(noMove4))
					if r.IntN(6) == 0 {
						m = NoMove
					}
					words = append(words, RunWord(start, m))
				}
			}
			rowStart = append(rowStart, len(words))
			f := runForm{symbols: true, wrap: wrap}
			enc := runEncoding(n, words, f)
			if !Packed(enc) || !strings.HasPrefix(enc, "runs12x4h") {
				t.Fatalf("%d nodes: encoding %q, want a 12-bit one", n, enc)
			}
			bin := encodePacked(words)
			h := Header{Nodes: n, RunCount: len(words), FirstEnc: enc}
			if want := (runsLayout{}).binLens(&h, n)[2]; int64(len(bin)) != want || len(bin) != 2*len(words) {
				t.Fatalf("%s: %d run bytes, want %d and 2 a run", enc, len(bin), want)
			}
			c := RunCode{Starts: bin, Nibble: true, Packed: true, Wrap: wrap}
			if c.Len() != len(words) {
				t.Fatalf("%s: %d runs, want %d", enc, c.Len(), len(words))
			}
			for i, w := range words {
				if c.Start(i) != RunStart(w) || c.Move(i) != RunMove(w) {
					t.Fatalf("%s: run %d reads %d/%d, want %d/%d", enc, i, c.Start(i), c.Move(i), RunStart(w), RunMove(w))
				}
			}
			for k := 0; k+1 < len(rowStart); k++ {
				lo, hi := rowStart[k], rowStart[k+1]
				for rt := range n {
					want := byte(NoMove)
					if wrap && hi > lo {
						want = RunMove(words[hi-1])
					}
					for i := lo; i < hi && RunStart(words[i]) <= rt; i++ {
						want = RunMove(words[i])
					}
					if got := c.Find(lo, hi, rt); got != want {
						t.Fatalf("%s: Find(%d, %d, %d) = %d, want %d", enc, lo, hi, rt, got, want)
					}
				}
			}
		}
	}
}

// TestPackedWhenItApplies: the 12-bit starts are the encoding of symbol
// rows with nibble moves on at most MaxPackedNodes nodes, unless starts16
// asks for the 16-bit ones; literal rows, 8-bit moves and larger levels
// keep their encodings.
func TestPackedWhenItApplies(t *testing.T) {
	for _, tc := range []struct {
		n    int
		f    runForm
		move byte // a move the rows store besides 0
		want string
	}{
		{MaxPackedNodes, runForm{symbols: true}, 8, FirstEncRuns12x4H},
		{1, runForm{symbols: true, wrap: true}, 8, FirstEncRuns12x4HW},
		{100, runForm{symbols: true, wrap: true, comps: true}, 8, FirstEncRuns12x4HC},
		{100, runForm{symbols: true, wrap: true, comps: true, boxes: true}, 8, FirstEncRuns12x4HCB},
		{100, runForm{symbols: true, wrap: true, boxes: true}, 8, FirstEncRuns12x4HWB},
		{100, runForm{symbols: true, boxes: true}, 8, FirstEncRuns12x4HB},
		{100, runForm{symbols: true, wrap: true, boxes: true, jumps: true}, 14, FirstEncRuns12x4HWB + JumpSuffix},
		{100, runForm{symbols: true, jumps: true}, 8, FirstEncRuns12x4H}, // no row stores J: the name without j
		{MaxPackedNodes + 1, runForm{symbols: true}, 8, FirstEncRuns16x4H},
		{MaxPackedNodes + 1, runForm{symbols: true, wrap: true, jumps: true}, 13, FirstEncRuns16x4HW + JumpSuffix},
		{maxNarrowNodes + 1, runForm{symbols: true, comps: true, wrap: true}, 8, FirstEncRuns32x4HC},
		{100, runForm{symbols: true, starts16: true}, 8, FirstEncRuns16x4H},
		{100, runForm{symbols: true, wrap: true, boxes: true, jumps: true, starts16: true}, 14, FirstEncRuns16x4HWB + JumpSuffix},
		{100, runForm{}, 7, FirstEncRuns16x4},
		{100, runForm{}, 200, FirstEncRuns16x8},
		{MaxPackedNodes, runForm{}, 3, FirstEncRuns16x4},
	} {
		words := []uint32{RunWord(0, 0), RunWord(1, tc.move)}
		got := runEncoding(tc.n, words, tc.f)
		if got != tc.want {
			t.Errorf("%d nodes, form %+v, move %d: %q, want %q", tc.n, tc.f, tc.move, got, tc.want)
		}
		if _, _, ok := runCodeOf(got); !ok || Packed(got) != strings.HasPrefix(got, "runs12") {
			t.Errorf("%q: runCodeOf %v, Packed %v", got, ok, Packed(got))
		}
	}
}

// TestPackedDamaged: a 12-bit table whose row holds a start at or past
// the nodes, or a start not above the one before it, is refused at load
// with an error naming the run, its row and the start; a 12-bit name on
// more than MaxPackedNodes nodes is refused with the header.
func TestPackedDamaged(t *testing.T) {
	const n = 10
	good := []uint32{RunWord(0, 1), RunWord(4, 8), RunWord(9, NoMove), RunWord(2, 3), RunWord(5, 0)}
	rowStart := []uint32{0, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5}
	if err := checkPacked(encodePacked(good), rowStart, 0, n); err != nil {
		t.Fatalf("good runs: %v", err)
	}
	for _, tc := range []struct {
		name string
		run  int
		word uint32
		want string
	}{
		{"a start at the node count", 2, RunWord(n, 0), "run 2, of the row of rank 0, starts at rank 10 of 10 nodes"},
		{"a start of 4095", 4, RunWord(MaxPackedNodes-1, 1), "run 4, of the row of rank 2, starts at rank 4095 of 10 nodes"},
		{"a start equal to the one before", 1, RunWord(0, 8), "run 1, of the row of rank 0, starts at rank 0, not after the run before it (0)"},
		{"a start below the one before", 4, RunWord(1, 0), "run 4, of the row of rank 2, starts at rank 1, not after the run before it (2)"},
	} {
		words := append([]uint32(nil), good...)
		words[tc.run] = tc.word
		err := checkPacked(encodePacked(words), rowStart, 0, n)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want an error naming %q", tc.name, err, tc.want)
		}
	}
	// A start of 4095 in the bin's own bits, not through RunWord: the
	// top 12 bits of the word.
	bin := encodePacked(good)
	binary.LittleEndian.PutUint16(bin[2:], 0xFFF8)
	if err := checkPacked(bin, rowStart, 0, n); err == nil || !strings.Contains(err.Error(), "starts at rank 4095") {
		t.Errorf("word 0xFFF8: %v", err)
	}
	for _, nodes := range []int{MaxPackedNodes + 1, maxNarrowNodes} {
		h := Header{Nodes: nodes, FirstEnc: FirstEncRuns12x4HW + JumpSuffix, DistKind: DistU16}
		if _, err := (runsLayout{}).size(&h); err == nil || !strings.Contains(err.Error(), "12-bit starts") {
			t.Errorf("%d nodes with %q: %v, want an error naming the 12-bit starts", nodes, h.FirstEnc, err)
		}
	}
	for _, enc := range []string{"runs12x4", "runs12x8h", "runs12x4hbw", "runs12x4hwc", "runs12x4hjb", "runs12x4hwbjj", "runs12x4j"} {
		if _, _, ok := runCodeOf(enc); ok || Packed(enc) {
			t.Errorf("%q: a known encoding", enc)
		}
	}
}
