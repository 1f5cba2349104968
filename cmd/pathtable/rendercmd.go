package main

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"

	"github.com/pathtable/pathtable/lookup"
)

// The picture's colours. A cell's colour at its centre is exactly one of
// these (or a blend of colOpen and colCostly, or a heat ramp colour).
var (
	colWall        = color.RGBA{40, 40, 46, 255}
	colOpen        = color.RGBA{236, 236, 236, 255}
	colCostly      = color.RGBA{150, 118, 76, 255} // cost 9; costs 2..8 blend toward it
	colPath        = color.RGBA{0, 150, 255, 255}
	colStart       = color.RGBA{0, 185, 60, 255}
	colGoal        = color.RGBA{230, 25, 25, 255}
	colUnreachable = color.RGBA{120, 130, 215, 255} // heat map: no path to the heat node
	colHeatNode    = color.RGBA{255, 0, 200, 255}
	colBackground  = color.RGBA{248, 248, 248, 255} // graphs
	colEdge        = color.RGBA{170, 170, 170, 255}
	colNode        = color.RGBA{60, 60, 60, 255}
	colBlocked     = color.RGBA{255, 140, 0, 255} // closed by -block: a cross on the cell or node
	colPathCasing  = color.RGBA{10, 40, 90, 255}  // the dark edge that keeps the path visible on light floors
	colCorners     = color.RGBA{255, 210, 0, 255} // -smooth: the straightened path over the grid path
	colRing        = color.RGBA{255, 255, 255, 255}
	colFrame       = color.RGBA{255, 255, 255, 255} // around the map: axes and legend
	colInk         = color.RGBA{50, 50, 58, 255}    // ticks, labels, outlines
	// heatRamp runs from near (distance 0) to far (the largest distance).
	heatRamp = []color.RGBA{{255, 255, 204, 255}, {254, 204, 92, 255}, {253, 141, 60, 255}, {227, 26, 28, 255}, {128, 0, 38, 255}}
)

// maxPixels bounds the picture: 64 Mpx is 256 MiB of RGBA.
const maxPixels = 1 << 26

// renderOptions are render's resolved flags; nodes are -1 when not given.
type renderOptions struct {
	from, to, heat int
	scale          int             // pixels per cell or coordinate unit; 0 picks one
	overlay        *lookup.Overlay // the table with the -block nodes closed
	smooth         bool            // draw the path's corners over it
}

func runRender(ctx context.Context, args []string) error {
	fs := newFlagSet("render", "[-from NODE -to NODE [-smooth]] [-heat NODE] [-block NODE|@FILE]... [-scale N] [-max-memory SIZE] -o OUT.png TABLE")
	memoryFlag(fs)
	from := fs.String("from", "", "start `node` of the path to draw (x,y on grids, an id on graphs); needs -to")
	to := fs.String("to", "", "goal `node` of the path to draw; needs -from")
	heat := fs.String("heat", "", "colour every node by the cost of its shortest path to this `node` (a windowed table: draw this node's window)")
	scale := fs.Int("scale", 0, "pixels per grid cell, or per coordinate unit on graphs (0: the longer side 512-1024 px)")
	out := fs.String("o", "", "write the PNG to this `file` (required)")
	smooth := fs.Bool("smooth", false, "draw the path's corners over it: the straight lines an agent steers along, in line of sight of each other (grid tables; needs -from and -to)")
	blocks := addBlockFlag(fs)
	if err := parseArgs(fs, args, 1, "render needs one TABLE"); err != nil {
		return err
	}
	switch {
	case *out == "":
		fs.Usage()
		return usagef("render needs -o OUT.png")
	case (*from == "") != (*to == ""):
		return usagef("-from and -to go together")
	case *smooth && *from == "":
		return usagef("-smooth straightens the path from -from to -to; give them")
	case *scale < 0 || *scale > 1024:
		return usagef("-scale must be 1 to 1024 pixels (or 0 to choose), not %d", *scale)
	}
	if in := sameFileAs(*out, fs.Args()); in != "" {
		return errOverwritesInput(*out, in)
	}
	if err := checkWritable(*out); err != nil {
		return err
	}
	lt, err := lookup.Open(fs.Arg(0))
	if err != nil {
		return tableMemoryHint(err)
	}
	if *smooth {
		if err := checkSmooth(lt, fs.Arg(0)); err != nil {
			return err
		}
	}
	o, err := blocks.overlay(lt)
	if err != nil {
		return err
	}
	opt := renderOptions{from: -1, to: -1, heat: -1, scale: *scale, overlay: o, smooth: *smooth}
	for _, f := range []struct {
		flag, id string
		node     *int
	}{{"-from", *from, &opt.from}, {"-to", *to, &opt.to}, {"-heat", *heat, &opt.heat}} {
		if f.id == "" {
			continue
		}
		if *f.node, err = openNode(o, f.flag, f.id); err != nil {
			return err
		}
	}
	var path, corners []int
	var found bool
	if opt.from >= 0 {
		path, found = o.AppendPath(nil, opt.from, opt.to)
	}
	if found && opt.smooth {
		corners, _ = o.AppendCorners(nil, path)
	}
	var pic *mapPicture
	if _, _, grid := lt.Grid(); grid {
		pic, err = renderGrid(lt, opt)
	} else {
		pic, err = renderGraph(lt, opt)
	}
	if err != nil {
		return fmt.Errorf("%s: %v", fs.Arg(0), err)
	}
	img, origin, err := framePicture(pic, legendPieces(o, opt, pic, found, *from, *to, *heat, corners))
	if err != nil {
		return fmt.Errorf("%s: %v", fs.Arg(0), err)
	}
	drawMarks(img, origin, pic, opt, path, corners)
	if err := writeOutput(ctx, *out, func(w io.Writer) error { return png.Encode(w, img) }); err != nil {
		return err
	}
	note := ""
	switch {
	case opt.from < 0 || found:
	case !lt.Covered(opt.from, opt.to):
		note = fmt.Sprintf("; %s -> %s not covered (outside the window of %s)", *from, *to, *to)
	default:
		note = fmt.Sprintf("; no path from %s to %s", *from, *to)
	}
	b := img.Bounds()
	m := pic.img.Bounds()
	fmt.Fprintf(stdout, "rendered %s: %dx%d pixels, the map %dx%d at %d,%d (%s)%s\n",
		*out, b.Dx(), b.Dy(), m.Dx(), m.Dy(), origin.X, origin.Y, pic.scaleNote, note)
	return nil
}

