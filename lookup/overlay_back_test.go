package lookup

import (
	"context"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// searchTaken returns how many nodes the keyed A* from s to t, seeded
// with stored and cut, takes from its queue until it ends.
func searchTaken(v *view, s, t int32, stored []int, cut int) int {
	q := query{view: v, sc: v.lt.getScratch()}
	defer v.lt.putScratch(q.sc)
	q.sc.begin()
	a := astar{q: q, s: s, t: t, keyed: true}
	if _, _, done := a.start(stored, cut); done {
		return 0
	}
	a.run(-1)
	return a.taken
}

// TestSearchBackClosesTheSmallerSide: a block a quarter and three quarters
// along many stored paths of den312d; the search searchBack picks, from
// the source or from the target back, takes fewer nodes in all than the
// search from the source alone, and than the other side's. Fails where
// the rule is turned round or never searches back.
func TestSearchBackClosesTheSmallerSide(t *testing.T) {
	lvl, err := maps.Load("../../shared/testmaps/den312d.map", maps.Options{})
	if err != nil {
		t.Skip("no ../shared/testmaps/den312d.map")
	}
	for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
		tab, err := build.Build(context.Background(), lvl.Graph, build.Options{Layout: layout})
		if err != nil {
			t.Fatal(err)
		}
		lt := New(tab)
		n := lt.Len()
		var fwd, other, picked, searches int
		for i := range 120 {
			from, to := (i*7919)%n, (i*104729+n/2)%n
			path, ok := lt.AppendPath(nil, from, to)
			if !ok || len(path) < 16 {
				continue
			}
			for _, at := range []int{len(path) / 4, 3 * len(path) / 4} {
				o := NewOverlay(lt)
				if err := o.Block(path[at]); err != nil {
					t.Fatal(err)
				}
				v := o.load()
				stored, cut, state := v.checked(nil, from, to)
				if state != pathChanged {
					t.Fatalf("%q: %d -> %d blocked at %d: stored path not cut", layout, from, to, path[at])
				}
				f := searchTaken(v, int32(from), int32(to), stored, cut)
				b := searchTaken(v, int32(to), int32(from), nil, 0)
				if v.searchBack(len(stored), cut) {
					picked, other = picked+b, other+f
				} else {
					picked, other = picked+f, other+b
				}
				fwd += f
				searches++
			}
		}
		if searches < 100 || picked >= fwd || picked >= other {
			t.Errorf("%q, %d searches: nodes taken %d by searchBack's side, %d from the source, %d by the other side",
				layout, searches, picked, fwd, other)
		}
		t.Logf("%q, %d searches: nodes taken %d by searchBack's side, %d from the source, %d by the other side",
			layout, searches, picked, fwd, other)
	}
}
