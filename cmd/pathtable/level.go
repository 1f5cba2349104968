package main

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/bytesize"
	"github.com/pathtable/pathtable/internal/memlimit"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// levelFlags are the flags that choose how a level file becomes a graph.
type levelFlags struct {
	connect   int
	diagonal  string
	clearance string
}

func (lf *levelFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&lf.connect, "connect", 8, "grid moves: 4 (cardinal) or 8 (with diagonals, no corner cutting)")
	fs.StringVar(&lf.diagonal, "diagonal", "sqrt2", "grid costs: sqrt2 (cardinal 1, diagonal √2) or 10/14 (integer), times the cost of the cell entered")
	fs.StringVar(&lf.clearance, "clearance", "1", "grid levels: the side `K`, in cells, of the square agent: it stands on x,y and covers x..x+K-1, y..y+K-1, all passable; a move costs its footprint's dearest cell")
}

// options returns the level options the flags ask for, for the first
// agent size; several sizes are a usage error unless several is set (build
// takes one table per size: sizes). A model maps does not know is a usage
// error; maps names the field, which is the flag's name.
func (lf *levelFlags) options(several bool) (maps.Options, error) {
	sizes, err := lf.sizes()
	if err != nil {
		return maps.Options{}, err
	}
	if len(sizes) > 1 && !several {
		return maps.Options{}, usagef("-clearance takes one size here, not %s (build takes several)", lf.clearance)
	}
	mv := maps.Moves{Connect: lf.connect, Diagonal: maps.Diagonal(lf.diagonal)}
	if err := mv.Validate(); err != nil {
		return maps.Options{}, usagef("-%v", err)
	}
	return maps.Options{Moves: mv, Clearance: clearanceOption(sizes[0])}, nil
}

// sizes parses -clearance: one agent side or a comma-separated list of
// distinct ones, each 1 to maps.MaxClearance.
func (lf *levelFlags) sizes() ([]int, error) {
	var sizes []int
	for _, f := range strings.Split(lf.clearance, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 1 || k > maps.MaxClearance {
			return nil, usagef("-clearance takes agent sides of 1 to %d cells (a list: 1,2,3), not %q", maps.MaxClearance, f)
		}
		if slices.Contains(sizes, k) {
			return nil, usagef("-clearance names size %d twice", k)
		}
		sizes = append(sizes, k)
	}
	return sizes, nil
}

// clearanceOption is maps.Options.Clearance for an agent of side k: 0 for
// one cell, so that the options, and what they are echoed as, are the
// ones a level loaded without -clearance has.
func clearanceOption(k int) int {
	if k <= 1 {
		return 0
	}
	return k
}

// staleError returns nil when the table at tablePath was built from lvl as
// it is now (build.CheckLevel), else the error that says so and what to do:
// a level other than the one the table records as its source is named as
// such; the same level changed since is called stale.
func staleError(tablePath string, h *table.Header, lvl *maps.Level) error {
	err := build.CheckLevel(h, lvl.Format, lvl.Options, lvl.Data)
	var stale *build.StaleError
	if !errors.As(err, &stale) {
		return err
	}
	if h.Source != "" && h.Source != lvl.Source {
		return fmt.Errorf("%s was built from %s, not %s: give it the level it was built from, or build a table of %s",
			tablePath, h.Source, lvl.Source, lvl.Name)
	}
	return fmt.Errorf("stale table: %s changed since %s was built from it (input hash %.12s, the level's now %.12s); rebuild it with 'pathtable build'",
		lvl.Name, tablePath, stale.TableHash, stale.LevelHash)
}

// bytesFlag is a flag.Value for sizes.
type bytesFlag struct{ n int64 }

func (b *bytesFlag) String() string { return bytesize.Format(b.n) }
func (b *bytesFlag) Set(s string) error {
	n, err := bytesize.Parse(s)
	b.n = n
	return err
}

// defaultMaxBytes is half the memory this process may use (the limit
// that binds, memlimit.Current: a cgroup's, ulimit's, GOMEMLIMIT or the
// machine's), or 4 GiB where none can be read: a table that needs more
// would push a build into swap or the out-of-memory killer. The build's
// own peak is checked against the limit as well (checkBuildMemory).
func defaultMaxBytes() int64 {
	if l, ok := memlimit.Current(); ok {
		return l.Bytes / 2
	}
	return 4 << 30
}
