package main

import (
	"image"
	"image/color"
	"math"
	"strconv"
)

// axis maps the values along one side of a map, cells on grids and
// coordinates on graphs, to pixels of the map's picture: pixel = off +
// v·scale for v in [lo, hi].
type axis struct {
	lo, hi     float64
	off, scale float64
	cells      bool // whole numbers only: a tick is a cell
}

func (a axis) pixel(v float64) float64 { return a.off + v*a.scale }

// Tick and label sizes, in picture pixels.
const (
	tickMajor = 6 // a labelled tick's length
	tickMinor = 3
	tickGap   = 6 // between a tick and its label: further, and a tick reads as a minus sign
	minorGap  = 4 // the closest minor ticks may be
)

// step is the smallest 1, 2 or 5 times a power of ten (at least 1 on a
// cell axis) whose ticks are at least gap pixels apart. O(1).
func (a axis) step(gap float64) float64 {
	want := gap / a.scale
	if !(want > 0) || math.IsInf(want, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(want)))
	s := 10 * p
	for _, m := range []float64{1, 2, 5} {
		if m*p >= want {
			s = m * p
			break
		}
	}
	if a.cells {
		s = max(s, 1)
	}
	return s
}

// minorStep is the step of the unlabelled ticks between labelled ones
// step apart: the finest of a tenth, a fifth and a half (whole on a cell
// axis) that leaves minorGap pixels between ticks; 0 for none. O(1).
func (a axis) minorStep(step float64) float64 {
	for _, div := range []float64{10, 5, 2} {
		m := step / div
		if a.cells && m != math.Trunc(m) {
			continue
		}
		if m*a.scale >= minorGap {
			return m
		}
	}
	return 0
}

// ticks returns the multiples of step within [lo, hi]. O(ticks).
func (a axis) ticks(step float64) []float64 {
	var out []float64
	for k := math.Ceil(a.lo/step - 1e-9); k*step <= a.hi+step*1e-9; k++ {
		out = append(out, k*step)
	}
	return out
}

// label writes v as a tick's label, with the decimals that step needs.
func label(v, step float64) string {
	decimals := max(0, int(math.Ceil(-math.Log10(step)-1e-9)))
	if math.Abs(v) < step*1e-6 {
		v = 0 // not "-0"
	}
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// widestLabel is the width of the widest label of a's ticks step apart.
func (a axis) widestLabel(step float64) int {
	w := 0
	for _, v := range a.ticks(step) {
		w = max(w, textWidth(label(v, step)))
	}
	return w
}

// labelStep picks the step of a's labelled ticks: across (a horizontal
// axis) they are a label's width and two characters apart, else a line
// of text and a half. O(ticks).
func (a axis) labelStep(across bool) float64 {
	if !across {
		return a.step(1.5 * textH)
	}
	step := a.step(3 * advance)
	return a.step(float64(a.widestLabel(step)) + 1.5*advance)
}

// drawAxes draws ticks, labelled ones and minor ones, and their labels on
// all four sides of the map at r in img, and a border around it. x runs
// along the top and bottom, y along the left and right. O(ticks).
func drawAxes(img *image.RGBA, r image.Rectangle, x, y axis, ink color.RGBA) {
	outline(img, r.Inset(-1), ink)
	xs, ys := x.labelStep(true), y.labelStep(false)
	for _, a := range []struct {
		ax         axis
		step       float64
		horizontal bool
	}{{x, xs, true}, {y, ys, false}} {
		for _, major := range []bool{false, true} {
			step, length := a.ax.minorStep(a.step), tickMinor
			if major {
				step, length = a.step, tickMajor
			}
			if step == 0 {
				continue
			}
			for _, v := range a.ax.ticks(step) {
				p := int(math.Floor(a.ax.pixel(v)))
				text := label(v, a.step)
				w := textWidth(text)
				if a.horizontal {
					p += r.Min.X
					fillRect(img, image.Rect(p, r.Min.Y-1-length, p+1, r.Min.Y-1), ink)
					fillRect(img, image.Rect(p, r.Max.Y+1, p+1, r.Max.Y+1+length), ink)
					if major {
						drawText(img, p-w/2, r.Min.Y-1-length-tickGap-textH, text, ink)
						drawText(img, p-w/2, r.Max.Y+1+length+tickGap, text, ink)
					}
					continue
				}
				p += r.Min.Y
				fillRect(img, image.Rect(r.Min.X-1-length, p, r.Min.X-1, p+1), ink)
				fillRect(img, image.Rect(r.Max.X+1, p, r.Max.X+1+length, p+1), ink)
				if major {
					drawText(img, r.Min.X-1-length-tickGap-w, p-textH/2, text, ink)
					drawText(img, r.Max.X+1+length+tickGap, p-textH/2, text, ink)
				}
			}
		}
	}
}

// axesMargins is the room drawAxes needs around the map: beside it for
// the y labels (and half an x label at a corner), above and below it for
// the x labels.
func axesMargins(x, y axis) (side, top int) {
	xw := x.widestLabel(x.labelStep(true))
	yw := y.widestLabel(y.labelStep(false))
	side = max(1+tickMajor+tickGap+yw, xw/2) + 8
	top = 1 + tickMajor + tickGap + textH + 8
	return side, top
}

// outline draws the one-pixel border of r.
func outline(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	fillRect(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1), c)
	fillRect(img, image.Rect(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y), c)
	fillRect(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Max.Y), c)
	fillRect(img, image.Rect(r.Max.X-1, r.Min.Y, r.Max.X, r.Max.Y), c)
}
