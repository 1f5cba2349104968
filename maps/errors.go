package maps

import (
	"errors"
	"fmt"

	"github.com/pathtable/pathtable/internal/csr"
)

// ParseError reports bad input with its position, in the style of
// encoding/csv: "level.map:12:7: unknown cell character 'x'".
type ParseError struct {
	File string // file name as given to the loader
	Line int    // 1-based line, 0 when not known
	Col  int    // 1-based column (byte), 0 when not known
	Path string // JSON path such as "edges[3].cost", for JSON levels
	Err  error  // the cause, often one of the sentinel errors below
}

func (e *ParseError) Error() string {
	pos := e.File
	if e.Line > 0 {
		pos += fmt.Sprintf(":%d", e.Line)
		if e.Col > 0 {
			pos += fmt.Sprintf(":%d", e.Col)
		}
	}
	if e.Path != "" {
		pos += ": " + e.Path
	}
	return pos + ": " + e.Err.Error()
}

func (e *ParseError) Unwrap() error { return e.Err }

// Sentinel causes, for errors.Is.
var (
	ErrBadCost      = csr.ErrBadCost // negative, NaN or infinite: "cost must be a finite number >= 0"
	ErrNegativeCost = fmt.Errorf("negative cost (Dijkstra needs costs >= 0): %w", ErrBadCost)
	ErrUnknownNode  = errors.New("unknown node")
	ErrDuplicateID  = errors.New("duplicate node id")
	ErrRaggedRow    = errors.New("row length differs from the grid width")
	ErrBadCell      = errors.New("unknown cell character")
	ErrHeader       = errors.New("bad header")
	ErrFormat       = errors.New("unknown level format")
	ErrTooLarge     = errors.New("level too large")
	ErrCostOverflow = errors.New("path costs can overflow")
	ErrBadID        = errors.New("bad node id")
)
