package main

import (
	"image"
	"image/color"
	"math"
	"strconv"
)

// legendPiece is one entry of a picture's key, laid out left to right in
// rows below the map: a swatch and its words, or the heat map's scale.
type legendPiece struct {
	w, h int
	draw func(img *image.RGBA, at image.Point) // at is the piece's top-left corner
}

// Legend sizes, in picture pixels.
const (
	swatchSide = 16  // a swatch's square
	pieceGap   = 24  // between pieces in a row
	rowGap     = 10  // between rows
	barW       = 256 // the heat scale's bar
	barH       = 12
)

// swatchPiece is a swatch that swatch draws into a swatchSide square, and
// text after it.
func swatchPiece(text string, ink color.RGBA, swatch func(img *image.RGBA, r image.Rectangle)) legendPiece {
	return legendPiece{
		w: swatchSide + 6 + textWidth(text),
		h: swatchSide,
		draw: func(img *image.RGBA, at image.Point) {
			swatch(img, image.Rect(at.X, at.Y, at.X+swatchSide, at.Y+swatchSide))
			drawText(img, at.X+swatchSide+6, at.Y+(swatchSide-textH)/2, text, ink)
		},
	}
}

// fillSwatch draws a square of colour c with a border.
func fillSwatch(c, ink color.RGBA) func(*image.RGBA, image.Rectangle) {
	return func(img *image.RGBA, r image.Rectangle) {
		fillRect(img, r, c)
		outline(img, r, ink)
	}
}

// heatPiece is the heat map's key: the heat node's marker, title, and a
// bar of the ramp from 0 to far with ticks at round costs.
func heatPiece(title string, far float64, ink color.RGBA) legendPiece {
	titleW := swatchSide + 6 + textWidth(title) + 12
	farText := "MAX " + strconv.FormatFloat(far, 'g', 6, 64)
	bar := axis{lo: 0, hi: far, scale: float64(barW-1) / max(far, 1e-300)}
	step := bar.labelStep(true)
	return legendPiece{
		w: titleW + barW + 12 + textWidth(farText),
		h: barH + 1 + tickMajor + tickGap + textH,
		draw: func(img *image.RGBA, at image.Point) {
			marker(img, float64(at.X)+swatchSide/2, float64(at.Y)+barH/2, swatchSide/2-1, colHeatNode)
			drawText(img, at.X+swatchSide+6, at.Y+(barH-textH)/2, title, ink)
			x0 := at.X + titleW
			for i := range barW {
				f := 0.0
				if far > 0 {
					f = float64(i) / float64(barW-1)
				}
				fillRect(img, image.Rect(x0+i, at.Y, x0+i+1, at.Y+barH), rampAt(f))
			}
			outline(img, image.Rect(x0-1, at.Y-1, x0+barW+1, at.Y+barH+1), ink)
			if far > 0 {
				for _, v := range bar.ticks(step) {
					p := x0 + int(math.Floor(bar.pixel(v)))
					fillRect(img, image.Rect(p, at.Y+barH+1, p+1, at.Y+barH+1+tickMajor), ink)
					text := label(v, step)
					drawText(img, p-textWidth(text)/2, at.Y+barH+1+tickMajor+tickGap, text, ink)
				}
			}
			drawText(img, x0+barW+12, at.Y+(barH-textH)/2, farText, ink)
		},
	}
}

// layoutLegend places pieces in rows at most width wide (a piece wider
// than that gets a row of its own) and returns each piece's top-left
// corner relative to the legend's, and the legend's height. O(pieces).
func layoutLegend(pieces []legendPiece, width int) (at []image.Point, height int) {
	x, y, rowH := 0, 0, 0
	for _, p := range pieces {
		if x > 0 && x+p.w > width {
			x, y, rowH = 0, y+rowH+rowGap, 0
		}
		at = append(at, image.Pt(x, y))
		x += p.w + pieceGap
		rowH = max(rowH, p.h)
	}
	if len(pieces) > 0 {
		height = y + rowH
	}
	return at, height
}

// legendWidth is the width of the widest piece: the narrowest legend.
func legendWidth(pieces []legendPiece) int {
	w := 0
	for _, p := range pieces {
		w = max(w, p.w)
	}
	return w
}
