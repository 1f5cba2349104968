package main

import (
	"image"
	"image/color"
)

// Sizes that keep marks visible at any scale, in picture pixels: at one
// pixel a cell a marker covers several cells, at forty it sits inside its
// cell.
const (
	minMarker = 8 // a marker's least radius
	minPath   = 3 // a path's least width, without its casing
	minCross  = 12
)

// marker draws a node's marker at (x, y): a disc of colour c, ringed in
// white and outlined in ink, so that it shows on walls, floors and heat
// colours alike. r is its outer radius.
func marker(img *image.RGBA, x, y, r float64, c color.RGBA) {
	dot(img, x, y, r, colInk)
	dot(img, x, y, r-1, colRing)
	dot(img, x, y, r-2.5, c)
}

// drawPath draws the path's steps as lines of the given width between
// node centres, over a dark casing a pixel wider on each side, so that it
// stands out on a light floor as on a heat map.
func drawPath(img *image.RGBA, path []int, at func(int) (float64, float64), width float64) {
	for _, layer := range []struct {
		w float64
		c color.RGBA
	}{{width + 2, colPathCasing}, {width, colPath}} {
		for i := 1; i < len(path); i++ {
			x0, y0 := at(path[i-1])
			x1, y1 := at(path[i])
			drawLine(img, x0, y0, x1, y1, layer.w, layer.c)
		}
		if len(path) == 1 {
			x, y := at(path[0])
			drawLine(img, x, y, x, y, layer.w, layer.c)
		}
	}
}

// pathSwatch draws a short stretch of path across r, for the legend.
func pathSwatch(img *image.RGBA, r image.Rectangle) {
	y := float64(r.Min.Y+r.Max.Y) / 2
	drawPath(img, []int{0, 1}, func(i int) (float64, float64) {
		return float64(r.Min.X) + 2 + float64(i*(r.Dx()-5)), y
	}, minPath)
}
