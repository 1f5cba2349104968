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

// InputHash returns the hex SHA-256 that identifies the inputs of a
// table built with opt from the level file data, of format, loaded with
// mopt: the table's format version, the level's format, for grid formats
// the movement model (mopt's, zero fields taken from the defaults) and,
// for an agent larger than one cell, its clearance, a line
// naming the layout's options where it has any (table.Header.LayoutKey:
// "window DELTA", "layout runs"), and the level file's bytes. A table
// records it as Header.InputHash: equal hashes mean the table was built
// from these inputs, and the same pathtable rebuilding them writes the same
// bytes. It needs no parsing. docs/FORMAT.md spells out the recipe; this
// is its one implementation. O(len(data)).
func InputHash(format maps.Format, mopt maps.Options, opt Options, data []byte) string {
	th := opt.layoutHeader()
	h := sha256.New()
	fmt.Fprintf(h, "pathtable table v%d\nformat %s\n", th.FormatVersion(), format)
	if format.IsGrid() {
		mv := mopt.WithDefaults().Moves
		fmt.Fprintf(h, "connect %d\ndiagonal %s\n", mv.Connect, mv.Diagonal)
		if k := mopt.Clearance; k > 1 {
			fmt.Fprintf(h, "clearance %d\n", k)
		}
	}
	if key := th.LayoutKey(); key != "" {
		fmt.Fprintf(h, "%s\n", key)
	}
	if opt.olderEncodings() {
		// Only a run-length table's rows differ, so only its hash says so
		// (a table of the newest encodings keeps the hash it always had),
		// and one line for any of them, which CheckLevel can try.
		fmt.Fprintf(h, "older encodings\n")
	}
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// olderEncodings reports whether opt asks a run-length table for rows in
// encodings older readers know (WholeRows, NoJump, Starts16). O(1).
func (opt Options) olderEncodings() bool {
	return opt.TableLayout() == table.LayoutRuns && (opt.WholeRows || opt.NoJump || opt.Starts16)
}

// OlderEncodings returns opt asking for the run-length encodings that
// readers predating the component, jump and 12-bit forms read: WholeRows,
// NoJump and Starts16 set. Larger files, the same answers. O(1).
func (opt Options) OlderEncodings() Options {
	opt.WholeRows, opt.NoJump, opt.Starts16 = true, true, true
	return opt
}

// layoutHeader is the header fields of the table opt asks for that an
// input hash covers: its layout and window. O(1).
func (opt Options) layoutHeader() table.Header {
	return table.Header{Layout: opt.TableLayout(), Window: opt.Window}
}

// TableOptions returns the build options of the layout a table of header h
// was built with (its layout and window): what CheckStale compares a table
// with when the question is only whether its level changed. O(1).
func TableOptions(h *table.Header) Options {
	if h.Window != 0 {
		return Options{Window: h.Window}
	}
	return Options{Layout: h.Layout}
}

// StaleError reports a table that was not built from the inputs it was
// checked against: the level file changed, or the options differ.
type StaleError struct {
	TableHash, LevelHash string // the table's input hash, and the inputs'
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("not built from these inputs (input hash %.12s, the inputs' %.12s)", e.TableHash, e.LevelHash)
}

// CheckStale returns nil when the table of header h is what building the
// level file data (of format, loaded with mopt) with opt writes, as its
// identity says: the same input hash, which covers the level's bytes and
// format, the movement model and the layout's options. Otherwise it
// returns a *StaleError. It is the one staleness check: a build skips an
// up-to-date table with it, verify and bench refuse a stale one
// (TableOptions gives opt there). It needs no parsing: O(len(data)).
func CheckStale(h *table.Header, format maps.Format, mopt maps.Options, opt Options, data []byte) error {
	if want := InputHash(format, mopt, opt, data); h.InputHash != want {
		return &StaleError{TableHash: h.InputHash, LevelHash: want}
	}
	return nil
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
	t.InputHash = InputHash(lvl.Format, lvl.Options, opt, lvl.Data)
	return t, nil
}

// CheckLevel returns nil when the table of header h was built from the
// level data is now, with whichever options it was built with, else a
// *StaleError: CheckStale with TableOptions(h), and for a run-length table
// also as built for older readers (any of WholeRows, NoJump, Starts16),
// which the header does not record. O(len(data)).
func CheckLevel(h *table.Header, format maps.Format, mopt maps.Options, data []byte) error {
	opt := TableOptions(h)
	err := CheckStale(h, format, mopt, opt, data)
	if err != nil && opt.TableLayout() == table.LayoutRuns &&
		CheckStale(h, format, mopt, opt.OlderEncodings(), data) == nil {
		return nil
	}
	return err
}

// LevelOptions returns the options that load a table's level into the
// graph the table was built from: its grid movement model and clearance,
// or the zero Options for graphs. O(1).
func LevelOptions(h *table.Header) maps.Options {
	if h.Kind != table.KindGrid {
		return maps.Options{}
	}
	return maps.Options{Moves: maps.Moves{Connect: h.Connect, Diagonal: maps.Diagonal(h.Diagonal)}, Clearance: h.Clearance}
}
