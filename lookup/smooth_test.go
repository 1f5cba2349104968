package lookup_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/lookup"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
)

// gridTable builds a .grid level's text under model m into a flat table.
func gridTable(t testing.TB, text string, m maps.Moves) *lookup.Table {
	t.Helper()
	g, err := maps.ParseFormat(maps.FormatGrid, "test.grid", []byte(text), maps.Options{Moves: m})
	if err != nil {
		t.Fatal(err)
	}
	return buildAndLoad(t, g)
}

// cells returns the nodes of "x,y" ids.
func cells(t testing.TB, lt *lookup.Table, ids ...string) []int {
	t.Helper()
	var out []int
	for _, id := range ids {
		u, err := lt.Node(id)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, u)
	}
	return out
}

func TestSegmentMeetsCell(t *testing.T) {
	for _, c := range []struct {
		x0, y0, x1, y1, cx, cy int
		want                   bool
	}{
		{0, 0, 2, 0, 1, 0, true},  // along a row
		{0, 0, 2, 0, 1, 1, false}, // the row beside it
		{0, 0, 1, 1, 1, 0, true},  // a diagonal meets the corner cells
		{0, 0, 1, 1, 0, 1, true},
		{0, 0, 1, 1, 2, 2, false},
		{0, 0, 2, 1, 1, 0, true}, // slope 1/2 crosses into row 1 at x = 1.5
		{0, 0, 2, 1, 1, 1, true},
		{0, 0, 2, 1, 0, 1, false},
		{0, 0, 2, 1, 2, 0, false},
		{0, 0, 3, 1, 1, 1, true}, // slope 1/3 passes the corner (2, 1)
		{0, 0, 3, 1, 0, 1, false},
		{0, 0, 3, 1, 2, 1, true},
		{0, 0, 3, 1, 2, 0, true},
		{0, 0, 0, 0, 0, 0, true},  // a point: its cell's centre
		{0, 0, 0, 0, 1, 1, false}, // and no other cell
		{1, 2, 4, 3, 3, 2, true},  // through the corner point (3, 3)
		{1, 2, 4, 3, 2, 3, true},
		{1, 2, 4, 3, 2, 1, false},
	} {
		want := c.want
		if got := segmentMeetsCell(c.x0, c.y0, c.x1, c.y1, c.cx, c.cy); got != want {
			t.Errorf("segment %d,%d-%d,%d meets cell %d,%d = %v, want %v", c.x0, c.y0, c.x1, c.y1, c.cx, c.cy, got, want)
		}
	}
}

