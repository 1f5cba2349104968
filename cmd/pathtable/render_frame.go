package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strconv"

	"github.com/pathtable/pathtable/lookup"
)

// legendPad is the frame's margin around the legend.
const legendPad = 12

// framePicture puts the map in a frame: ticks and coordinates on its four
// sides, and the legend below. It returns the picture and the map's
// top-left corner in it. O(pixels).
func framePicture(pic *mapPicture, legend []legendPiece) (*image.RGBA, image.Point, error) {
	side, top := axesMargins(pic.x, pic.y)
	mw, mh := pic.img.Bounds().Dx(), pic.img.Bounds().Dy()
	width := max(mw+2*side, legendWidth(legend)+2*legendPad)
	at, legendH := layoutLegend(legend, width-2*legendPad)
	height := mh + 2*top
	if legendH > 0 {
		height += legendH + legendPad
	}
	if int64(width)*int64(height) > maxPixels {
		return nil, image.Point{}, fmt.Errorf("a %dx%d picture is over %d pixels; use a smaller -scale", width, height, maxPixels)
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	fillRect(img, img.Bounds(), colFrame)
	origin := image.Pt((width-mw)/2, top)
	r := image.Rectangle{origin, origin.Add(image.Pt(mw, mh))}
	draw.Draw(img, r, pic.img, image.Point{}, draw.Src)
	drawAxes(img, r, pic.x, pic.y, colInk)
	legendTop := r.Max.Y + top
	for i, p := range legend {
		p.draw(img, image.Pt(legendPad+at[i].X, legendTop+at[i].Y))
	}
	return img, origin, nil
}

// legendPieces is the key to what a picture shows beyond walls and
// floors: the start, the goal and the path (or that there is none), the
// heat map's scale, closed nodes, and cell costs.
func legendPieces(o *lookup.Overlay, opt renderOptions, pic *mapPicture, found bool, from, to, heat string, corners []int) []legendPiece {
	var out []legendPiece
	if opt.from >= 0 {
		out = append(out,
			swatchPiece("start "+from, colInk, markerSwatch(colStart)),
			swatchPiece("goal "+to, colInk, markerSwatch(colGoal)))
		cost, ok := o.Dist(opt.from, opt.to)
		switch {
		case found && ok:
			out = append(out, swatchPiece("path, cost "+strconv.FormatFloat(cost, 'g', 6, 64), colInk, pathSwatch))
			if len(corners) > 0 {
				out = append(out, swatchPiece(fmt.Sprintf("%d corners, length %s", len(corners), strconv.FormatFloat(cornersLength(o.Table(), corners), 'g', 6, 64)), colInk, cornersSwatch))
			}
		case !o.Table().Covered(opt.from, opt.to):
			out = append(out, swatchPiece("not covered: outside the window of "+to, colInk, fillSwatch(colFrame, colInk)))
		default:
			out = append(out, swatchPiece("no path", colInk, fillSwatch(colFrame, colInk)))
		}
	}
	if pic.heat.on {
		out = append(out, heatPiece("cost to "+heat, pic.heat.far, colInk))
		if pic.heat.unreachable {
			out = append(out, swatchPiece("no path to "+heat, colInk, fillSwatch(colUnreachable, colInk)))
		}
	} else if lo, hi := costRange(pic.costs); hi > lo {
		out = append(out, swatchPiece(fmt.Sprintf("cell cost %s to %s", strconv.FormatFloat(lo, 'g', 4, 64), strconv.FormatFloat(hi, 'g', 4, 64)), colInk,
			func(img *image.RGBA, r image.Rectangle) {
				mid := r.Min.X + r.Dx()/2
				fillRect(img, image.Rect(r.Min.X, r.Min.Y, mid, r.Max.Y), costColour(lo))
				fillRect(img, image.Rect(mid, r.Min.Y, r.Max.X, r.Max.Y), costColour(hi))
				outline(img, r, colInk)
			}))
	}
	if blocked := countBlocked(o); blocked > 0 {
		out = append(out, swatchPiece(fmt.Sprintf("closed (%d)", blocked), colInk, func(img *image.RGBA, r image.Rectangle) {
			cross(img, float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), colBlocked)
		}))
	}
	return out
}

// drawMarks draws the path, its corners (if any, over it) of the heat node, the start
// and the goal over the framed map whose corner is at origin.
func drawMarks(img *image.RGBA, origin image.Point, pic *mapPicture, opt renderOptions, path, corners []int) {
	at := func(u int) (float64, float64) {
		x, y, _ := pic.centre(u)
		return x + float64(origin.X), y + float64(origin.Y)
	}
	drawPath(img, path, at, pic.pathWidth)
	drawCorners(img, corners, at, pic.pathWidth)
	if pic.overPath != nil {
		pic.overPath(img, origin)
	}
	for _, m := range []struct {
		u int
		c color.RGBA
	}{{opt.heat, colHeatNode}, {opt.from, colStart}, {opt.to, colGoal}} {
		if m.u < 0 {
			continue
		}
		if _, _, in := pic.centre(m.u); in {
			x, y := at(m.u)
			marker(img, x, y, pic.markerR, m.c)
		}
	}
}

// markerSwatch draws a marker of colour c filling r, for the legend.
func markerSwatch(c color.RGBA) func(*image.RGBA, image.Rectangle) {
	return func(img *image.RGBA, r image.Rectangle) {
		marker(img, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2, float64(r.Dx())/2, c)
	}
}

// costRange is the least and the greatest of costs (0, 0 for none).
func costRange(costs []float64) (lo, hi float64) {
	for i, c := range costs {
		if i == 0 || c < lo {
			lo = c
		}
		hi = max(hi, c)
	}
	return lo, hi
}

// countBlocked is the number of nodes the overlay closes. O(nodes).
func countBlocked(o *lookup.Overlay) int {
	n := 0
	for u := range o.Len() {
		if o.Blocked(u) {
			n++
		}
	}
	return n
}
