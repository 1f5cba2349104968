package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/pathtable/pathtable/internal/nodeid"
	"github.com/pathtable/pathtable/internal/regular"
	"github.com/pathtable/pathtable/lookup"
)

// blockFlag collects -block values: a node ("x,y" on grids, the id on
// graphs), or @FILE naming one node a line (blank lines and lines starting
// with # are skipped), a regular file of at most maxBlockFileBytes.
type blockFlag []string

func (b *blockFlag) String() string { return strings.Join(*b, " ") }

func (b *blockFlag) Set(v string) error {
	*b = append(*b, v)
	return nil
}

// addBlockFlag registers -block on fs.
func addBlockFlag(fs *flag.FlagSet) *blockFlag {
	b := new(blockFlag)
	fs.Var(b, "block", "close this `node` (x,y on grids, an id on graphs; for a larger agent every cell whose footprint covers x,y), or each node listed in @FILE, one a line; repeatable")
	return b
}

// overlay returns an overlay of lt with every -block node blocked; the
// error names the flag value, or the file and line, and why.
func (b blockFlag) overlay(lt *lookup.Table) (*lookup.Overlay, error) {
	o := lookup.NewOverlay(lt)
	block := func(u int) error {
		err := o.Block(u)
		if errors.Is(err, lookup.ErrNotAllPairs) {
			return usagef("-block needs a table of all pairs; this one is windowed")
		}
		return err
	}
	for _, v := range b {
		file, isFile := strings.CutPrefix(v, "@")
		if !isFile {
			nodes, err := covering(lt, v, "-block "+v)
			if err != nil {
				return nil, fmt.Errorf("-block %s: %v", v, err)
			}
			for _, u := range nodes {
				if err := block(u); err != nil {
					return nil, err
				}
			}
			continue
		}
		data, err := regular.ReadAll(file, maxBlockFileBytes)
		if err != nil {
			return nil, fmt.Errorf("-block: %v", err)
		}
		nodes, err := parseBlockFile(file, data, func(id string) ([]int, error) {
			return covering(lt, id, "-block "+file)
		})
		if err != nil {
			return nil, err
		}
		for _, u := range nodes {
			if err := block(u); err != nil {
				return nil, err
			}
		}
	}
	return o, nil
}

// covering resolves a -block id to the nodes it closes, as lt.Covering
// does, except that on a larger agent's table a cell of the grid that
// lies under no cell the agent stands on closes nothing, with a note on
// stderr naming where (what), instead of failing: the agent never covers
// it, so a door there shuts nothing for it. O(len(id) + Agent²).
func covering(lt *lookup.Table, id, what string) ([]int, error) {
	nodes, err := lt.Covering(id)
	if err == nil || lt.Agent() <= 1 {
		return nodes, err
	}
	w, h, _ := lt.Grid()
	if _, perr := nodeid.GridNode(id, w, h, func(int, int) int32 { return 0 }); perr != nil {
		return nil, err // not a cell of the grid
	}
	k := lt.Agent()
	fmt.Fprintf(stderr, "pathtable: note: %s: cell %s is under no cell a %dx%d agent stands on; closing it closes nothing\n", what, strings.TrimSpace(id), k, k)
	return nil, nil
}

// maxBlockFileBytes bounds a -block @FILE: a regular file of at most this
// many bytes, read whole (a million cells as "x,y" lines take about 10 MB).
const maxBlockFileBytes = 64 << 20

// parseBlockFile returns the nodes that the -block file named name lists
// in data, one id a line (blank lines and lines starting with # are
// skipped), each resolved by node to the nodes it closes; the error names
// the file and line. O(len(data)) plus one call of node a line.
func parseBlockFile(name string, data []byte, node func(id string) ([]int, error)) ([]int, error) {
	var nodes []int
	for i, line := range strings.Split(string(data), "\n") {
		id := strings.TrimSpace(line)
		if id == "" || strings.HasPrefix(id, "#") {
			continue
		}
		us, err := node(id)
		if err != nil {
			return nil, fmt.Errorf("-block %s:%d: %v", name, i+1, err)
		}
		nodes = append(nodes, us...)
	}
	return nodes, nil
}

// openNode resolves id as a path end (flag or argument named what),
// refusing a node that -block closed: that is a mistake in the query, not
// a level without a path.
func openNode(o *lookup.Overlay, what, id string) (int, error) {
	u, err := o.Table().Node(id)
	if err != nil {
		return -1, fmt.Errorf("%s: %v", what, err)
	}
	if o.Blocked(u) {
		return -1, fmt.Errorf("%s: %s is closed by -block", what, id)
	}
	return u, nil
}
