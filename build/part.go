package build

import (
	"context"
	"fmt"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// BuildPart builds part shard of shards (0-based) of the table BuildLevel
// makes of lvl with opt: the rows table.ShardRange gives it, source ranks
// of a run-length table (opt.Layout table.LayoutRuns) or targets of a
// flat one, with the level's identity and the whole table's header. The
// parts of one level, built anywhere, join with table.PartSet.Join (or
// pathtable merge) into the bytes BuildLevel's table writes. Windowed
// tables are not built in parts.
//
// Time is that of BuildLevel scaled by the part's share of rows, plus
// what every part repeats: the level's contraction where one is made (run-
// length tables, and flat ones of sweepMinNodes nodes or more), a run-
// length table's choice of node order (orderSamples rows, so that every
// part ranks the nodes as a one-shot build does) and, for a flat part
// that starts inside a block of targets, that block's earlier rows (see
// BuildRows). opt.MaxBytes bounds the part's run-length rows (4 bytes a
// run, as the builder holds them), or the whole flat table, which the
// join must hold. Progress counts the part's rows.
func BuildPart(ctx context.Context, lvl *maps.Level, opt Options, shard, shards int) (*table.Part, error) {
	if err := table.CheckShard(shard, shards); err != nil {
		return nil, err
	}
	layout := opt.TableLayout()
	if layout != table.LayoutFlat && layout != table.LayoutRuns {
		return nil, fmt.Errorf("a table of layout %q is not built in parts", layout)
	}
	g := lvl.Graph
	h, err := PlanLayout(g, layout)
	if err != nil {
		return nil, err
	}
	h.Source = lvl.Source
	h.Format = string(lvl.Format)
	h.InputHash = InputHash(lvl.Format, lvl.Options, opt, lvl.Data)
	from, to := table.ShardRange(shard, shards, h.Nodes)
	var p *table.Part
	if layout == table.LayoutRuns {
		order, rowStart, words, rk, err := runRows(ctx, g, h, opt, allShortcuts, from, to, !opt.Literal)
		if err != nil {
			return nil, err
		}
		if err := checkBytes(&h, 4*int64(len(words)), opt.MaxBytes); err != nil {
			return nil, err
		}
		if rk.symbols {
			p, err = table.NewRunsPartOf(h, shard, shards, order, rowStart, words, rk.form())
		} else {
			p, err = table.NewRunsPart(h, shard, shards, order, rowStart, words)
		}
		if err != nil {
			return nil, err
		}
	} else {
		if err := CheckSize(&h, opt.MaxBytes); err != nil {
			return nil, err
		}
		rows := int64(to - from)
		first := make([]byte, rows*int64(h.Nodes))
		dist := make([]byte, rows*int64(h.Nodes)*int64(h.DistKind.Width()))
		if err := BuildRows(ctx, g, h, opt, from, to, first, dist); err != nil {
			return nil, err
		}
		if p, err = table.NewFlatPart(h, shard, shards, first, dist); err != nil {
			return nil, err
		}
	}
	var gt table.Table
	setGraph(&gt, g)
	p.SetGraph(&gt)
	return p, nil
}
