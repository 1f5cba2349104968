package maps

// NodeCount returns how many nodes the level in data will have, from a
// scan that allocates nothing: the passable cells of a .map or .grid, the
// node count a .gr declares. ok is false where that takes a parse (.json),
// or the header cannot be found or declares more nodes than a level may
// have (the parse will say why). Callers use it
// to refuse a level whose table cannot fit before building its graph.
// O(len(data)).
func NodeCount(f Format, data []byte) (n int, ok bool) {
	r := newLineReader(data)
	var buf [5]field
	switch f {
	case FormatMovingAI:
		for {
			line, more := r.next()
			if !more {
				return 0, false
			}
			if fs := fields(line, buf[:2]); len(fs) == 1 && string(fs[0].text) == "map" {
				break
			}
		}
		return countBytes(r.rest, movingAITable), true
	case FormatGrid:
		for {
			line, more := r.next()
			if !more {
				return n, true
			}
			if len(line) > 0 && line[0] == ';' {
				continue
			}
			n += countBytes(line, gridTable)
		}
	case FormatDIMACS:
		for {
			line, more := r.next()
			if !more {
				return 0, false
			}
			fs := fields(line, buf[:])
			if len(fs) == 4 && string(fs[0].text) == "p" && string(fs[1].text) == "sp" {
				// A count over the loader's limit is the parse's to refuse,
				// with the count as declared.
				v, ok, big := parseDecimal(fs[2].text)
				return int(v), ok && !big && v <= maxNodes
			}
			if len(fs) > 0 && string(fs[0].text) != "c" {
				return 0, false
			}
		}
	}
	return 0, false
}

// countBytes counts the passable cells (cost > 0) among b's bytes.
// O(len(b)).
func countBytes(b []byte, t *cellTable) int {
	n := 0
	for _, c := range b {
		if t[c] > 0 {
			n++
		}
	}
	return n
}
