package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// levelFlags are the flags that choose how a level file becomes a graph.
type levelFlags struct {
	connect  int
	diagonal string
}

func (lf *levelFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&lf.connect, "connect", 8, "grid moves: 4 (cardinal) or 8 (with diagonals, no corner cutting)")
	fs.StringVar(&lf.diagonal, "diagonal", "sqrt2", "grid costs: sqrt2 (cardinal 1, diagonal √2) or 10/14 (integer), times the cost of the cell entered")
}

func (lf *levelFlags) options() (maps.Options, error) {
	if lf.connect != 4 && lf.connect != 8 {
		return maps.Options{}, usagef("-connect must be 4 or 8, not %d", lf.connect)
	}
	d := maps.Diagonal(lf.diagonal)
	if d != maps.DiagonalSqrt2 && d != maps.Diagonal1014 {
		return maps.Options{}, usagef("-diagonal must be sqrt2 or 10/14, not %q", lf.diagonal)
	}
	return maps.Options{Moves: maps.Moves{Connect: lf.connect, Diagonal: d}}, nil
}

// optionsOf returns the level options a table was built with, so that a
// level can be loaded again the same way (verify, bench).
func optionsOf(h *table.Header) maps.Options {
	if h.Kind != table.KindGrid {
		return maps.Options{}
	}
	return maps.Options{Moves: maps.Moves{Connect: h.Connect, Diagonal: maps.Diagonal(h.Diagonal)}}
}

// level is a parsed level file and what identifies it.
type level struct {
	path   string
	format maps.Format
	graph  *maps.Graph
	hash   string // inputHash of the file's bytes and options
}

// loadLevel reads and parses a level file.
func loadLevel(path string, opt maps.Options) (*level, error) {
	format, err := maps.FormatOf(path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	g, err := maps.ParseFormat(format, path, data, opt)
	if err != nil {
		return nil, err
	}
	return &level{path: path, format: format, graph: g, hash: inputHash(data, format, opt)}, nil
}

// staleError returns nil when the table at tablePath was built from lvl as
// it is now, else the error that says so and what to do.
func staleError(tablePath string, h *table.Header, lvl *level) error {
	if lvl.hash == h.InputHash {
		return nil
	}
	return fmt.Errorf("stale table: %s was not built from %s as it is now (input hash %.12s, the level's %.12s); rebuild it with 'pathtable build'",
		tablePath, lvl.path, h.InputHash, lvl.hash)
}

// inputHash identifies a table's inputs: the level's bytes, its format, the
// options that shape the graph (grids only) and the table format version.
// Equal hashes mean the table was built from these inputs; the same
// pathtable rebuilding them writes the same bytes.
func inputHash(data []byte, format maps.Format, opt maps.Options) string {
	h := sha256.New()
	fmt.Fprintf(h, "pathtable table v%d\nformat %s\n", table.Version, format)
	if format == maps.FormatMovingAI || format == maps.FormatGrid {
		fmt.Fprintf(h, "connect %d\ndiagonal %s\n", opt.Moves.Connect, opt.Moves.Diagonal)
	}
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// parseBytes reads a size such as 512MB, 2GiB, 1.5G or 1000000.
func parseBytes(s string) (int64, error) {
	units := []struct {
		suffix string
		scale  float64
	}{
		{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"TIB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
		{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"B", 1},
	}
	u := strings.ToUpper(strings.TrimSpace(s))
	scale := 1.0
	for _, x := range units {
		if strings.HasSuffix(u, x.suffix) {
			u, scale = strings.TrimSpace(strings.TrimSuffix(u, x.suffix)), x.scale
			break
		}
	}
	v, err := strconv.ParseFloat(u, 64)
	if err != nil || v < 0 || v*scale > 1<<62 {
		return 0, fmt.Errorf("bad size %q: want bytes, or a number with KB, MB, GB, KiB, MiB or GiB", s)
	}
	return int64(v * scale), nil
}

// bytesFlag is a flag.Value for sizes.
type bytesFlag struct{ n int64 }

func (b *bytesFlag) String() string { return build.MB(b.n) }
func (b *bytesFlag) Set(s string) error {
	n, err := parseBytes(s)
	b.n = n
	return err
}

// defaultMaxBytes is half the machine's memory, or 4 GiB where that cannot
// be read: a table that needs more would push a build machine into swap.
func defaultMaxBytes() int64 {
	f, err := os.Open("/proc/meminfo")
	if err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var kb int64
			if _, err := fmt.Sscanf(sc.Text(), "MemTotal: %d kB", &kb); err == nil && kb > 0 {
				return kb << 10 / 2
			}
		}
	}
	return 4 << 30
}