// mapPicture is a drawn map before its frame, path and markers: where
// each node's centre is in it, the axes along its sides, and the sizes
// that marks drawn on it take.
type mapPicture struct {
	img       *image.RGBA
	centre    func(u int) (x, y float64, in bool) // in: the node is in the picture
	x, y      axis
	pathWidth float64
	markerR   float64 // a marker's radius
	scaleNote string  // "10 px a cell"
	heat      heatRange
	costs     []float64 // grids: the cost of entering each node, for the legend
	// overPath, if set, draws what goes over the path: a graph's nodes.
	overPath func(img *image.RGBA, origin image.Point)
}

// maxNamedNodes is the most nodes a graph picture names.
const maxNamedNodes = 200

// renderGrid draws a grid table: one square of scale pixels per cell. On a
// windowed table with -heat (or else -to), it draws only that node's window
// (clipped to the grid): the cells the table answers for it. O(W·H·scale²)
// for the cells drawn.
func renderGrid(lt *lookup.Table, opt renderOptions) (*mapPicture, error) {
	gw, gh, _ := lt.Grid()
	area := image.Rect(0, 0, gw, gh)
	if origin, d := max(opt.heat, opt.to), lt.Window(); d > 0 && origin >= 0 {
		if opt.heat >= 0 {
			origin = opt.heat
		}
		x, y, _ := lt.XY(origin)
		area = image.Rect(x-d, y-d, x+d+1, y+d+1).Intersect(area)
	}
	w, h := area.Dx(), area.Dy()
	s := opt.scale
	if s == 0 {
		s = (512 + max(w, h) - 1) / max(w, h) // ceil: at least 512 px
	}
	if int64(w*s)*int64(h*s) > maxPixels {
		return nil, fmt.Errorf("a %dx%d grid at scale %d is over %d pixels; use a smaller -scale", w, h, s, maxPixels)
	}
	img := image.NewRGBA(image.Rect(0, 0, w*s, h*s))
	fillRect(img, img.Bounds(), colWall)
	costs := gridCosts(lt)
	colours, heat := nodeColours(opt.overlay, opt.heat, costs)
	// at returns node u's cell in the picture, and false outside it.
	at := func(u int) (int, int, bool) {
		x, y, _ := lt.XY(u)
		return x - area.Min.X, y - area.Min.Y, image.Pt(x, y).In(area)
	}
	heat.unreachable = false // but for the cells drawn: a window leaves the others out
	for u := range lt.Len() {
		x, y, in := at(u)
		if !in {
			continue
		}
		heat.unreachable = heat.unreachable || heat.on && colours[u] == colUnreachable
		cell := image.Rect(x*s, y*s, (x+1)*s, (y+1)*s)
		fillRect(img, cell, colours[u])
		if s >= 6 { // a faint grid line on the right and bottom edges
			line := shade(colours[u], 0.92)
			fillRect(img, image.Rect(cell.Max.X-1, cell.Min.Y, cell.Max.X, cell.Max.Y), line)
			fillRect(img, image.Rect(cell.Min.X, cell.Max.Y-1, cell.Max.X, cell.Max.Y), line)
		}
	}
	fs := float64(s)
	for u := range lt.Len() {
		if x, y, in := at(u); in && opt.overlay.Blocked(u) {
			size := max(fs, minCross)
			cross(img, (float64(x)+0.5)*fs-size/2, (float64(y)+0.5)*fs-size/2, size, colBlocked)
		}
	}
	return &mapPicture{
		img: img,
		centre: func(u int) (float64, float64, bool) {
			x, y, in := at(u)
			return (float64(x) + 0.5) * fs, (float64(y) + 0.5) * fs, in
		},
		x:         axis{lo: float64(area.Min.X), hi: float64(area.Max.X - 1), off: (0.5 - float64(area.Min.X)) * fs, scale: fs, cells: true},
		y:         axis{lo: float64(area.Min.Y), hi: float64(area.Max.Y - 1), off: (0.5 - float64(area.Min.Y)) * fs, scale: fs, cells: true},
		pathWidth: max(fs/4, minPath),
		markerR:   max(0.45*fs, minMarker),
		scaleNote: fmt.Sprintf("%d px a cell", s),
		heat:      heat,
		costs:     costs,
	}, nil
}

