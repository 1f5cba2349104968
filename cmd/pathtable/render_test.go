package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/lookup"
)

// renderTable writes level to a file called name and builds its table.
func renderTable(t *testing.T, name, level string) string {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, name), filepath.Join(dir, "level.ptab")
	if err := os.WriteFile(in, []byte(level), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "", "build", "-quiet", "-o", out, in); code != 0 {
		t.Fatalf("build %s: exit %d: %s", name, code, errOut)
	}
	return out
}

// rendered is a decoded picture and where render says its map is.
type rendered struct {
	img    image.Image
	origin image.Point // the map's top-left corner in img
	size   image.Point // the map's width and height
	scale  int         // pixels a cell (grids)
}

// renderPNG runs render with args (before -o OUT TABLE) and decodes the PNG.
func renderPNG(t *testing.T, tab string, args ...string) rendered {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.png")
	args = append(append([]string{"render"}, args...), "-o", out, tab)
	code, stdoutText, errOut := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("render %v: exit %d: %s", args, code, errOut)
	}
	var r rendered
	var w, h int
	var unit string
	if n, err := fmt.Sscanf(stdoutText, "rendered "+out+": %dx%d pixels, the map %dx%d at %d,%d (%d px a %s",
		&w, &h, &r.size.X, &r.size.Y, &r.origin.X, &r.origin.Y, &r.scale, &unit); n < 6 {
		t.Errorf("render printed %q (%v)", stdoutText, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("render left %d files beside its output, want just the PNG", len(entries))
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if r.img, err = png.Decode(f); err != nil {
		t.Fatalf("decoding the PNG: %v", err)
	}
	if b := r.img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Errorf("render says %dx%d pixels, the PNG is %dx%d", w, h, b.Dx(), b.Dy())
	}
	return r
}

func renderAt(img image.Image, x, y int) color.RGBA {
	return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
}

// at returns the colour at (x, y) of the map, relative to its corner.
func (r rendered) at(x, y int) color.RGBA { return renderAt(r.img, r.origin.X+x, r.origin.Y+y) }

// cell returns the colour at the centre of cell (x, y) at scale s.
func (r rendered) cell(s, x, y int) color.RGBA { return r.at(x*s+s/2, y*s+s/2) }

// renderCell is r.cell.
func renderCell(r rendered, s, x, y int) color.RGBA { return r.cell(s, x, y) }

const renderGridLevel = `.....
.###.
..9..
`

