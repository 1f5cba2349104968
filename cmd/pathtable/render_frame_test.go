package main

import (
	"image"
	"image/color"
	"math"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/lookup"
)

// TestAxisSteps checks where render puts its coordinate labels: a round
// step (1, 2 or 5 times a power of ten, whole cells on grids) whose labels
// do not touch, and the ticks between them.
func TestAxisSteps(t *testing.T) {
	for _, c := range []struct {
		name        string
		a           axis
		across      bool
		step, minor float64
	}{
		{"12 cells at 43 px", axis{lo: 0, hi: 11, scale: 43, cells: true}, true, 1, 0},
		{"65 cells at 7 px", axis{lo: 0, hi: 64, scale: 7, cells: true}, true, 10, 1},
		{"81 rows at 7 px", axis{lo: 0, hi: 80, scale: 7, cells: true}, false, 5, 1},
		{"128 cells at 4 px", axis{lo: 0, hi: 127, scale: 4, cells: true}, true, 20, 2},
		{"530 cells at 1 px", axis{lo: 0, hi: 529, scale: 1, cells: true}, true, 100, 10},
		{"a window from 22", axis{lo: 22, hi: 38, scale: 31, cells: true}, true, 2, 1},
		{"graph units at 38.4 px", axis{lo: 0, hi: 20, scale: 38.4}, true, 2, 0.2},
		{"graph tenths", axis{lo: 0.2, hi: 0.9, scale: 800}, true, 0.1, 0.01},
	} {
		step := c.a.labelStep(c.across)
		if step != c.step {
			t.Errorf("%s: labels every %v, want %v", c.name, step, c.step)
		}
		if m := c.a.minorStep(step); m != c.minor {
			t.Errorf("%s: minor ticks every %v, want %v", c.name, m, c.minor)
		}
		// Neighbouring labels leave a gap.
		ticks := c.a.ticks(step)
		for i := 1; i < len(ticks); i++ {
			gap := c.a.pixel(ticks[i]) - c.a.pixel(ticks[i-1])
			need := float64(textH)
			if c.across {
				need = float64(textWidth(label(ticks[i], step))+textWidth(label(ticks[i-1], step)))/2 + float64(advance)/2
			}
			if gap < need {
				t.Errorf("%s: labels %v and %v are %v px apart, want %v", c.name, ticks[i-1], ticks[i], gap, need)
			}
		}
	}
	if got := (axis{lo: 22, hi: 38, scale: 1}).ticks(5); !slices.Equal(got, []float64{25, 30, 35}) {
		t.Errorf("ticks 22..38 every 5 = %v", got)
	}
	for _, c := range []struct {
		v, step float64
		want    string
	}{{0.30000000000000004, 0.1, "0.3"}, {-1e-12, 0.5, "0.0"}, {1500, 500, "1500"}, {-20, 10, "-20"}, {2.5, 0.5, "2.5"}} {
		if got := label(c.v, c.step); got != c.want {
			t.Errorf("label(%v, %v) = %q, want %q", c.v, c.step, got, c.want)
		}
	}
}

// TestDrawText draws every glyph: its ink is the glyph's bits, each a
// textPx square, and a character the font lacks is drawn as '?'.
func TestDrawText(t *testing.T) {
	ink := color.RGBA{1, 2, 3, 255}
	count := func(s string) int {
		img := image.NewRGBA(image.Rect(0, 0, textWidth(s), textH))
		drawText(img, 0, 0, s, ink)
		n := 0
		for i := 0; i < len(img.Pix); i += 4 {
			if img.Pix[i] == 1 {
				n++
			}
		}
		return n
	}
	for r, g := range glyphs {
		want := 0
		for _, row := range g {
			want += bits.OnesCount8(row) * textPx * textPx
		}
		if got := count(string(r)); got != want {
			t.Errorf("%q: %d ink pixels, want %d", r, got, want)
		}
	}
	if count("a") != count("A") || count("#") != count("?") {
		t.Error("lower case is not drawn in capitals, or an unknown character not as '?'")
	}
	if w := textWidth("10,7"); w != 4*advance-(advance-glyphW) {
		t.Errorf("textWidth(\"10,7\") = %d", w)
	}
}

// TestRenderFrame checks the frame around a grid's map: a border, a tick
// at each labelled cell on all four sides, labels beside them, and nothing
// else of the frame drawn over the map.
func TestRenderFrame(t *testing.T) {
	tab := renderTable(t, "open.grid", strings.Repeat(strings.Repeat(".", 30)+"\n", 20))
	const s = 10
	r := renderPNG(t, tab, "-scale", "10")
	if r.size != image.Pt(30*s, 20*s) {
		t.Fatalf("map %v, want 300x200", r.size)
	}
	x, y := axis{lo: 0, hi: 29, scale: s, cells: true}, axis{lo: 0, hi: 19, scale: s, cells: true}
	xs, ys := x.labelStep(true), y.labelStep(false)
	if xs != 5 || ys != 5 {
		t.Fatalf("labels every %v and %v cells, want 5", xs, ys)
	}
	if c := r.at(-1, -1); c != colInk {
		t.Errorf("border at the map's corner is %v", c)
	}
	for c := 0; c < 30; c++ {
		if r.at(c*s+s/2, -2) != colInk || r.at(c*s+s/2, r.size.Y+1) != colInk {
			t.Errorf("column %d has no minor tick", c)
		}
		px := c*s + s/2
		ticked := c%5 == 0
		// Labelled ticks are 6 px long, the minor ones between them 3.
		for _, p := range []image.Point{{px, -6}, {px, r.size.Y + 5}} {
			if got := r.at(p.X, p.Y) == colInk; got != ticked {
				t.Errorf("column %d: tick at %v is %v, want %v", c, p, got, ticked)
			}
		}
		if ticked { // its label: ink above the tick
			if !inkIn(r.img, image.Rect(r.origin.X+px-6, r.origin.Y-1-tickMajor-tickGap-textH, r.origin.X+px+6, r.origin.Y-1-tickMajor-tickGap)) {
				t.Errorf("column %d has no label above it", c)
			}
		}
	}
	for row := 0; row < 20; row++ {
		py := row*s + s/2
		ticked := row%5 == 0
		for _, p := range []image.Point{{-6, py}, {r.size.X + 5, py}} {
			if got := r.at(p.X, p.Y) == colInk; got != ticked {
				t.Errorf("row %d: tick at %v is %v, want %v", row, p, got, ticked)
			}
		}
	}
	for cy := 0; cy < 20; cy++ {
		for cx := 0; cx < 30; cx++ {
			if c := r.cell(s, cx, cy); c != colOpen {
				t.Fatalf("cell %d,%d is %v, want open: the frame drew over the map", cx, cy, c)
			}
		}
	}
}