// renderGraph draws a graph table whose nodes have coordinates: edges as
// lines, nodes as dots, y growing downward as on grids. O(pixels + E·length).
func renderGraph(lt *lookup.Table, opt renderOptions) (*mapPicture, error) {
	n := lt.Len()
	if _, _, ok := lt.Coords(0); !ok {
		return nil, fmt.Errorf("graph has no node coordinates: render draws grids, and graphs whose nodes have x and y")
	}
	xs, ys := make([]float64, n), make([]float64, n)
	minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for u := range n {
		x, y, _ := lt.Coords(u)
		if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
			return nil, fmt.Errorf("node %s has coordinates %v,%v", lt.Name(u), x, y)
		}
		xs[u], ys[u] = x, y
		minX, maxX = min(minX, x), max(maxX, x)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	span := max(maxX-minX, maxY-minY)
	if math.IsInf(span, 0) {
		return nil, fmt.Errorf("node coordinates span %v to %v, %v to %v: too far apart to draw", minX, maxX, minY, maxY)
	}
	s := float64(opt.scale)
	if s == 0 {
		s = 768 / max(span, 1e-300)
	}
	const margin = 24
	w, h := (maxX-minX)*s+2*margin+1, (maxY-minY)*s+2*margin+1
	// NaN or Inf fails the comparison: only a finite picture within the
	// pixel limit passes.
	if n == 0 || !(w*h <= maxPixels) {
		return nil, fmt.Errorf("graph of %d nodes at scale %v does not fit in %d pixels; use a smaller -scale", n, s, maxPixels)
	}
	img := image.NewRGBA(image.Rect(0, 0, int(w), int(h)))
	fillRect(img, img.Bounds(), colBackground)
	pos := func(u int) (float64, float64) {
		return margin + (xs[u]-minX)*s, margin + (ys[u]-minY)*s
	}
	for u := range n {
		for v := range lt.Edges(u) {
			x0, y0 := pos(u)
			x1, y1 := pos(v)
			drawLine(img, x0, y0, x1, y1, 2, colEdge)
		}
	}
	colours, heat := nodeColours(opt.overlay, opt.heat, nil)
	// The nodes go over the path, their names beside them on graphs small
	// enough to read them.
	nodes := func(img *image.RGBA, origin image.Point) {
		for u := range n {
			c := colours[u]
			if opt.heat < 0 {
				c = colNode
			}
			x, y := pos(u)
			x, y = x+float64(origin.X), y+float64(origin.Y)
			dot(img, x, y, 5, c)
			if opt.overlay.Blocked(u) {
				cross(img, x-8, y-8, 16, colBlocked)
			}
			if n <= maxNamedNodes {
				// Above and to the right, or to the left at the map's
				// right edge.
				name := lt.Name(u)
				nx := int(x) + 8
				if nx+textWidth(name) > origin.X+int(w) {
					nx = int(x) - 8 - textWidth(name)
				}
				drawText(img, nx, int(y)-8-textH, name, colInk)
			}
		}
	}
	return &mapPicture{
		img:      img,
		overPath: nodes,
		centre: func(u int) (float64, float64, bool) {
			x, y := pos(u)
			return x, y, true
		},
		x:         axis{lo: minX, hi: maxX, off: margin - minX*s, scale: s},
		y:         axis{lo: minY, hi: maxY, off: margin - minY*s, scale: s},
		pathWidth: 5,
		markerR:   9,
		scaleNote: strconv.FormatFloat(s, 'g', 4, 64) + " px a unit",
		heat:      heat,
	}, nil
}