func TestAppendCornersHand(t *testing.T) {
	eight := maps.Moves{Connect: 8, Diagonal: maps.DiagonalSqrt2}
	four := maps.Moves{Connect: 4, Diagonal: maps.DiagonalSqrt2}
	open := strings.Repeat(strings.Repeat(".", 12)+"\n", 6)
	// The segment from 1,2 to 4,3 passes exactly through the grid corner
	// (3, 3), which walls at 3,2 and 2,3 touch (squeeze), or 3,2 alone.
	squeeze := ".......\n.......\n...#...\n..#....\n.......\n"
	graze := ".......\n.......\n...#...\n.......\n.......\n"
	// A path around the swamp (cost 9) may not be straightened across it;
	// one through it may.
	swamp := "..........\n...9999...\n...9999...\n..........\n"
	for _, c := range []struct {
		name   string
		level  string
		m      maps.Moves
		path   []string // or FROM and TO of a table path, when search is set
		want   []string // nil: checked by the oracle only
		ok     bool
		search bool
	}{
		{"zig-zag in the open", open, eight,
			[]string{"0,0", "1,0", "2,1", "3,1", "4,2", "5,2", "6,3"}, []string{"0,0", "6,3"}, true, false},
		{"staircase on 4 moves", open, four,
			[]string{"0,0", "1,0", "1,1", "2,1", "2,2", "3,2", "3,3"}, []string{"0,0", "3,3"}, true, false},
		{"one node", open, eight, []string{"3,3"}, []string{"3,3"}, true, false},
		{"one step", open, eight, []string{"3,3", "4,4"}, []string{"3,3", "4,4"}, true, false},
		{"around a pillar",
			"......\n..#...\n......\n", eight,
			[]string{"0,1", "1,0", "2,0", "3,0", "4,1", "5,1"}, []string{"0,1", "2,0", "5,1"}, true, false},
		{"between two walls' touching corners", squeeze, eight, []string{"1,2", "4,3"}, nil, true, true},
		{"between two walls' touching corners on 4 moves", squeeze, four, []string{"1,2", "4,3"}, nil, true, true},
		{"grazing a wall's corner", graze, eight, []string{"1,2", "4,3"}, nil, true, true},
		{"grazing a wall's corner on 4 moves", graze, four, []string{"1,2", "4,3"}, nil, true, true},
		{"around a swamp", swamp, eight, []string{"0,1", "9,1"}, nil, true, true},
		{"around a swamp on 4 moves", swamp, four, []string{"0,1", "9,1"}, nil, true, true},
		{"through a swamp", swamp, eight, []string{"0,1", "1,1", "2,1", "3,1", "4,1", "5,1", "6,1", "7,1", "8,1", "9,1"},
			[]string{"0,1", "9,1"}, true, false},
		{"not adjacent", open, eight, []string{"0,0", "2,0"}, nil, false, false},
		{"standing still", open, eight, []string{"0,0", "0,0"}, nil, false, false},
		{"diagonal on 4 moves", open, four, []string{"0,0", "1,1"}, nil, false, false},
		{"cutting a corner", "..\n#.\n", eight, []string{"0,0", "1,1"}, nil, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			lt := gridTable(t, c.level, c.m)
			path := cells(t, lt, c.path...)
			if c.search {
				var ok bool
				if path, _, ok = lt.Path(path[0], path[1]); !ok {
					t.Fatal("no path")
				}
			}
			buf := []int{-7}
			got, ok := lt.AppendCorners(buf, path)
			if ok != c.ok {
				t.Fatalf("ok = %v, want %v (corners %v)", ok, c.ok, got)
			}
			if got[0] != -7 {
				t.Fatalf("dst's own element overwritten: %v", got)
			}
			if !ok {
				if len(got) != 1 {
					t.Fatalf("refused, yet appended %v", got[1:])
				}
				return
			}
			got = got[1:]
			if _, err := checkCorners(lt, nil, path, got); err != nil {
				t.Fatal(err)
			}
			if c.want != nil && fmt.Sprint(names(lt, got)) != fmt.Sprint(c.want) {
				t.Errorf("corners %v, want %v", names(lt, got), c.want)
			}
			if ok, _ := inSightBelow(lt, nil, path[0], path[len(path)-1], pathTop(lt, nil, path)); !ok && len(got) == 2 {
				t.Errorf("one segment %v past a wall or across dearer cells", names(lt, got))
			}
		})
	}
}

func TestAppendCornersRefuses(t *testing.T) {
	lt := gridTable(t, ".....\n.....\n", maps.Moves{})
	if got, ok := lt.AppendCorners(nil, nil); ok || got != nil {
		t.Errorf("empty path: %v, %v", got, ok)
	}
	for _, bad := range [][]int{{-1}, {0, lt.Len()}, {lt.Len() + 5}} {
		if got, ok := lt.AppendCorners(nil, bad); ok || len(got) != 0 {
			t.Errorf("path %v: %v, %v", bad, got, ok)
		}
	}
	g := mapstest.RandomGraph(rand.New(rand.NewPCG(1, 1)), 5, true)
	if _, ok := buildAndLoad(t, g).AppendCorners(nil, []int{0}); ok {
		t.Error("a graph's path straightened")
	}
	o := lookup.NewOverlay(lt)
	path := cells(t, lt, "0,0", "1,0", "2,0", "3,0")
	if err := o.Block(path[2]); err != nil {
		t.Fatal(err)
	}
	if _, ok := o.AppendCorners(nil, path); ok {
		t.Error("a path through a blocked node straightened")
	}
	if got, ok := lt.AppendCorners(nil, path); !ok || len(got) != 2 {
		t.Errorf("the table itself: %v, %v", names(lt, got), ok)
	}
}

// TestAppendCornersOverlay: a swamp, then a door shut, beside a straight
// path bend the corners around it, which the table alone would not.
func TestAppendCornersOverlay(t *testing.T) {
	lt := gridTable(t, "......\n......\n......\n", maps.Moves{})
	o := lookup.NewOverlay(lt)
	path := cells(t, lt, "0,0", "1,0", "2,0", "2,1", "3,1", "4,1", "4,2", "5,2")
	if got, _ := o.AppendCorners(nil, path); len(got) != 2 {
		t.Fatalf("open level: corners %v", names(lt, got))
	}
	door := cells(t, lt, "1,1")[0] // the segment 0,0 -> 5,2 crosses it
	for _, change := range []struct {
		name string
		make func() error
	}{
		{"a swamp", func() error { return o.SetCellCost(door, 5) }},
		{"a door shut", func() error { return o.Block(door) }},
	} {
		if err := change.make(); err != nil {
			t.Fatal(err)
		}
		got, ok := o.AppendCorners(nil, path)
		if !ok || len(got) < 3 {
			t.Fatalf("%s: corners %v, %v", change.name, names(lt, got), ok)
		}
		if _, err := checkCorners(lt, o, path, got); err != nil {
			t.Fatalf("%s: %v", change.name, err)
		}
	}
}

