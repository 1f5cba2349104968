package maps

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Options choose how a level becomes a graph. The zero value means the
// defaults: DefaultMoves for grids.
type Options struct {
	Moves Moves // grid movement model; zero fields take DefaultMoves'
}

// withDefaults fills zero fields.
func (o Options) withDefaults() Options {
	if o.Moves.Connect == 0 {
		o.Moves.Connect = DefaultMoves.Connect
	}
	if o.Moves.Diagonal == "" {
		o.Moves.Diagonal = DefaultMoves.Diagonal
	}
	return o
}

// Format is a level file format.
type Format string

const (
	FormatMovingAI Format = "map"  // Moving AI benchmark grid (.map)
	FormatGrid     Format = "grid" // ASCII grid with per-cell costs (.grid)
	FormatDIMACS   Format = "gr"   // DIMACS shortest-path graph (.gr)
	FormatJSON     Format = "json" // JSON waypoint graph (.json)
)

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

// ParseFormat reads a level in the given format.
func ParseFormat(f Format, name string, data []byte, opt Options) (*Graph, error) {
	opt = opt.withDefaults()
	if opt.Moves.Connect != 4 && opt.Moves.Connect != 8 {
		return nil, fmt.Errorf("%s: connectivity must be 4 or 8, not %d", name, opt.Moves.Connect)
	}
	if opt.Moves.Diagonal != DiagonalSqrt2 && opt.Moves.Diagonal != Diagonal1014 {
		return nil, fmt.Errorf("%s: diagonal cost model must be %q or %q, not %q", name, DiagonalSqrt2, Diagonal1014, opt.Moves.Diagonal)
	}
	switch f {
	case FormatMovingAI:
		return parseMovingAI(name, data, opt)
	case FormatGrid:
		return parseGrid(name, data, opt)
	case FormatDIMACS:
		return parseDIMACS(name, data)
	case FormatJSON:
		return parseJSON(name, data)
	}
	return nil, &ParseError{File: name, Err: fmt.Errorf("%w %q", ErrFormat, f)}
}

// Load reads and parses the level file at path, returning the graph and the
// file's bytes (for hashing).
func Load(path string, opt Options) (*Graph, []byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	g, err := Parse(path, data, opt)
	if err != nil {
		return nil, nil, err
	}
	return g, data, nil
}
