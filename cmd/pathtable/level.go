package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/bytesize"
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

// options returns the level options the flags ask for. A model maps does
// not know is a usage error; maps names the field, which is the flag's name.
func (lf *levelFlags) options() (maps.Options, error) {
	mv := maps.Moves{Connect: lf.connect, Diagonal: maps.Diagonal(lf.diagonal)}
	if err := mv.Validate(); err != nil {
		return maps.Options{}, usagef("-%v", err)
	}
	return maps.Options{Moves: mv}, nil
}

// staleError returns nil when the table at tablePath was built from lvl as
// it is now, else the error that says so and what to do.
func staleError(tablePath string, h *table.Header, lvl *maps.Level) error {
	hash := build.InputHash(lvl.Format, lvl.Options, lvl.Data)
	if hash == h.InputHash {
		return nil
	}
	return fmt.Errorf("stale table: %s was not built from %s as it is now (input hash %.12s, the level's %.12s); rebuild it with 'pathtable build'",
		tablePath, lvl.Name, h.InputHash, hash)
}

// bytesFlag is a flag.Value for sizes.
type bytesFlag struct{ n int64 }

func (b *bytesFlag) String() string { return bytesize.Format(b.n) }
func (b *bytesFlag) Set(s string) error {
	n, err := bytesize.Parse(s)
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

// readLevel reads a level file (see maps.ReadFile).
func readLevel(path string) ([]byte, error) { return maps.ReadFile(path) }

// checkDeclaredSize refuses, before the level is parsed, a level whose
// node count (passable cells, or a .gr's declared nodes) cannot make a
// table within maxBytes, so that a huge level costs a scan of its bytes,
// not a graph. O(len(data)).
func checkDeclaredSize(format maps.Format, data []byte, maxBytes int64) error {
	n, ok := maps.NodeCount(format, data)
	if !ok {
		return nil
	}
	return build.CheckNodes(n, maxBytes)
}
