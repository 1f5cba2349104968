package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/bytesize"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// shipBytes is the largest flat table plan recommends: above it, a
// run-length table's megabytes beat a flat table's O(1) Dist for a game
// that ships and loads the file.
const shipBytes = 64 << 20

// defaultPlanWindow is the DELTA plan estimates a windowed table for when
// -window does not name one.
const defaultPlanWindow = 8

// layoutPlan is one layout's estimate in plan's output.
type layoutPlan struct {
	Layout    string  `json:"layout"` // flat, runs, window
	Flags     string  `json:"flags"`  // what build needs for it
	Bytes     int64   `json:"bytes,omitempty"`
	PeakBytes int64   `json:"peak_bytes,omitempty"`
	Seconds   float64 `json:"seconds,omitempty"`
	Sampled   bool    `json:"sampled,omitempty"`
	// CPUSeconds is the build's CPU time (its workers' together, with the
	// level's load); the Low and High fields bound each figure where the
	// sample leaves it uncertain.
	CPUSeconds    float64 `json:"cpu_seconds,omitempty"`
	CPULow        float64 `json:"cpu_seconds_low,omitempty"`
	CPUHigh       float64 `json:"cpu_seconds_high,omitempty"`
	BytesLow      int64   `json:"bytes_low,omitempty"`
	BytesHigh     int64   `json:"bytes_high,omitempty"`
	PeakBytesLow  int64   `json:"peak_bytes_low,omitempty"`
	PeakBytesHigh int64   `json:"peak_bytes_high,omitempty"`
	Error         string  `json:"error,omitempty"` // why the level cannot have it
}

// levelPlan is what plan prints for one level.
type levelPlan struct {
	Level       string       `json:"level"`
	Nodes       int          `json:"nodes"`
	Edges       int          `json:"edges"`
	Layouts     []layoutPlan `json:"layouts"`
	Recommended string       `json:"recommended"` // build's flags for it ("" for flat)
	Why         string       `json:"why"`
	// Shard says how to split a run-length build too long for one
	// machine; Fallback what a windowed table's search fallback costs.
	Shard      *shardPlan    `json:"shard,omitempty"`
	Fallback   *fallbackPlan `json:"fallback,omitempty"`
	workers    int           // the build\'s workers
	levelFlags string        // the level's build flags where not the defaults, as the text's command gives them: "-clearance 2 "
}

func runPlan(ctx context.Context, args []string) error {
	fs := newFlagSet("plan", "[-json] [-quiet] [-window DELTA] [-workers N] [-max-bytes SIZE] [-connect 4|8] [-diagonal sqrt2|10/14] [-clearance K] [-max-memory SIZE] LEVEL...")
	jsonOut := fs.Bool("json", false, "print one JSON object per level")
	quiet := fs.Bool("quiet", false, "show no progress")
	window := fs.Int("window", defaultPlanWindow, "the `DELTA` of the windowed table to estimate (grids)")
	workers := fs.Int("workers", 0, "the workers the build would run (0: one per core)")
	maxBytes := bytesFlag{defaultMaxBytes()}
	memoryFlag(fs)
	fs.Var(&maxBytes, "max-bytes", "the build's limit, as build's -max-bytes: a layout over it does not fit")
	var lf levelFlags
	lf.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return usagef("plan needs at least one level file")
	}
	if *window < 1 || *window > table.MaxWindowDelta {
		return usagef("-window must be 1 to %d, not %d", table.MaxWindowDelta, *window)
	}
	mopt, err := lf.options(false)
	if err != nil {
		return err
	}
	w, err := resolveWorkers(*workers)
	if err != nil {
		return err
	}
	for _, path := range fs.Args() {
		resetPeakRSS()
		cpu, wall := build.ProcessCPU(), time.Now()
		lvl, err := loadLevel(path, mopt)
		if err != nil {
			return err
		}
		// A build loads the level as plan just did: what that took, and
		// the memory it reached, are the build's too.
		load := loadCost{cpu: build.ProcessCPU() - cpu, wall: time.Since(wall), peak: peakRSS(), settled: build.SettledMemory()}
		p, err := planLevelWith(ctx, lvl, planConfig{workers: w, delta: *window, limit: maxBytes.n, load: load, quiet: *quiet})
		if err != nil {
			return err
		}
		p.Level = path
		p.levelFlags = levelFlagsOf(mopt)
		if *jsonOut {
			b, _ := json.Marshal(p)
			fmt.Fprintf(stdout, "%s\n", b)
		} else {
			writePlanText(p)
		}
	}
	return nil
}

