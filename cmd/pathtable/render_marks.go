package main

import (
	"image"
	"image/color"
	"math"

	"github.com/pathtable/pathtable/lookup"
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
		drawPolyline(img, path, at, layer.w, layer.c)
		if len(path) == 1 {
			x, y := at(path[0])
			drawLine(img, x, y, x, y, layer.w, layer.c)
		}
	}
}

// drawPolyline draws lines of width w in c between the centres of
// successive nodes.
func drawPolyline(img *image.RGBA, nodes []int, at func(int) (float64, float64), w float64, c color.RGBA) {
	for i := 1; i < len(nodes); i++ {
		x0, y0 := at(nodes[i-1])
		x1, y1 := at(nodes[i])
		drawLine(img, x0, y0, x1, y1, w, c)
	}
}

// pathSwatch draws a short stretch of path across r, for the legend.
func pathSwatch(img *image.RGBA, r image.Rectangle) {
	y := float64(r.Min.Y+r.Max.Y) / 2
	drawPath(img, []int{0, 1}, func(i int) (float64, float64) {
		return float64(r.Min.X) + 2 + float64(i*(r.Dx()-5)), y
	}, minPath)
}

// drawCorners draws a straightened path over the grid path: its straight
// lines half the grid path's width in colCorners, over a casing, and a
// dot at each corner, so that both show where they part.
func drawCorners(img *image.RGBA, corners []int, at func(int) (float64, float64), pathWidth float64) {
	w := max(pathWidth/2, 2)
	for _, layer := range []struct {
		w float64
		c color.RGBA
	}{{w + 2, colPathCasing}, {w, colCorners}} {
		drawPolyline(img, corners, at, layer.w, layer.c)
		for _, u := range corners {
			x, y := at(u)
			dot(img, x, y, layer.w, layer.c)
		}
	}
}

// cornersSwatch draws a short straightened stretch across r, for the
// legend.
func cornersSwatch(img *image.RGBA, r image.Rectangle) {
	y := float64(r.Min.Y+r.Max.Y) / 2
	drawCorners(img, []int{0, 1}, func(i int) (float64, float64) {
		return float64(r.Min.X) + 3 + float64(i*(r.Dx()-7)), y
	}, minPath)
}

// cornersLength is the Euclidean length of corners through cell centres,
// in cells. O(len(corners)).
func cornersLength(lt *lookup.Table, corners []int) float64 {
	var sum float64
	for i := 1; i < len(corners); i++ {
		x0, y0, _ := lt.XY(corners[i-1])
		x1, y1, _ := lt.XY(corners[i])
		sum += math.Hypot(float64(x1-x0), float64(y1-y0))
	}
	return sum
}
