package lookup_test

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/pathtable/pathtable/lookup"
)

func TestZZDiag(t *testing.T) {
	lt, cases := loadDoorCases(t)
	o := lookup.NewOverlay(lt)
	var buf []int
	var tot, totl time.Duration
	for _, c := range cases {
		o.Block(c.door)
		t0 := time.Now()
		for range 20 {
			buf, _ = o.AppendPath(buf[:0], c.s, c.t)
		}
		d := time.Since(t0) / 20
		o.Unblock(c.door)
		t0 = time.Now()
		var r = c.solver.Solve(c.s2, c.t2)
		for range 19 {
			r = c.solver.Solve(c.s2, c.t2)
		}
		dl := time.Since(t0) / 20
		tot += d
		totl += dl
		p, _ := lt.AppendPath(nil, c.s, c.t)
		fmt.Printf("len %4d overlay %9v live %9v exp %6d inf %v ratio %.1f\n", len(p), d, dl, r.Expanded, math.IsInf(c.cost, 1), float64(dl)/float64(d))
	}
	fmt.Println(tot, totl)
}