func TestRenderGridPath(t *testing.T) {
	tab := renderTable(t, "level.grid", renderGridLevel)
	const s = 10
	img := renderPNG(t, tab, "-from", "0,0", "-to", "4,2", "-scale", "10")
	if img.scale != s {
		t.Fatalf("%d px a cell, want %d", img.scale, s)
	}
	lt, err := lookup.Open(tab)
	if err != nil {
		t.Fatal(err)
	}
	from, _ := lt.NodeAt(0, 0)
	to, _ := lt.NodeAt(4, 2)
	path, ok := lt.AppendPath(nil, from, to)
	if !ok || len(path) < 3 {
		t.Fatalf("test level has no path 0,0 -> 4,2: %v", path)
	}
	onPath := map[[2]int]bool{}
	for _, u := range path[1 : len(path)-1] {
		x, y, _ := lt.XY(u)
		onPath[[2]int{x, y}] = true
		if got := img.cell(s, x, y); got != colPath {
			t.Errorf("path cell %d,%d is %v, want the path colour %v", x, y, got, colPath)
		}
	}
	checks := []struct {
		x, y int
		want color.RGBA
		what string
	}{
		{0, 0, colStart, "start"},
		{4, 2, colGoal, "goal"},
		{1, 1, colWall, "wall"},
		{2, 1, colWall, "wall"},
		{3, 1, colWall, "wall"},
		{2, 2, colCostly, "cost-9 cell"},
		{0, 2, colOpen, "open cell"},
	}
	for _, c := range checks {
		if onPath[[2]int{c.x, c.y}] {
			t.Fatalf("cell %d,%d is on the path; fix the test level", c.x, c.y)
		}
		if got := img.cell(s, c.x, c.y); got != c.want {
			t.Errorf("%s %d,%d is %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
	if colStart == colGoal || colStart == colPath || colGoal == colPath {
		t.Error("start, goal and path colours must differ")
	}
}

func TestRenderGridDefaultScale(t *testing.T) {
	tab := renderTable(t, "level.grid", renderGridLevel)
	img := renderPNG(t, tab)
	s := img.scale
	if w := img.size.X; w != 5*s || w < 512 || w > 1024 {
		t.Errorf("default map is %d px wide, want 512-1024", w)
	}
	if got := img.cell(s, 2, 1); got != colWall {
		t.Errorf("wall is %v, want %v", got, colWall)
	}
	if got := img.cell(s, 0, 0); got != colOpen {
		t.Errorf("open cell with no path drawn is %v, want %v", got, colOpen)
	}
}

func TestRenderGridIntegerCosts(t *testing.T) {
	// In the 10/14 model an edge weighs 10 times the cell's cost.
	dir := t.TempDir()
	in, tab := filepath.Join(dir, "l.grid"), filepath.Join(dir, "l.ptab")
	if err := os.WriteFile(in, []byte(renderGridLevel), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, e := runCLI(t, "", "build", "-quiet", "-diagonal", "10/14", "-o", tab, in); code != 0 {
		t.Fatal(e)
	}
	img := renderPNG(t, tab, "-scale", "4")
	if got := img.cell(4, 2, 2); got != colCostly {
		t.Errorf("cost-9 cell is %v, want %v", got, colCostly)
	}
	if got := img.cell(4, 0, 2); got != colOpen {
		t.Errorf("cost-1 cell is %v, want %v", got, colOpen)
	}
}

func TestRenderHeat(t *testing.T) {
	tab := renderTable(t, "split.grid", "..#..\n..#..\n")
	const s = 8
	img := renderPNG(t, tab, "-heat", "0,0", "-scale", "8")
	for _, c := range [][2]int{{3, 0}, {4, 0}, {3, 1}, {4, 1}} {
		if got := img.cell(s, c[0], c[1]); got != colUnreachable {
			t.Errorf("unreachable cell %d,%d is %v, want %v", c[0], c[1], got, colUnreachable)
		}
	}
	if got := img.cell(s, 0, 0); got != colHeatNode {
		t.Errorf("heat node is %v, want %v", got, colHeatNode)
	}
	if got := img.cell(s, 2, 0); got != colWall {
		t.Errorf("wall is %v, want %v", got, colWall)
	}
	// The farthest reachable cell takes the end of the ramp, a nearer one
	// a different colour, and neither is the unreachable colour.
	far, near := img.cell(s, 1, 1), img.cell(s, 1, 0)
	if far != heatRamp[len(heatRamp)-1] {
		t.Errorf("farthest cell is %v, want %v", far, heatRamp[len(heatRamp)-1])
	}
	if near == far || near == colUnreachable || far == colUnreachable {
		t.Errorf("heat colours: near %v, far %v, unreachable %v", near, far, colUnreachable)
	}
}

const renderGraphLevel = `{
  "directed": false,
  "nodes": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 10, "y": 0}, {"id": "c", "x": 10, "y": 10}],
  "edges": [
    {"from": "a", "to": "b", "cost": 1},
    {"from": "b", "to": "c", "cost": 1},
    {"from": "a", "to": "c", "cost": 100}
  ]
}
`

func TestRenderGraph(t *testing.T) {
	tab := renderTable(t, "g.json", renderGraphLevel)
	// At scale 20 with a 24 px margin: a at (24,24), b at (224,24), c at
	// (224,224) of the map.
	img := renderPNG(t, tab, "-from", "a", "-to", "c", "-scale", "20")
	if img.scale != 20 {
		t.Fatalf("%d px a unit, want 20", img.scale)
	}
	checks := []struct {
		x, y int
		want color.RGBA
		what string
	}{
		{24, 24, colStart, "start a"},
		{224, 224, colGoal, "goal c"},
		{124, 24, colPath, "path edge a-b"},
		{224, 124, colPath, "path edge b-c"},
		{124, 124, colEdge, "edge a-c, not on the path"},
		{224, 24, colNode, "node b"},
		{60, 200, colBackground, "background"},
	}
	for _, c := range checks {
		if got := img.at(c.x, c.y); got != c.want {
			t.Errorf("%s at %d,%d is %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
}

// TestRenderSmooth: -smooth draws the straight line from the start to the
// goal of an open level over the grid path, which a plain render does not.
func TestRenderSmooth(t *testing.T) {
	tab := renderTable(t, "open.grid", "........\n........\n........\n")
	const s = 10
	mid := func(img rendered) color.RGBA { return img.at(4*s, 3*s/2) } // halfway from 0,0 to 7,2
	if got := mid(renderPNG(t, tab, "-from", "0,0", "-to", "7,2", "-scale", "10", "-smooth")); got != colCorners {
		t.Errorf("the corners' line is %v halfway, want %v", got, colCorners)
	}
	if got := mid(renderPNG(t, tab, "-from", "0,0", "-to", "7,2", "-scale", "10")); got == colCorners {
		t.Errorf("a render without -smooth draws corners")
	}
}

func TestRenderErrors(t *testing.T) {
	grid := renderTable(t, "level.grid", renderGridLevel)
	noCoords := renderTable(t, "g.json", `{"nodes": [{"id": "a"}, {"id": "b"}], "edges": [{"from": "a", "to": "b", "cost": 1}]}`)
	out := filepath.Join(t.TempDir(), "out.png")
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-from", "1,1", "-to", "0,0", "-o", out, grid}, 1, "pathtable: -from: cell 1,1 is a wall, not a node\n"},
		{[]string{"-from", "0,0", "-to", "9,0", "-o", out, grid}, 1, "pathtable: -to: cell 9,0 is outside the 5x3 grid\n"},
		{[]string{"-heat", "2,1", "-o", out, grid}, 1, "pathtable: -heat: cell 2,1 is a wall, not a node\n"},
		{[]string{"-o", out, noCoords}, 1, "no node coordinates"},
		{[]string{"-from", "0,0", "-o", out, grid}, 2, "pathtable: -from and -to go together\n"},
		{[]string{"-smooth", "-o", out, grid}, 2, "-smooth straightens the path from -from to -to"},
		{[]string{"-smooth", "-from", "a", "-to", "b", "-o", out, noCoords}, 1, "this table is of a graph"},
		{[]string{grid}, 2, "render needs -o OUT.png"},
		{[]string{"-o", out}, 2, "render needs one TABLE"},
		{[]string{"-scale", "-1", "-o", out, grid}, 2, "-scale must be"},
	}
	for _, tt := range tests {
		code, _, errOut := runCLI(t, "", append([]string{"render"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errOut, tt.msg) {
			t.Errorf("render %v: exit %d, stderr %q; want exit %d and %q", tt.args, code, errOut, tt.code, tt.msg)
		}
		if code == 1 && strings.Count(errOut, "\n") != 1 {
			t.Errorf("render %v: want a one-line message, got %q", tt.args, errOut)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("render %v failed but wrote %s", tt.args, out)
		}
	}
}

func TestRenderNoPath(t *testing.T) {
	tab := renderTable(t, "split.grid", "..#..\n..#..\n")
	img := renderPNG(t, tab, "-from", "0,0", "-to", "4,1", "-scale", "6")
	if got := img.cell(6, 0, 0); got != colStart {
		t.Errorf("start is %v, want %v", got, colStart)
	}
	if got := img.cell(6, 4, 1); got != colGoal {
		t.Errorf("goal is %v, want %v", got, colGoal)
	}
	// Not 1,0: at 6 px a cell, the start's marker covers it.
	if got := img.cell(6, 1, 1); got != colOpen {
		t.Errorf("a cell between is %v, want %v: no path is drawn", got, colOpen)
	}
}