// inkIn reports whether r of img holds a pixel of colInk.
func inkIn(img image.Image, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if renderAt(img, x, y) == colInk {
				return true
			}
		}
	}
	return false
}

// colourCount counts the pixels of colour c in r of img.
func colourCount(img image.Image, r image.Rectangle, c color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if renderAt(img, x, y) == c {
				n++
			}
		}
	}
	return n
}

// TestRenderMarksAtAnyScale draws a path across a 120x30 grid at one
// pixel a cell: the start and goal markers are discs many pixels across,
// and the path is at least three pixels wide with a dark casing.
func TestRenderMarksAtAnyScale(t *testing.T) {
	tab := renderTable(t, "open.grid", strings.Repeat(strings.Repeat(".", 120)+"\n", 30))
	r := renderPNG(t, tab, "-scale", "1", "-from", "5,15", "-to", "115,15")
	whole := r.img.Bounds()
	for _, m := range []struct {
		what string
		c    color.RGBA
	}{{"start", colStart}, {"goal", colGoal}} {
		if n := colourCount(r.img, whole, m.c); n < 60 {
			t.Errorf("%s marker: %d pixels, want a disc of at least 60", m.what, n)
		}
	}
	// The path runs along row 15: three pixels of path colour across it
	// halfway, with the casing above and below.
	const mid, row = 60, 15
	for dy := -1; dy <= 1; dy++ {
		if c := r.at(mid, row+dy); c != colPath {
			t.Errorf("path at %d,%d is %v, want %v", mid, row+dy, c, colPath)
		}
	}
	if r.at(mid, row-2) != colPathCasing || r.at(mid, row+2) != colPathCasing {
		t.Errorf("no casing around the path: %v, %v", r.at(mid, row-2), r.at(mid, row+2))
	}
	if r.at(mid, row+4) != colOpen {
		t.Errorf("the path is wider than its width and casing")
	}
}

// TestRenderLegend checks the key below the map: start, goal and path for
// a path; the heat ramp from its first colour to its last and the "no
// path" colour, only where some cell has none, for a heat map; nothing for
// a plain map of cost-1 cells.
func TestRenderLegend(t *testing.T) {
	split := renderTable(t, "split.grid", "..#..\n..#..\n")
	open := renderTable(t, "open.grid", ".....\n.....\n")
	below := func(r rendered) image.Rectangle {
		b := r.img.Bounds()
		return image.Rect(0, r.origin.Y+r.size.Y+1, b.Max.X, b.Max.Y)
	}
	for _, c := range []struct {
		name    string
		tab     string
		args    []string
		want    []color.RGBA
		notWant []color.RGBA
	}{
		{"path", open, []string{"-from", "0,0", "-to", "4,1"}, []color.RGBA{colStart, colGoal, colPath}, []color.RGBA{heatRamp[0], colUnreachable}},
		{"heat", split, []string{"-heat", "0,0"}, []color.RGBA{colHeatNode, rampAt(0), rampAt(1), colUnreachable}, []color.RGBA{colStart}},
		{"heat, all reachable", open, []string{"-heat", "0,0"}, []color.RGBA{colHeatNode, rampAt(0), rampAt(1)}, []color.RGBA{colUnreachable}},
		{"plain", open, nil, nil, []color.RGBA{colStart, colPath, heatRamp[0], colUnreachable, colInk}},
	} {
		r := renderPNG(t, c.tab, append(c.args, "-scale", "40")...)
		area := below(r)
		area.Min.Y += tickMajor + tickGap + textH + 2 // below the bottom axis's labels
		for _, col := range c.want {
			if colourCount(r.img, area, col) == 0 {
				t.Errorf("%s: no %v in the legend", c.name, col)
			}
		}
		for _, col := range c.notWant {
			if colourCount(r.img, area, col) != 0 {
				t.Errorf("%s: %v in the legend", c.name, col)
			}
		}
	}
	// The heat legend's scale ends at the farthest cost: 1,1 at √2 from
	// 0,0 on its side of the split level; the other side has no path.
	lt, err := lookup.Open(split)
	if err != nil {
		t.Fatal(err)
	}
	_, hr := nodeColours(lookup.NewOverlay(lt), 0, nil)
	if !hr.on || math.Abs(hr.far-math.Sqrt2) > 1e-12 || !hr.unreachable {
		t.Errorf("heat range %+v, want far √2 and unreachable cells", hr)
	}
}
