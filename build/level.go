package build

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// A table records which level it was built from: the level file's base name
// (Source), its format, and InputHash. This file owns that identity, so
// that a table built here and one built by the command line are the same
// bytes, and either can be checked against the level as it is now.

// InputHash returns the hex SHA-256 that identifies the inputs of a flat
// table: TableInputHash for the zero Header. O(len(data)).
func InputHash(format maps.Format, opt maps.Options, data []byte) string {
	return TableInputHash(&table.Header{}, format, opt, data)
}

// TableInputHash returns the hex SHA-256 that identifies the inputs of a
// table of th's layout: the format version (th.FormatVersion()), the
// level's format, for grid formats the movement model (opt's, zero fields
// taken from the defaults), a line naming a layout other than flat ("window
// DELTA", "layout runs"), and the level file's bytes. A table records it as
// Header.InputHash: equal hashes mean the table was built from these
// inputs, and the same pathtable rebuilding them writes the same bytes. It
// needs no parsing, so a caller can tell whether a table is up to date
// before loading the level. Only th's Layout and Window are read.
// docs/FORMAT.md spells out the recipe. O(len(data)).
func TableInputHash(th *table.Header, format maps.Format, opt maps.Options, data []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "pathtable table v%d\nformat %s\n", th.FormatVersion(), format)
	if format.IsGrid() {
		mv := opt.WithDefaults().Moves
		fmt.Fprintf(h, "connect %d\ndiagonal %s\n", mv.Connect, mv.Diagonal)
	}
	switch th.Layout {
	case table.LayoutWindow:
		fmt.Fprintf(h, "window %d\n", th.Window)
	case table.LayoutRuns:
		fmt.Fprintf(h, "layout runs\n")
	}
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// BuildLevel returns the table of lvl.Graph, as Build does (of the layout
// opt asks for), with the level's identity set: Source, Format and InputHash. Its bytes are those
// `pathtable build` writes for the same file and options. Cost: Build's,
// plus O(len(lvl.Data)) for the hash.
func BuildLevel(ctx context.Context, lvl *maps.Level, opt Options) (*table.Table, error) {
	t, err := Build(ctx, lvl.Graph, opt)
	if err != nil {
		return nil, err
	}
	t.Source = lvl.Source
	t.Format = string(lvl.Format)
	t.InputHash = TableInputHash(&t.Header, lvl.Format, lvl.Options, lvl.Data)
	return t, nil
}

// LevelOptions returns the options that load a table's level into the
// graph the table was built from: its grid movement model, or the zero
// Options for graphs. O(1).
func LevelOptions(h *table.Header) maps.Options {
	if h.Kind != table.KindGrid {
		return maps.Options{}
	}
	return maps.Options{Moves: maps.Moves{Connect: h.Connect, Diagonal: maps.Diagonal(h.Diagonal)}}
}