// TestAppendCornersRandom straightens every path of random grids of every
// movement model, with and without blocked nodes, and checks each by the
// oracle.
func TestAppendCornersRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 3))
	levels := 24
	if testing.Short() {
		levels = 8
	}
	for i := range levels {
		m := mapstest.Models[i%len(mapstest.Models)]
		w, h := 4+r.IntN(14), 3+r.IntN(14)
		walls := []float64{0, 0.1, 0.25, 0.4}[r.IntN(4)]
		text := mapstest.RandomGrid(r, w, h, walls, []func(*rand.Rand) byte{nil, mapstest.FewCosts, mapstest.MixedCosts}[i%3])
		g, err := maps.ParseFormat(maps.FormatGrid, "random.grid", []byte(text), maps.Options{Moves: m})
		if err != nil {
			t.Fatal(err)
		}
		if g.Nodes() == 0 {
			continue
		}
		lt := buildAndLoad(t, g)
		o := lookup.NewOverlay(lt)
		for range r.IntN(4) {
			if err := o.Block(r.IntN(lt.Len())); err != nil {
				t.Fatal(err)
			}
		}
		for range r.IntN(4) { // swamps: line of sight keeps off them too
			u := r.IntN(lt.Len())
			c, _ := lt.CellCost(u)
			if err := o.SetCellCost(u, c+float64(1+r.IntN(8))); err != nil {
				t.Fatal(err)
			}
		}
		var buf []int
		for s := range lt.Len() {
			for d := range lt.Len() {
				for _, ov := range []*lookup.Overlay{nil, o} {
					var path []int
					var ok bool
					if ov == nil {
						path, _, ok = lt.Path(s, d)
					} else if !ov.Blocked(s) && !ov.Blocked(d) {
						path, _, ok = ov.Path(s, d)
					}
					if !ok {
						continue
					}
					if ov == nil {
						buf, ok = lt.AppendCorners(buf[:0], path)
					} else {
						buf, ok = ov.AppendCorners(buf[:0], path)
					}
					if !ok {
						t.Fatalf("%d-%s level\n%s: path %v refused", m.Connect, m.Diagonal, text, names(lt, path))
					}
					if _, err := checkCorners(lt, ov, path, buf); err != nil {
						t.Fatalf("%d-%s level (overlay %v)\n%s: %v", m.Connect, m.Diagonal, ov, text, err)
					}
				}
			}
		}
	}
}

// TestAppendCornersClearance straightens every path of random grids baked
// for 2x2 and 3x3 agents: line of sight is judged on the cells such an
// agent may stand on (the table's nodes: the footprint's top-left cell),
// as its moves are.
func TestAppendCornersClearance(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 7))
	straightened := 0
	for i, m := range mapstest.Models {
		for _, k := range []int{2, 3} {
			text := mapstest.RandomGrid(r, 10+r.IntN(8), 8+r.IntN(8), 0.08, []func(*rand.Rand) byte{nil, mapstest.FewCosts}[i%2])
			g, err := maps.ParseFormat(maps.FormatGrid, "agents.grid", []byte(text), maps.Options{Moves: m, Clearance: k})
			if err != nil {
				continue // no cell fits the agent
			}
			lt := buildAndLoad(t, g)
			if lt.Agent() != k {
				t.Fatalf("a %dx%d agent's table says %d", k, k, lt.Agent())
			}
			var buf []int
			for s := range lt.Len() {
				for d := range lt.Len() {
					path, _, ok := lt.Path(s, d)
					if !ok {
						continue
					}
					if buf, ok = lt.AppendCorners(buf[:0], path); !ok {
						t.Fatalf("%dx%d agent, %d-%s: path %v refused", k, k, m.Connect, m.Diagonal, names(lt, path))
					}
					if _, err := checkCorners(lt, nil, path, buf); err != nil {
						t.Fatalf("%dx%d agent, %d-%s level\n%s: %v", k, k, m.Connect, m.Diagonal, text, err)
					}
					if len(buf) < len(path) {
						straightened++
					}
				}
			}
		}
	}
	if straightened == 0 {
		t.Fatal("no path of a larger agent was straightened: the levels leave them no room")
	}
	t.Logf("%d paths straightened", straightened)
}