// levelFlagsOf returns the build flags that load a level with opt, those
// that are not the defaults, each followed by a space. O(1).
func levelFlagsOf(opt maps.Options) string {
	s := ""
	if opt.Moves.Connect != maps.DefaultMoves.Connect {
		s += fmt.Sprintf("-connect %d ", opt.Moves.Connect)
	}
	if opt.Moves.Diagonal != maps.DefaultMoves.Diagonal {
		s += fmt.Sprintf("-diagonal %s ", opt.Moves.Diagonal)
	}
	if opt.Clearance > 1 {
		s += fmt.Sprintf("-clearance %d ", opt.Clearance)
	}
	return s
}

// loadCost is what loading a level took: a build pays it too.
type loadCost struct {
	cpu, wall time.Duration
	peak      int64 // the process's peak memory after the load
	settled   int64 // what it holds once the load's garbage is collected
}

// planConfig is what plan was asked for, beside the level.
type planConfig struct {
	workers, delta int
	limit          int64
	load           loadCost
	quiet          bool
}

// planLevel estimates every layout for lvl and picks one, quietly, for
// workers and a windowed table of delta, under limit (0: none). Cost:
// planLevelWith's.
func planLevel(ctx context.Context, lvl *maps.Level, workers, delta int, limit int64) (*levelPlan, error) {
	return planLevelWith(ctx, lvl, planConfig{workers: workers, delta: delta, limit: limit, quiet: true})
}

