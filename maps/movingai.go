package maps

import (
	"bytes"
	"fmt"
)

// Moving AI benchmark maps (movingai.com/benchmarks/formats.html):
//
//	type octile
//	height H
//	width W
//	map
//	H rows of W characters
//
// Passable: '.', 'G', 'S' (cost 1). Blocked: '@', 'O', 'T', 'W'.

const movingAICells = ".GS@OTW"

var movingAITable = newCellTable(".GS", "@OTW", false)

// parseMovingAI reads a Moving AI .map file. The height and width lines may
// come in either order; CRLF line ends and trailing blank lines are
// accepted. mv is a model Moves.Validate accepts. O(len(data)).
func parseMovingAI(name string, data []byte, mv Moves) (*Graph, error) {
	r := newLineReader(data)
	perr := func(line, col int, format string, args ...any) error {
		return &ParseError{File: name, Line: line, Col: col, Err: fmt.Errorf(format, args...)}
	}
	var buf [3]field

	line, ok := r.next()
	if !ok {
		return nil, perr(1, 0, "%w: empty file, want \"type octile\"", ErrHeader)
	}
	f := fields(line, buf[:])
	if len(f) != 2 || string(f[0].text) != "type" {
		return nil, perr(r.n, 1, "%w: want \"type octile\", got %s", ErrHeader, quote(line))
	}
	if string(f[1].text) != "octile" {
		return nil, perr(r.n, f[1].col, "%w: map type %s, want octile", ErrHeader, quote(f[1].text))
	}

	w, h := 0, 0
	hLine := 0
	for {
		line, ok := r.next()
		if !ok {
			return nil, perr(r.n+1, 0, "%w: file ends before the \"map\" line", ErrHeader)
		}
		f := fields(line, buf[:])
		if len(f) == 1 && string(f[0].text) == "map" {
			break
		}
		key := ""
		if len(f) == 2 {
			key = string(f[0].text)
		}
		var dst *int
		switch key {
		case "height":
			dst = &h
			hLine = r.n
		case "width":
			dst = &w
		default:
			return nil, perr(r.n, 1, "%w: want \"height H\", \"width W\" or \"map\", got %s", ErrHeader, quote(line))
		}
		if *dst != 0 {
			return nil, perr(r.n, 1, "%w: second %s line", ErrHeader, key)
		}
		v, ok, big := parseDecimal(f[1].text)
		switch {
		case big || ok && v > maxSide:
			return nil, perr(r.n, f[1].col, "%w: %s %s exceeds %d", ErrTooLarge, key, short(f[1].text), maxSide)
		case !ok || v == 0:
			return nil, perr(r.n, f[1].col, "%w: %s %s is not a positive integer", ErrHeader, key, quote(f[1].text))
		}
		*dst = int(v)
	}
	mapLine := r.n
	if h == 0 {
		return nil, perr(mapLine, 0, "%w: no height line before \"map\"", ErrHeader)
	}
	if w == 0 {
		return nil, perr(mapLine, 0, "%w: no width line before \"map\"", ErrHeader)
	}
	if err := checkGridSize(w, h); err != nil {
		return nil, &ParseError{File: name, Line: mapLine, Err: err}
	}

	// Collect the rows, checking each; the cost array is allocated only
	// once the rows are known to be there.
	rows := make([][]byte, 0, min(h, bytes.Count(data, []byte{'\n'})+1))
	blank := 0 // line of a blank line after the last row, 0 if none
	for {
		line, ok := r.next()
		if !ok {
			break
		}
		if isBlank(line) {
			if blank == 0 {
				blank = r.n
			}
			continue
		}
		if len(rows) == h {
			return nil, perr(r.n, 1, "%w: more than the %d rows the height line declares", ErrHeader, h)
		}
		if blank != 0 {
			return nil, perr(blank, 1, "%w: blank line inside the map", ErrRaggedRow)
		}
		if err := checkRow(name, r.n, len(rows), line, w, movingAITable, movingAICells); err != nil {
			return nil, err
		}
		rows = append(rows, line)
	}
	if len(rows) < h {
		return nil, perr(hLine, 0, "%w: height %d but the map has %d rows", ErrHeader, h, len(rows))
	}
	return buildGrid(w, h, fillCosts(rows, w, movingAITable), mv), nil
}
