package lookup_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// corridorGrid returns a corridor three cells wide and long cells long,
// running down the map, walled all round.
func corridorGrid(long int) string {
	var b strings.Builder
	b.WriteString("#####\n")
	for range long {
		b.WriteString("#...#\n")
	}
	b.WriteString("#####\n")
	return b.String()
}

// TestAcrossSeedBack checks the distances across seeds toward the source
// along a stored path's prefix reversed: every node's distance back to
// the source is the table's, and its next steps lead there along the
// prefix, on run-length tables of levels with many ties.
func TestAcrossSeedBack(t *testing.T) {
	levels := []string{corridorGrid(12), "#########\n#.......#\n#..#....#\n#.......#\n#....#..#\n#.......#\n#########\n"}
	for _, text := range levels {
		g, err := maps.Parse("case.grid", []byte(text), maps.Options{})
		if err != nil {
			t.Fatal(err)
		}
		lt := buildAndLoadWith(t, g, build.Options{Layout: table.LayoutRuns})
		o := lookup.NewOverlay(lt)
		// A change anywhere: the seeds read the changes' marks.
		if err := o.Block(lt.Len() - 1); err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		for range 40 {
			s, d := r.IntN(lt.Len()), r.IntN(lt.Len())
			path, _ := lt.AppendPath(nil, s, d)
			dist, back := lookup.SeedBack(o, s, d)
			if len(dist) != len(path) {
				t.Fatalf("%d -> %d: %d distances seeded, want %d", s, d, len(dist), len(path))
			}
			for i, u := range path {
				want, _ := lt.Dist(u, s)
				if math.Abs(dist[i]-want) > 1e-9 {
					t.Errorf("%d -> %d: node %d seeded %v from the source, want %v", s, d, u, dist[i], want)
				}
				way := slices.Clone(path[:i+1])
				slices.Reverse(way)
				if !slices.Equal(back[i], way) {
					t.Errorf("%d -> %d: node %d leads back by %v, want %v", s, d, u, back[i], way)
				}
			}
		}
	}
}

// TestAcrossSeedsShortenWalks checks that the walks across reads its
// distances from stop on the stored path's seeds: through a door in a
// long corridor, they take a few nodes, not the corridor's length twice,
// and the answer is still found across the line (TestOverlayAcross checks
// such answers against Floyd-Warshall).
func TestAcrossSeedsShortenWalks(t *testing.T) {
	const long = 40
	g, err := maps.Parse("case.grid", []byte(corridorGrid(long)), maps.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lt := buildAndLoadWith(t, g, build.Options{Layout: table.LayoutRuns})
	o, node := checkCellChanges(t, g, lt, [][2]int{{2, long / 2}}, nil)
	s, d := node([2]int{2, 1}), node([2]int{2, long})
	ok, walks := lookup.AcrossWalks(o, s, d)
	if !ok {
		t.Fatal("the door was not answered across its line")
	}
	// The seeds count half a node each, long/2 or so; unseeded, the
	// walks take about the corridor's length.
	if most := long/2 + 8; walks > most {
		t.Errorf("across walked %d nodes, want at most %d", walks, most)
	}
}
