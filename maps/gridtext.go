package maps

import "fmt"

// The .grid format, pathtable's own: every non-blank line is a row of cells,
// all rows equally long, each character the cost of moving onto that cell:
// '1'..'9', '.' for 1, '#' for a wall. Lines starting with ';' are comments,
// allowed anywhere. Blank lines may come before and after the rows, not
// between them.

const gridCells = ".#123456789"

var gridTable = newCellTable(".", "#", true)

// parseGrid reads a .grid file made with mv, a model Moves.Validate
// accepts. O(len(data)).
func parseGrid(name string, data []byte, mv Moves) (*Graph, error) {
	r := newLineReader(data)
	var rows [][]byte
	w := 0
	blank := 0 // line of a blank line after the last row, 0 if none
	for {
		line, ok := r.next()
		if !ok {
			break
		}
		if len(line) > 0 && line[0] == ';' {
			continue
		}
		if isBlank(line) {
			if len(rows) > 0 && blank == 0 {
				blank = r.n
			}
			continue
		}
		if blank != 0 {
			return nil, &ParseError{File: name, Line: blank, Col: 1,
				Err: fmt.Errorf("%w: blank line between rows", ErrRaggedRow)}
		}
		if len(rows) == 0 {
			w = len(line)
		}
		if err := checkGridSize(w, len(rows)+1); err != nil {
			return nil, &ParseError{File: name, Line: r.n, Err: err}
		}
		if err := checkRow(name, r.n, len(rows), line, w, gridTable, gridCells); err != nil {
			return nil, err
		}
		rows = append(rows, line)
	}
	if len(rows) == 0 {
		return nil, &ParseError{File: name, Line: r.n, Err: fmt.Errorf("no grid rows")}
	}
	return buildGrid(w, len(rows), fillCosts(rows, w, gridTable), mv), nil
}
