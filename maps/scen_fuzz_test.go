package maps

import (
	"errors"
	"os"
	"testing"
)

// FuzzScenarios feeds arbitrary text to the scenario parser: it must not
// panic, every error must carry its position, and every scenario it
// accepts must lie inside its map.
func FuzzScenarios(f *testing.F) {
	f.Add([]byte("version 1\n0\tm.map\t10\t8\t1\t1\t3\t4\t4.41421356\n"))
	f.Add([]byte("version 1.0\r\n\r\n3\tx.map\t5\t5\t0\t0\t4\t4\t5.65685425\r\n"))
	f.Add([]byte("version 2\n"))
	f.Add([]byte("version 1\n0\tm\t1\t1\t0\t0\t0\t0\tNaN\n"))
	f.Add([]byte(""))
	if data, err := os.ReadFile("../../shared/testmaps/lak110d.map.scen"); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		scens, err := ParseScenarios("f.scen", data)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		for _, s := range scens {
			if s.StartX < 0 || s.StartY < 0 || s.StartX >= s.Width || s.GoalX >= s.Width || s.StartY >= s.Height || s.GoalY >= s.Height || !(s.Optimal >= 0) {
				t.Fatalf("accepted a scenario off its map: %+v", s)
			}
		}
	})
}
