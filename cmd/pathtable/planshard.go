package main

import (
	"fmt"
	"math"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/bytesize"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/solve"
)

// patienceCPU is the most CPU time plan expects one machine to spend on a
// run-length build before it suggests sharding it.
const patienceCPU = 4 * time.Hour

// partCPU is the CPU time plan aims at for each part of a sharded build.
const partCPU = time.Hour

// shardPlan is how to split a run-length build into parts (build -shard).
type shardPlan struct {
	Parts      int     `json:"parts"`
	Flags      string  `json:"flags"`
	CPUSeconds float64 `json:"cpu_seconds_per_part"`
	PeakBytes  int64   `json:"peak_bytes_per_part"`
	MergeBytes int64   `json:"merge_peak_bytes"` // what pathtable merge holds: the table
}

// shardAdvice splits a run-length build whose CPU time passes patienceCPU
// into parts of about partCPU each (each repeats the setup), or returns
// nil. O(1).
func shardAdvice(lvl *maps.Level, est build.Estimate, cfg planConfig) *shardPlan {
	if est.CPU+cfg.load.cpu <= patienceCPU {
		return nil
	}
	rows := est.CPU - est.OnceCPU
	k := int(math.Ceil(float64(rows) / float64(max(partCPU-est.OnceCPU-cfg.load.cpu, partCPU/4))))
	k = max(k, 2)
	return &shardPlan{Parts: k, Flags: fmt.Sprintf("-compress -shard slurm/%d", k),
		CPUSeconds: (est.OnceCPU + cfg.load.cpu + rows/time.Duration(k)).Seconds(),
		PeakBytes:  max(est.PeakBytes-est.RowsPeakBytes+est.RowsPeakBytes/int64(k), cfg.load.peak),
		MergeBytes: est.Bytes + cfg.load.peak}
}

// fallbackPlan is what a windowed table's search fallback (path -fallback,
// lookup's Table.Search) costs a pair outside the window: an A* search of
// the level, timed on fallbackQueries pairs across it.
type fallbackPlan struct {
	Queries       int     `json:"queries"`
	MedianSeconds float64 `json:"median_seconds"`
	MaxSeconds    float64 `json:"max_seconds"`
}

const fallbackQueries = 8

// measureFallback times A* searches (the fallback's own algorithm) between
// nodes far apart in g's numbering, across the level. O(fallbackQueries ·
// a search).
func measureFallback(g *maps.Graph) *fallbackPlan {
	n := g.Nodes()
	if n < 2 {
		return nil
	}
	s := solve.NewSolver(g, solve.AStar)
	took := make([]float64, 0, fallbackQueries)
	for i := range fallbackQueries {
		from := int32(i * n / (2 * fallbackQueries))
		to := int32(n - 1 - i*n/(2*fallbackQueries))
		start := time.Now()
		s.SolveCost(from, to)
		took = append(took, time.Since(start).Seconds())
	}
	sorted := append([]float64(nil), took...)
	for i := range sorted {
		for j := i + 1; j < len(sorted); j++ {
			if sorted[j] < sorted[i] {
				sorted[i], sorted[j] = sorted[j], sorted[i]
			}
		}
	}
	return &fallbackPlan{Queries: len(took), MedianSeconds: sorted[len(sorted)/2], MaxSeconds: sorted[len(sorted)-1]}
}

// writeShardText prints the shard and fallback lines of p.
func writeShardText(p *levelPlan) {
	if sh := p.Shard; sh != nil {
		lead := "too long for one machine: shard it"
		if p.Recommended == layoutFlags(layoutOptions(layoutHierarchy, build.Options{})) {
			lead = "for a run-length table instead, too long for one machine, shard it"
		}
		fmt.Fprintf(stdout, "  %s (pathtable build %s %s%s, as a Slurm array of %d tasks, then pathtable merge): about %s CPU and %s peak memory a part; the merge holds %s\n",
			lead, sh.Flags, p.levelFlags, p.Level, sh.Parts, formatDuration(time.Duration(sh.CPUSeconds*float64(time.Second))), bytesize.Format(sh.PeakBytes), bytesize.Format(sh.MergeBytes))
	}
	if fb := p.Fallback; fb != nil {
		fmt.Fprintf(stdout, "  or a windowed table with the search fallback (path -fallback, Table.Search): every pair exact, a pair outside the window a search of about %s (at most %s over %d pairs across the level)\n",
			formatDuration(time.Duration(fb.MedianSeconds*float64(time.Second))), formatDuration(time.Duration(fb.MaxSeconds*float64(time.Second))), fb.Queries)
	}
}
