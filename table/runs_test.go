package table

import (
	"math/rand/v2"
	"testing"
)

// TestRunCodes encodes random rows in each of the four run encodings and
// checks that every target reads back the move of the run covering it, as
// a linear scan of the words finds it, and that the bins take the lengths
// the header promises.
func TestRunCodes(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 13))
	for _, tc := range []struct {
		enc      string
		n        int
		maxMove  int
		wantWide bool
	}{
		{FirstEncRuns16x4, 300, 14, false},
		{FirstEncRuns16x8, 300, 200, false},
		{FirstEncRuns32x4, maxNarrowNodes + 5, 14, true},
		{FirstEncRuns32x8, maxNarrowNodes + 5, 200, true},
	} {
		var words []uint32
		for range 7 { // a row of ascending starts, a first start above 0
			start := 1 + r.IntN(tc.n/8)
			for start < tc.n {
				m := byte(r.IntN(tc.maxMove + 1))
				if r.IntN(5) == 0 {
					m = NoMove
				}
				words = append(words, RunWord(start, m))
				start += 1 + r.IntN(tc.n/8)
			}
		}
		if got := runEncoding(tc.n, words, runForm{}); got != tc.enc {
			t.Fatalf("%d nodes, moves up to %d: encoding %q, want %q", tc.n, tc.maxMove, got, tc.enc)
		}
		wide, nibble, _ := runCodeOf(tc.enc)
		bin := encodeRuns(words, wide, nibble)
		h := Header{Nodes: tc.n, RunCount: len(words), FirstEnc: tc.enc}
		if want := (runsLayout{}).binLens(&h, tc.n)[2]; int64(len(bin)) != want || wide != tc.wantWide {
			t.Fatalf("%s: %d run bytes, want %d", tc.enc, len(bin), want)
		}
		sb := 2
		if wide {
			sb = 4
		}
		c := RunCode{Starts: bin[:sb*len(words)], Moves: bin[sb*len(words):], Wide: wide, Nibble: nibble}
		for i := range words {
			if c.Start(i) != RunStart(words[i]) || c.Move(i) != RunMove(words[i]) {
				t.Fatalf("%s: run %d reads %d/%d, want %d/%d", tc.enc, i, c.Start(i), c.Move(i), RunStart(words[i]), RunMove(words[i]))
			}
		}
		// The rows are the runs between descents of the starts.
		lo := 0
		for hi := 1; hi <= len(words); hi++ {
			if hi < len(words) && RunStart(words[hi]) > RunStart(words[hi-1]) {
				continue
			}
			for rt := 0; rt < tc.n; rt += 1 + r.IntN(50) {
				want := byte(NoMove)
				for i := lo; i < hi && RunStart(words[i]) <= rt; i++ {
					want = RunMove(words[i])
				}
				if got := c.Find(lo, hi, rt); got != want {
					t.Fatalf("%s: Find(%d, %d, %d) = %d, want %d", tc.enc, lo, hi, rt, got, want)
				}
			}
			lo = hi
		}
	}
}

// TestRunHeaderWidths refuses 16-bit starts on more nodes than they hold
// and names that are no run encoding.
func TestRunHeaderWidths(t *testing.T) {
	for _, h := range []Header{
		{Nodes: maxNarrowNodes + 1, FirstEnc: FirstEncRuns16x4, DistKind: DistU16},
		{Nodes: 10, FirstEnc: "runs32", DistKind: DistU16},
	} {
		if _, err := (runsLayout{}).size(&h); err == nil {
			t.Errorf("%d nodes, encoding %q: no error", h.Nodes, h.FirstEnc)
		}
	}
}
