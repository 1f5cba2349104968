package maps

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Options choose how a level becomes a graph. The zero value means the
// defaults: DefaultMoves for grids.
type Options struct {
	Moves Moves // grid movement model; zero fields take DefaultMoves'
	// Clearance is the side, in cells, of the square agent a grid level is
	// loaded for (see Footprint): 0 or 1 for a one-cell agent, the level
	// as written. Graph levels take only 0 or 1.
	Clearance int
}

// WithDefaults returns o with its zero fields filled: the options a level
// loaded with o is actually made with. O(1).
func (o Options) WithDefaults() Options {
	if o.Moves.Connect == 0 {
		o.Moves.Connect = DefaultMoves.Connect
	}
	if o.Moves.Diagonal == "" {
		o.Moves.Diagonal = DefaultMoves.Diagonal
	}
	return o
}

// resolve fills o's defaults and checks the result, once for every loader.
func (o Options) resolve(f Format, name string) (Options, error) {
	o = o.WithDefaults()
	if err := o.Moves.Validate(); err != nil {
		return o, &ParseError{File: name, Err: fmt.Errorf("unknown movement model: %w", err)}
	}
	if err := checkClearance(f, o.Clearance); err != nil {
		return o, &ParseError{File: name, Err: err}
	}
	return o, nil
}

// Format is a level file format.
type Format string

const (
	FormatMovingAI Format = "map"  // Moving AI benchmark grid (.map)
	FormatGrid     Format = "grid" // ASCII grid with per-cell costs (.grid)
	FormatDIMACS   Format = "gr"   // DIMACS shortest-path graph (.gr)
	FormatJSON     Format = "json" // JSON waypoint graph (.json)
)

// IsGrid reports whether levels in format f are grids, which the movement
// model shapes; the other formats are graphs, which ignore it. O(1).
func (f Format) IsGrid() bool { return f == FormatMovingAI || f == FormatGrid }

// FormatOf picks a format from a file name's extension.
func FormatOf(name string) (Format, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".map":
		return FormatMovingAI, nil
	case ".grid":
		return FormatGrid, nil
	case ".gr":
		return FormatDIMACS, nil
	case ".json":
		return FormatJSON, nil
	}
	return "", &ParseError{File: name, Err: fmt.Errorf("%w: want .map, .grid, .gr or .json", ErrFormat)}
}

// Parse reads a level from data; name is used for the format (by extension)
// and in error messages. It is O(size of data + V + E).
func Parse(name string, data []byte, opt Options) (*Graph, error) {
	f, err := FormatOf(name)
	if err != nil {
		return nil, err
	}
	return ParseFormat(f, name, data, opt)
}

// ParseFormat reads a level in the given format. O(size of data + V + E).
func ParseFormat(f Format, name string, data []byte, opt Options) (*Graph, error) {
	opt, err := opt.resolve(f, name)
	if err != nil {
		return nil, err
	}
	return parse(f, name, data, opt)
}

// parse reads a level with options already resolved.
func parse(f Format, name string, data []byte, opt Options) (*Graph, error) {
	g, err := parseAny(f, name, data, opt)
	if err != nil {
		return nil, err
	}
	if g.Grid != nil {
		if g, err = withClearance(g, opt.Clearance); err != nil {
			return nil, &ParseError{File: name, Err: err}
		}
	}
	if err := checkCostRange(g); err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	return g, nil
}

// parseAny dispatches on the format.
func parseAny(f Format, name string, data []byte, opt Options) (*Graph, error) {
	switch f {
	case FormatMovingAI:
		return parseMovingAI(name, data, opt.Moves)
	case FormatGrid:
		return parseGrid(name, data, opt.Moves)
	case FormatDIMACS:
		return parseDIMACS(name, data)
	case FormatJSON:
		return parseJSON(name, data)
	}
	return nil, &ParseError{File: name, Err: fmt.Errorf("%w %q", ErrFormat, f)}
}
