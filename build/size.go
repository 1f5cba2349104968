package build

import (
	"fmt"

	"github.com/pathtable/pathtable/internal/bytesize"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// SizeError reports a table that would exceed the caller's byte limit
// (Options.MaxBytes), with the estimate. Every refusal over a limit is one,
// made by newSizeError, whatever asked: a build, a part, a merge, or the
// check before a level is parsed.
type SizeError struct {
	Nodes        int
	Bytes, Limit int64 // the table's payloads, and the limit they exceed
	First, Dist  int64 // the payloads' parts
	DistKind     table.DistKind
	AtLeast      bool // Bytes is a lower bound, found before the level was parsed
	// Compressible says a run-length table (Options.Layout
	// table.LayoutRuns) of the level would store no distances and, on
	// most levels, far fewer first moves.
	Compressible bool
}

func (e *SizeError) Error() string {
	least := ""
	if e.AtLeast {
		least = "at least "
	}
	return fmt.Sprintf("table for %d nodes would take %s%s (first moves %s, distances %s as %s), over the limit of %s",
		e.Nodes, least, bytesize.Format(e.Bytes), bytesize.Format(e.First), bytesize.Format(e.Dist), e.DistKind, bytesize.Format(e.Limit))
}

// newSizeError is the refusal of size payload bytes of a table of header h
// over limit: the bytes split into first moves and distances as h's layout
// stores them. O(1).
func newSizeError(h *table.Header, size, limit int64, atLeast bool) *SizeError {
	dist := min(h.DistBytes(), size)
	return &SizeError{Nodes: h.Nodes, Bytes: size, Limit: limit, First: size - dist, Dist: dist,
		DistKind: h.DistKind, AtLeast: atLeast, Compressible: h.Layout == table.LayoutFlat && h.AllPairs()}
}

// CheckSize refuses, with a *SizeError, a table of header h whose payloads
// (PayloadSize) exceed limit; 0 means no limit. O(1).
func CheckSize(h *table.Header, limit int64) error {
	size, err := h.PayloadSize()
	if err != nil {
		return err
	}
	return checkBytes(h, size, limit)
}

// checkBytes refuses size bytes of a table of header h over limit (0: none).
func checkBytes(h *table.Header, size, limit int64) error {
	if limit > 0 && size > limit {
		return newSizeError(h, size, limit, false)
	}
	return nil
}

// CheckNodes refuses, before a level is parsed, a level of n nodes whose
// table, as opt asks for it, cannot fit: over the layout's node cap or a
// payload's limit, or over opt.MaxBytes (when > 0), for all pairs even
// with the narrowest distances (two bytes). A run-length table's size is
// known once built (Build refuses it then). O(1).
func CheckNodes(n int, opt Options) error {
	h := opt.layoutHeader()
	h.Nodes, h.DistKind = n, table.DistU16
	if h.Layout == table.LayoutRuns {
		_, err := h.PayloadSize()
		return err
	}
	if h.Layout == table.LayoutFlat && n > table.MaxNodes {
		return fmt.Errorf("level has %d nodes; a table holds at most %d", n, table.MaxNodes)
	}
	size, err := h.PayloadSize()
	if err != nil {
		return err
	}
	if opt.MaxBytes > 0 && size > opt.MaxBytes {
		return newSizeError(&h, size, opt.MaxBytes, h.DistBytes() > 0)
	}
	return nil
}

// CheckLevelSize refuses, before the level in data (of format) is parsed,
// one whose node count (passable cells, or a .gr's declared nodes) cannot
// make a table as opt asks for it (CheckNodes), so that a huge level costs
// a scan of its bytes, not a graph. Levels whose count is not known before
// parsing pass. O(len(data)).
func CheckLevelSize(format maps.Format, data []byte, opt Options) error {
	n, ok := maps.NodeCount(format, data)
	if !ok {
		return nil
	}
	return CheckNodes(n, opt)
}