// FuzzAppendCorners straightens walks of random moves on a grid drawn from
// the bytes: a walk the grid allows must come back legal, by the oracle,
// and no input may panic.
func FuzzAppendCorners(f *testing.F) {
	f.Add(uint8(7), uint8(5), uint8(0), []byte("level bytes and moves"))
	f.Add(uint8(12), uint8(12), uint8(2), []byte{0, 1, 2, 3, 4, 5, 6, 7, 200, 255, 17, 9})
	f.Add(uint8(9), uint8(6), uint8(129), []byte("a level of costs, and then a long walk across it: abcdefghijklmnop"))
	f.Fuzz(func(t *testing.T, w, h, model uint8, data []byte) {
		wi, hi := 1+int(w%16), 1+int(h%16)
		if len(data) < wi*hi {
			return
		}
		var sb strings.Builder
		for i := range wi * hi {
			switch {
			case data[i]%4 == 0:
				sb.WriteByte('#')
			case model >= 128: // a level of cell costs
				sb.WriteByte('1' + data[i]%9)
			default:
				sb.WriteByte('.')
			}
			if i%wi == wi-1 {
				sb.WriteByte('\n')
			}
		}
		m := mapstest.Models[int(model)%len(mapstest.Models)]
		g, err := maps.ParseFormat(maps.FormatGrid, "fuzz.grid", []byte(sb.String()), maps.Options{Moves: m})
		if err != nil || g.Nodes() == 0 {
			return
		}
		lt := buildAndLoad(t, g)
		moves := data[wi*hi:]
		if len(moves) == 0 {
			return
		}
		// A walk: from a node the first byte picks, each byte a neighbour
		// (or, one time in sixteen, any node: the walk breaks).
		path := []int{int(moves[0]) % lt.Len()}
		legal := true
		for _, b := range moves[1:] {
			u := path[len(path)-1]
			var next []int
			for v := range lt.Edges(u) {
				next = append(next, v)
			}
			switch {
			case b%16 == 15:
				path = append(path, int(b)%lt.Len()-1) // maybe -1, maybe no move
				legal = false
			case len(next) > 0:
				path = append(path, next[int(b)%len(next)])
			}
		}
		corners, ok := lt.AppendCorners(nil, path)
		if legal && !ok {
			t.Fatalf("a walk of moves refused: %v on\n%s", names(lt, path), sb.String())
		}
		if ok {
			// A walk may revisit cells: its corners must still be legal.
			if _, err := checkCorners(lt, nil, path, corners); err != nil {
				t.Fatalf("%v on\n%s", err, sb.String())
			}
		}
	})
}

// TestAppendCornersScenarios straightens the path of every scenario of the
// shared maps, from a table of each layout, checks it by the oracle, and
// reports the mean shortening.
func TestAppendCornersScenarios(t *testing.T) {
	for _, file := range mapstest.MovingAIMaps(t) {
		g, scens := mapstest.LoadMovingAI(t, file)
		name := filepath.Base(file)
		if testing.Short() && g.Nodes() > 4096 {
			continue // a flat table of 10k nodes takes seconds and 200 MB
		}
		for _, l := range build.Layouts(16) {
			t.Run(name+"/"+l.Name, func(t *testing.T) {
				tab, err := build.Build(context.Background(), g, l.Options)
				if err != nil {
					t.Fatal(err)
				}
				lt := lookup.New(tab) // no file round trip: maze-128-128-2's flat table is 0.5 GB
				var path, corners []int
				var saved, exact float64
				steps, turns, count := 0, 0, 0
				for _, sc := range scens {
					s, ok1 := lt.NodeAt(sc.StartX, sc.StartY)
					d, ok2 := lt.NodeAt(sc.GoalX, sc.GoalY)
					if !ok1 || !ok2 {
						t.Fatalf("line %d: an end is not a node", sc.Line)
					}
					var ok bool
					if lt.Answers(s, d) {
						path, ok = lt.AppendPath(path[:0], s, d)
					} else {
						path, _, ok = lt.Search(path[:0], s, d)
					}
					if !ok {
						continue
					}
					corners, ok = lt.AppendCorners(corners[:0], path)
					if !ok {
						t.Fatalf("line %d: path refused", sc.Line)
					}
					cl, err := checkCorners(lt, nil, path, corners)
					if err != nil {
						t.Fatalf("line %d: %v", sc.Line, err)
					}
					if pl := euclid(lt, path); pl > 0 {
						saved += (pl - cl) / pl
						exact += (pl - euclid(lt, greedyCorners(lt, path))) / pl
					}
					steps += len(path) - 1
					turns += len(corners) - 2
					count++
				}
				if count == 0 {
					t.Fatal("no scenario answered")
				}
				t.Logf("%s %s: %d scenarios, %d grid steps: mean shortening %.2f%% (greedy by walking every segment: %.2f%%), %.2f corners between the ends",
					name, l.Name, count, steps, 100*saved/float64(count), 100*exact/float64(count), float64(turns)/float64(count))
			})
		}
	}
}

