package main

import (
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

// renderPNG runs render with args (before -o OUT TABLE) and decodes the PNG.
func renderPNG(t *testing.T, tab string, args ...string) image.Image {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.png")
	args = append(append([]string{"render"}, args...), "-o", out, tab)
	code, stdoutText, errOut := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("render %v: exit %d: %s", args, code, errOut)
	}
	if !strings.HasPrefix(stdoutText, "rendered "+out+": ") {
		t.Errorf("render printed %q", stdoutText)
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
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decoding the PNG: %v", err)
	}
	return img
}

func renderAt(img image.Image, x, y int) color.RGBA {
	return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
}

// renderCell returns the colour at the centre of cell (x, y) at scale s.
func renderCell(img image.Image, s, x, y int) color.RGBA {
	return renderAt(img, x*s+s/2, y*s+s/2)
}

const renderGridLevel = `.....
.###.
..9..
`

func TestRenderGridPath(t *testing.T) {
	tab := renderTable(t, "level.grid", renderGridLevel)
	const s = 10
	img := renderPNG(t, tab, "-from", "0,0", "-to", "4,2", "-scale", "10")
	if b := img.Bounds(); b.Dx() != 5*s || b.Dy() != 3*s {
		t.Fatalf("image is %dx%d, want %dx%d", b.Dx(), b.Dy(), 5*s, 3*s)
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
		if got := renderCell(img, s, x, y); got != colPath {
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
		if got := renderCell(img, s, c.x, c.y); got != c.want {
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
	w := img.Bounds().Dx()
	if w < 512 || w > 1024 {
		t.Errorf("default image is %d px wide, want 512-1024", w)
	}
	s := w / 5
	if got := renderCell(img, s, 2, 1); got != colWall {
		t.Errorf("wall is %v, want %v", got, colWall)
	}
	if got := renderCell(img, s, 0, 0); got != colOpen {
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
	if got := renderCell(img, 4, 2, 2); got != colCostly {
		t.Errorf("cost-9 cell is %v, want %v", got, colCostly)
	}
	if got := renderCell(img, 4, 0, 2); got != colOpen {
		t.Errorf("cost-1 cell is %v, want %v", got, colOpen)
	}
}

func TestRenderHeat(t *testing.T) {
	tab := renderTable(t, "split.grid", "..#..\n..#..\n")
	const s = 8
	img := renderPNG(t, tab, "-heat", "0,0", "-scale", "8")
	for _, c := range [][2]int{{3, 0}, {4, 0}, {3, 1}, {4, 1}} {
		if got := renderCell(img, s, c[0], c[1]); got != colUnreachable {
			t.Errorf("unreachable cell %d,%d is %v, want %v", c[0], c[1], got, colUnreachable)
		}
	}
	if got := renderCell(img, s, 0, 0); got != colHeatNode {
		t.Errorf("heat node is %v, want %v", got, colHeatNode)
	}
	if got := renderCell(img, s, 2, 0); got != colWall {
		t.Errorf("wall is %v, want %v", got, colWall)
	}
	// The farthest reachable cell takes the end of the ramp, a nearer one
	// a different colour, and neither is the unreachable colour.
	far, near := renderCell(img, s, 1, 1), renderCell(img, s, 1, 0)
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
	// At scale 20 with a 24 px margin: a at (24,24), b at (224,24), c at (224,224).
	img := renderPNG(t, tab, "-from", "a", "-to", "c", "-scale", "20")
	if b := img.Bounds(); b.Dx() != 249 || b.Dy() != 249 {
		t.Fatalf("image is %dx%d, want 249x249", b.Dx(), b.Dy())
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
		if got := renderAt(img, c.x, c.y); got != c.want {
			t.Errorf("%s at %d,%d is %v, want %v", c.what, c.x, c.y, got, c.want)
		}
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
	if got := renderCell(img, 6, 0, 0); got != colStart {
		t.Errorf("start is %v, want %v", got, colStart)
	}
	if got := renderCell(img, 6, 4, 1); got != colGoal {
		t.Errorf("goal is %v, want %v", got, colGoal)
	}
	if got := renderCell(img, 6, 1, 0); got != colOpen {
		t.Errorf("a cell between is %v, want %v: no path is drawn", got, colOpen)
	}
}
