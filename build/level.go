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

// InputHash returns the hex SHA-256 that identifies the inputs of a table:
// the table format version (table.Version), the level's format, for grid
// formats the movement model (opt's, zero fields taken from the defaults),
// and the level file's bytes. A table records it as Header.InputHash:
// equal hashes mean the table was built from these inputs, and the same
// pathtable rebuilding them writes the same bytes. It needs no parsing, so
// a caller can tell whether a table is up to date before loading the level.
// docs/FORMAT.md spells out the recipe. O(len(data)).
func InputHash(format maps.Format, opt maps.Options, data []byte) string {
	return inputHash(format, opt, data, 0)
}

// WindowInputHash is InputHash for a windowed table of half-width delta:
// the format version is table.VersionLayout and a line "window DELTA"
// follows the movement model. O(len(data)).
func WindowInputHash(format maps.Format, opt maps.Options, data []byte, delta int) string {
	return inputHash(format, opt, data, delta)
}

// TableInputHash is the InputHash a table of h's layout built from lvl
// carries: what a checker compares h.InputHash with. O(len(lvl.Data)).
func TableInputHash(h *table.Header, lvl *maps.Level) string {
	if h.Layout == table.LayoutWindow {
		return WindowInputHash(lvl.Format, lvl.Options, lvl.Data, h.Window)
	}
	return InputHash(lvl.Format, lvl.Options, lvl.Data)
}

// inputHash is the one recipe: window 0 for a flat table.
func inputHash(format maps.Format, opt maps.Options, data []byte, window int) string {
	h := sha256.New()
	version := table.Version
	if window > 0 {
		version = table.VersionLayout
	}
	fmt.Fprintf(h, "pathtable table v%d\nformat %s\n", version, format)
	if format.IsGrid() {
		mv := opt.WithDefaults().Moves
		fmt.Fprintf(h, "connect %d\ndiagonal %s\n", mv.Connect, mv.Diagonal)
	}
	if window > 0 {
		fmt.Fprintf(h, "window %d\n", window)
	}
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// BuildLevel returns the table of lvl.Graph, as Build does (windowed when
// opt.Window is set), with the
// level's identity set: Source, Format and InputHash. Its bytes are those
// `pathtable build` writes for the same file and options. Cost: Build's,
// plus O(len(lvl.Data)) for the hash.
func BuildLevel(ctx context.Context, lvl *maps.Level, opt Options) (*table.Table, error) {
	t, err := Build(ctx, lvl.Graph, opt)
	if err != nil {
		return nil, err
	}
	t.Source = lvl.Source
	t.Format = string(lvl.Format)
	t.InputHash = TableInputHash(&t.Header, lvl)
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