// TestAppendCornersWalks straightens long drifting walks (not shortest
// paths: they wander, double back and cross themselves) on larger random
// grids of every movement model, with blocked nodes, where sweeps run
// long, and checks each by the oracle.
func TestAppendCornersWalks(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 5))
	walks := 60
	if testing.Short() {
		walks = 15
	}
	for i, m := range mapstest.Models {
		text := mapstest.RandomGrid(r, 40, 40, []float64{0.02, 0.08, 0.15, 0.05}[i], []func(*rand.Rand) byte{nil, mapstest.FewCosts, nil, mapstest.MixedCosts}[i])
		g, err := maps.ParseFormat(maps.FormatGrid, "walks.grid", []byte(text), maps.Options{Moves: m})
		if err != nil {
			t.Fatal(err)
		}
		lt := buildAndLoad(t, g)
		o := lookup.NewOverlay(lt)
		for range 20 {
			if err := o.Block(r.IntN(lt.Len())); err != nil {
				t.Fatal(err)
			}
			u := r.IntN(lt.Len())
			c, _ := o.CellCost(u)
			if err := o.SetCellCost(u, c+3); err != nil && !o.Blocked(u) {
				t.Fatal(err)
			}
		}
		var corners []int
		for range walks {
			u := r.IntN(lt.Len())
			if o.Blocked(u) {
				continue
			}
			path := []int{u}
			drift := -1
			for range 300 {
				var next []int
				for v := range lt.Edges(u) {
					x0, y0, _ := lt.XY(u)
					x1, y1, _ := lt.XY(v)
					if !o.Blocked(v) && openCell(lt, o, x1, y0) && openCell(lt, o, x0, y1) {
						next = append(next, v)
					}
				}
				if len(next) == 0 {
					break
				}
				if drift < 0 || r.IntN(10) == 0 {
					drift = r.IntN(8)
				}
				v := next[drift%len(next)]
				if r.IntN(3) == 0 {
					v = next[r.IntN(len(next))]
				}
				path = append(path, v)
				u = v
			}
			var ok bool
			corners, ok = o.AppendCorners(corners[:0], path)
			if !ok {
				t.Fatalf("%d-%s: a walk of open moves refused: %v", m.Connect, m.Diagonal, names(lt, path))
			}
			if _, err := checkCorners(lt, o, path, corners); err != nil {
				t.Fatalf("%d-%s: %v", m.Connect, m.Diagonal, err)
			}
		}
	}
}

// TestAppendCornersDuringChanges straightens paths through an overlay from
// several goroutines while another shuts and opens a door beside them:
// each answer must be the one for the level with the door open or shut,
// never a mix. Run it with -race.
func TestAppendCornersDuringChanges(t *testing.T) {
	lt := gridTable(t, strings.Repeat(strings.Repeat(".", 16)+"\n", 8), maps.Moves{})
	o := lookup.NewOverlay(lt)
	path := cells(t, lt, "0,0", "1,0", "2,0", "2,1", "3,1", "4,1", "4,2", "5,2", "6,2", "6,3", "7,3", "8,3")
	door := cells(t, lt, "1,1")[0] // on the straight line 0,0 -> 8,3, beside the path
	open, _ := o.AppendCorners(nil, path)
	if err := o.Block(door); err != nil {
		t.Fatal(err)
	}
	shut, _ := o.AppendCorners(nil, path)
	if fmt.Sprint(open) == fmt.Sprint(shut) {
		t.Fatalf("the door changes nothing: %v", names(lt, open))
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []int
			for i := 0; i < 2000; i++ {
				buf, _ = o.AppendCorners(buf[:0], path)
				if got := fmt.Sprint(buf); got != fmt.Sprint(open) && got != fmt.Sprint(shut) {
					t.Errorf("corners %v are neither %v nor %v", names(lt, buf), names(lt, open), names(lt, shut))
					return
				}
			}
		}()
	}
	go func() {
		defer close(done)
		for i := 0; i < 500; i++ {
			o.Unblock(door)
			o.Block(door)
		}
	}()
	wg.Wait()
	<-done
}