// planLevelWith estimates every layout for lvl and picks one, showing its
// progress on stderr unless cfg.quiet. Cost: each layout's
// build.EstimateBuild, a bounded sample of rows (see there), never a build.
func planLevelWith(ctx context.Context, lvl *maps.Level, cfg planConfig) (*levelPlan, error) {
	p := &levelPlan{Nodes: lvl.Graph.Nodes(), Edges: lvl.Graph.Edges(), workers: build.Options{Workers: cfg.workers}.WorkerCount()}
	var done atomic.Int64
	steps := 0
	for _, lb := range build.Layouts(cfg.delta) {
		steps += build.EstimateSteps(lvl.Graph, lb.Options)
	}
	stop := startProgress(&done, steps, "steps", filepath.Base(lvl.Name)+" plan", cfg.quiet)
	defer stop()
	var runs *build.Estimate
	for _, lb := range build.Layouts(cfg.delta) {
		opt := lb.Options
		opt.Workers, opt.Progress = cfg.workers, &done
		est, err := build.Estimate{}, checkEstimateMemory(lvl, opt)
		if err == nil {
			est, err = build.EstimateBuild(ctx, lvl, opt)
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		lp := layoutPlanOf(lb, est, err, cfg)
		if err == nil && lb.Name == "runs" {
			runs = &est
		}
		p.Layouts = append(p.Layouts, lp)
	}
	p.Layouts = append(p.Layouts, hierarchyPlan(lvl.Graph, cfg))
	stop()
	p.Recommended, p.Why = recommend(p.Nodes, p.Layouts)
	if runs != nil {
		p.Shard = shardAdvice(lvl, *runs, cfg)
	}
	if p.Shard != nil || (p.Recommended != "" && p.Recommended == layoutFlags(build.Options{Window: cfg.delta})) {
		p.Fallback = measureFallback(lvl.Graph)
	}
	return p, nil
}

// layoutPlanOf is one layout's line of the plan from its estimate, with
// the level's load added to its CPU time and peak memory.
func layoutPlanOf(lb build.LayoutBuild, est build.Estimate, err error, cfg planConfig) layoutPlan {
	lp := layoutPlan{Layout: lb.Name, Flags: layoutFlags(lb.Options)}
	switch {
	case err != nil:
		lp.Error = err.Error()
		return lp
	case cfg.limit > 0 && est.Bytes > cfg.limit:
		lp.Error = fmt.Sprintf("about %s, over -max-bytes %s", bytesize.Format(est.Bytes), bytesize.Format(cfg.limit))
	}
	l := cfg.load
	lp.Bytes, lp.BytesLow, lp.BytesHigh, lp.Sampled = est.Bytes, est.BytesLow, est.BytesHigh, est.Sampled
	// The build starts from what the load left, not from what earlier
	// samples left.
	held := int64(0)
	if l.settled > 0 {
		held = l.settled - est.BaseBytes
	}
	lp.PeakBytes, lp.PeakBytesLow, lp.PeakBytesHigh = max(est.PeakBytes+held, l.peak), max(est.PeakLow+held, l.peak), max(est.PeakHigh+held, l.peak)
	lp.Seconds = (est.Duration + l.wall).Seconds()
	lp.CPUSeconds, lp.CPULow, lp.CPUHigh = (est.CPU + l.cpu).Seconds(), (est.CPULow + l.cpu).Seconds(), (est.CPUHigh + l.cpu).Seconds()
	return lp
}

// layoutFlags is what build needs to make a table of opt's layout.
func layoutFlags(opt build.Options) string {
	switch {
	case opt.Window > 0:
		return fmt.Sprintf("-window %d", opt.Window)
	case opt.TableLayout() == table.LayoutRuns:
		return "-compress"
	case opt.TableLayout() == table.LayoutHierarchy:
		return "-hierarchy"
	}
	return ""
}

// recommend picks the layout a game would ship for a level of nodes
// nodes, from layouts by name, by pickLayout: the rule build follows when
// no flag names a layout.
func recommend(nodes int, ls []layoutPlan) (flags, why string) {
	fits := func(name string) *layoutPlan {
		for i := range ls {
			if ls[i].Layout == name && ls[i].Error == "" {
				return &ls[i]
			}
		}
		return nil
	}
	flat, runs, win, hier := fits(layoutFlat), fits(layoutRuns), fits(layoutWindow), fits(layoutHierarchy)
	var flatBytes int64
	if flat != nil {
		flatBytes = flat.Bytes
	}
	switch pickLayout(layoutFits{nodes: nodes, flat: flat != nil, flatBytes: flatBytes, runs: runs != nil, hierarchy: hier != nil, window: win != nil}) {
	case layoutFlat:
		return flat.Flags, fmt.Sprintf("a flat table fits in %s: Next and Dist are one lookup each", bytesize.Format(flat.Bytes))
	case layoutRuns:
		why := fmt.Sprintf("a run-length table holds all pairs in about %s", bytesize.Format(runs.Bytes))
		if flat != nil {
			why += fmt.Sprintf(" where a flat one takes %s", bytesize.Format(flat.Bytes))
		}
		return runs.Flags, why + "; Next is a binary search in one row, Dist walks the path"
	case layoutHierarchy:
		return hier.Flags, hierarchyWhy(hier, runs)
	case layoutWindow:
		return win.Flags, fmt.Sprintf("only a windowed table fits (about %s): it answers pairs within DELTA %s of each other; others need the live search (-fallback)",
			bytesize.Format(win.Bytes), win.Flags[len("-window "):])
	}
	return "", noLayout
}

const noLayout = "no layout fits this level"

func writePlanText(p *levelPlan) {
	fmt.Fprintf(stdout, "%s: %d nodes, %d edges\n", p.Level, p.Nodes, p.Edges)
	for _, l := range p.Layouts {
		name := l.Layout
		if l.Flags != "" {
			name += " (" + l.Flags + ")"
		}
		if l.Error != "" && l.Bytes == 0 {
			fmt.Fprintf(stdout, "  %-20s does not fit: %s\n", name, l.Error)
			continue
		}
		line := fmt.Sprintf("  %-20s %s file, peak memory %s, build %s CPU (%s on %d workers)", name,
			aboutBytes(l.Bytes, l.BytesLow, l.BytesHigh), aboutBytes(l.PeakBytes, l.PeakBytesLow, l.PeakBytesHigh),
			aboutSeconds(l.CPUSeconds, l.CPULow, l.CPUHigh), formatDuration(seconds(l.Seconds)), p.workers)
		if l.Error != "" {
			line += " (does not fit: " + l.Error + ")"
		}
		fmt.Fprintln(stdout, line)
	}
	writeShardText(p)
	switch {
	case p.Why == noLayout:
		fmt.Fprintf(stdout, "  %s\n", noLayout)
	case p.Recommended == "":
		fmt.Fprintf(stdout, "  recommended: flat (pathtable build %s%s): %s\n", p.levelFlags, p.Level, p.Why)
	default:
		fmt.Fprintf(stdout, "  recommended: %s (pathtable build %s %s%s): %s\n", p.Recommended, p.Recommended, p.levelFlags, p.Level, p.Why)
	}
}

// aboutBytes prints an estimated size, with its range where it has one:
// "about 706.1 MiB (529.0 MiB to 882.3 MiB)".
func aboutBytes(est, lo, hi int64) string {
	if lo == hi {
		return bytesize.Format(est)
	}
	return fmt.Sprintf("about %s (%s to %s)", bytesize.Format(est), bytesize.Format(lo), bytesize.Format(hi))
}

// aboutSeconds is aboutBytes for CPU seconds.
func aboutSeconds(est, lo, hi float64) string {
	if lo == hi || formatDuration(seconds(lo)) == formatDuration(seconds(hi)) {
		return formatDuration(seconds(est))
	}
	return fmt.Sprintf("about %s (%s to %s)", formatDuration(seconds(est)), formatDuration(seconds(lo)), formatDuration(seconds(hi)))
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// formatDuration prints an estimated time: 40ms, 2.3s, 1m05s.
func formatDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < 10*time.Second:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return formatETA(d)
}