// heatRange is what a heat map's legend says: the largest cost coloured
// (the end of the ramp) and whether some node has no path.
type heatRange struct {
	on          bool
	far         float64
	unreachable bool
}

// nodeColours is each node's fill: by its shortest-path cost to heat
// through the overlay when heat >= 0, else by the cost of entering it (nil
// costs: all colOpen).
func nodeColours(lt *lookup.Overlay, heat int, costs []float64) ([]color.RGBA, heatRange) {
	n := lt.Len()
	out := make([]color.RGBA, n)
	if heat < 0 {
		for u := range out {
			out[u] = colOpen
			if costs != nil {
				out[u] = costColour(costs[u])
			}
		}
		return out, heatRange{}
	}
	dist := make([]float64, n)
	hr := heatRange{on: true}
	for u := range n {
		d, ok := lt.Dist(u, heat)
		if !ok {
			d = math.Inf(1)
			hr.unreachable = true
		}
		dist[u] = d
		if ok {
			hr.far = max(hr.far, d)
		}
	}
	for u, d := range dist {
		switch {
		case math.IsInf(d, 1):
			out[u] = colUnreachable
		case hr.far == 0:
			out[u] = heatRamp[0]
		default:
			out[u] = rampAt(d / hr.far)
		}
	}
	return out, hr
}

// costColour is the fill of a cell that costs c to enter: colOpen at 1,
// colCostly from 9.
func costColour(c float64) color.RGBA {
	if c <= 1 {
		return colOpen
	}
	return blend(colOpen, colCostly, (min(c, 9)-1)/8)
}

// gridCosts is the baked cost of moving onto each node of a grid table,
// in cell units (lookup.Table.CellCost). O(E).
func gridCosts(lt *lookup.Table) []float64 {
	costs := make([]float64, lt.Len())
	for u := range costs {
		costs[u], _ = lt.CellCost(u)
	}
	return costs
}

// drawLine stamps a width×width square every pixel along the segment.
func drawLine(img *image.RGBA, x0, y0, x1, y1, width float64, c color.RGBA) {
	steps := int(math.Ceil(max(math.Abs(x1-x0), math.Abs(y1-y0))))
	half := width / 2
	for i := 0; i <= steps; i++ {
		f := 0.0
		if steps > 0 {
			f = float64(i) / float64(steps)
		}
		x, y := x0+(x1-x0)*f, y0+(y1-y0)*f
		fillRect(img, image.Rect(int(math.Floor(x-half)), int(math.Floor(y-half)),
			int(math.Floor(x-half+width)), int(math.Floor(y-half+width))), c)
	}
}

// cross draws an X from corner to corner of the square of side size at
// (x, y), with strokes a sixth of its side.
func cross(img *image.RGBA, x, y, size float64, c color.RGBA) {
	w := max(1, size/6)
	drawLine(img, x+w/2, y+w/2, x+size-w/2, y+size-w/2, w, c)
	drawLine(img, x+size-w/2, y+w/2, x+w/2, y+size-w/2, w, c)
}

// dot fills a disc of radius r around (x, y).
func dot(img *image.RGBA, x, y, r float64, c color.RGBA) {
	for py := int(y - r); py <= int(y+r); py++ {
		for px := int(x - r); px <= int(x+r); px++ {
			if dx, dy := float64(px)+0.5-x, float64(py)+0.5-y; dx*dx+dy*dy <= r*r {
				if (image.Point{px, py}).In(img.Rect) {
					img.SetRGBA(px, py, c)
				}
			}
		}
	}
}

// fillRect fills r, clipped to the image.
func fillRect(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

// rampAt returns the heat ramp's colour at f in [0, 1].
func rampAt(f float64) color.RGBA {
	f = min(max(f, 0), 1) * float64(len(heatRamp)-1)
	i := min(int(f), len(heatRamp)-2)
	return blend(heatRamp[i], heatRamp[i+1], f-float64(i))
}

// blend mixes a and b: f = 0 gives a, f = 1 gives b.
func blend(a, b color.RGBA, f float64) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*f)) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// shade darkens c by factor f.
func shade(c color.RGBA, f float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), 255}
}
