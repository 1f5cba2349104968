package maps

import (
	"fmt"
	"strconv"
)

// DIMACS shortest-path graphs (9th DIMACS Implementation Challenge, .gr):
//
//	c a comment
//	p sp NODES ARCS
//	a FROM TO WEIGHT
//
// Node ids are 1-based, arcs directed, weights integers in [0, 2^31).
// Blank lines are ignored.

// parseDIMACS reads a DIMACS .gr file. Parallel arcs keep the smallest
// weight, self-loops are dropped; node names are "1".."N".
// O(len(data) + E log E).
func parseDIMACS(name string, data []byte) (*Graph, error) {
	r := newLineReader(data)
	perr := func(line, col int, format string, args ...any) error {
		return &ParseError{File: name, Line: line, Col: col, Err: fmt.Errorf(format, args...)}
	}
	var (
		buf   [5]field
		n, m  int64 // declared nodes and arcs
		pLine int   // line of the p line, 0 before it
		count int64 // arcs read
		arcs  []arc
	)
	for {
		line, ok := r.next()
		if !ok {
			break
		}
		f := fields(line, buf[:])
		if len(f) == 0 {
			continue
		}
		switch string(f[0].text) {
		case "c":
			continue
		case "p":
			if pLine != 0 {
				return nil, perr(r.n, 1, "%w: second p line (the first is on line %d)", ErrHeader, pLine)
			}
			if len(f) != 4 || string(f[1].text) != "sp" {
				return nil, perr(r.n, 1, "%w: want \"p sp NODES ARCS\", got %s", ErrHeader, quote(line))
			}
			var ok, big bool
			if n, ok, big = parseDecimal(f[2].text); big || ok && n > maxNodes {
				return nil, perr(r.n, f[2].col, "%w: %s nodes exceed the limit of %d", ErrTooLarge, short(f[2].text), maxNodes)
			} else if !ok {
				return nil, perr(r.n, f[2].col, "%w: node count %s is not an integer >= 0", ErrHeader, quote(f[2].text))
			}
			if m, ok, big = parseDecimal(f[3].text); big || ok && m > maxEdges {
				return nil, perr(r.n, f[3].col, "%w: %s arcs exceed the limit of %d", ErrTooLarge, short(f[3].text), maxEdges)
			} else if !ok {
				return nil, perr(r.n, f[3].col, "%w: arc count %s is not an integer >= 0", ErrHeader, quote(f[3].text))
			}
			pLine = r.n
			// An arc line takes at least 8 bytes: do not trust m further.
			arcs = make([]arc, 0, min(m, int64(len(data)/8)))
		case "a":
			if pLine == 0 {
				return nil, perr(r.n, 1, "%w: arc before the p line", ErrHeader)
			}
			if len(f) != 4 {
				return nil, perr(r.n, 1, "want \"a FROM TO WEIGHT\", got %s", quote(line))
			}
			if count++; count > m {
				return nil, perr(r.n, 1, "%w: more arcs than the %d declared on line %d", ErrHeader, m, pLine)
			}
			u, err := dimacsNode(f[1].text, n)
			if err != nil {
				return nil, &ParseError{File: name, Line: r.n, Col: f[1].col, Err: err}
			}
			v, err := dimacsNode(f[2].text, n)
			if err != nil {
				return nil, &ParseError{File: name, Line: r.n, Col: f[2].col, Err: err}
			}
			w, err := dimacsWeight(f[3].text)
			if err != nil {
				return nil, &ParseError{File: name, Line: r.n, Col: f[3].col, Err: err}
			}
			arcs = append(arcs, arc{from: u, to: v, w: float64(w)})
		default:
			return nil, perr(r.n, f[0].col, "unknown line type %s (want c, p or a)", quote(f[0].text))
		}
	}
	if pLine == 0 {
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: no \"p sp NODES ARCS\" line", ErrHeader)}
	}
	if count != m {
		return nil, perr(pLine, 0, "%w: p line declares %d arcs, the file has %d", ErrHeader, m, count)
	}
	g, err := buildGraph(int(n), arcs)
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	g.Metric = MetricInt
	g.Names = decimalNames(int(n))
	return g, nil
}

// dimacsNode parses a 1-based node id and returns it 0-based.
func dimacsNode(b []byte, n int64) (int32, error) {
	neg := len(b) > 1 && b[0] == '-'
	digits := b
	if neg {
		digits = b[1:]
	}
	v, ok, big := parseDecimal(digits)
	if !ok && !big {
		return 0, fmt.Errorf("node id %s is not an integer", quote(b))
	}
	if neg || big || v < 1 || v > n {
		return 0, fmt.Errorf("%w %s: ids run from 1 to %d", ErrUnknownNode, short(b), n)
	}
	return int32(v - 1), nil
}

// dimacsWeight parses an arc weight, an integer in [0, 2^31).
func dimacsWeight(b []byte) (int64, error) {
	neg := len(b) > 1 && b[0] == '-'
	digits := b
	if neg {
		digits = b[1:]
	}
	v, ok, big := parseDecimal(digits)
	switch {
	case !ok && !big:
		return 0, fmt.Errorf("weight %s is not an integer", quote(b))
	case neg && (big || v != 0):
		return 0, fmt.Errorf("%w: weight %s", ErrNegativeCost, short(b))
	case big || v >= 1<<31:
		return 0, fmt.Errorf("%w: weight %s exceeds 2^31-1", ErrTooLarge, short(b))
	}
	return v, nil
}

// decimalNames returns "1".."n", all slices of one string. O(n).
func decimalNames(n int) []string {
	var buf []byte
	ends := make([]int, n)
	for i := range n {
		buf = strconv.AppendInt(buf, int64(i+1), 10)
		ends[i] = len(buf)
	}
	all := string(buf)
	names := make([]string, n)
	start := 0
	for i, end := range ends {
		names[i] = all[start:end]
		start = end
	}
	return names
}
