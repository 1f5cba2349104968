package main

import (
	"context"
	"encoding/json"
	"fmt"
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
	Error     string  `json:"error,omitempty"` // why the level cannot have it
}

// levelPlan is what plan prints for one level.
type levelPlan struct {
	Level       string       `json:"level"`
	Nodes       int          `json:"nodes"`
	Edges       int          `json:"edges"`
	Layouts     []layoutPlan `json:"layouts"`
	Recommended string       `json:"recommended"` // build's flags for it ("" for flat)
	Why         string       `json:"why"`
	levelFlags  string       // the level's build flags where not the defaults, as the text's command gives them: "-clearance 2 "
}

func runPlan(ctx context.Context, args []string) error {
	fs := newFlagSet("plan", "[-json] [-window DELTA] [-workers N] [-max-bytes SIZE] [-connect 4|8] [-diagonal sqrt2|10/14] [-clearance K] [-max-memory SIZE] LEVEL...")
	jsonOut := fs.Bool("json", false, "print one JSON object per level")
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
		lvl, err := loadLevel(path, mopt)
		if err != nil {
			return err
		}
		p, err := planLevel(ctx, lvl, w, *window, maxBytes.n)
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

// planLevel estimates every layout for lvl and picks one. Cost: each
// layout's build.EstimateBuild, a small share of a build.
func planLevel(ctx context.Context, lvl *maps.Level, workers, delta int, limit int64) (*levelPlan, error) {
	p := &levelPlan{Nodes: lvl.Graph.Nodes(), Edges: lvl.Graph.Edges()}
	for _, lb := range build.Layouts(delta) {
		lp := layoutPlan{Layout: lb.Name, Flags: layoutFlags(lb.Options)}
		opt := lb.Options
		opt.Workers = workers
		est, err := build.Estimate{}, checkEstimateMemory(lvl, opt)
		if err == nil {
			est, err = build.EstimateBuild(ctx, lvl, opt)
		}
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case err != nil:
			lp.Error = err.Error()
		case limit > 0 && est.Bytes > limit:
			lp.Error = fmt.Sprintf("about %s, over -max-bytes %s", bytesize.Format(est.Bytes), bytesize.Format(limit))
		}
		if err == nil {
			lp.Bytes, lp.PeakBytes, lp.Sampled = est.Bytes, est.PeakBytes, est.Sampled
			lp.Seconds = est.Duration.Seconds()
		}
		p.Layouts = append(p.Layouts, lp)
	}
	p.Recommended, p.Why = recommend(p.Layouts)
	return p, nil
}

// layoutFlags is what build needs to make a table of opt's layout.
func layoutFlags(opt build.Options) string {
	switch {
	case opt.Window > 0:
		return fmt.Sprintf("-window %d", opt.Window)
	case opt.TableLayout() == table.LayoutRuns:
		return "-compress"
	}
	return ""
}

// recommend picks the layout a game would ship, from layouts as
// build.Layouts orders them (flat, runs, window), by pickLayout: the rule
// build follows when no flag names a layout.
func recommend(ls []layoutPlan) (flags, why string) {
	fits := func(name string) *layoutPlan {
		for i := range ls {
			if ls[i].Layout == name && ls[i].Error == "" {
				return &ls[i]
			}
		}
		return nil
	}
	flat, runs, win := fits(layoutFlat), fits(layoutRuns), fits(layoutWindow)
	var flatBytes int64
	if flat != nil {
		flatBytes = flat.Bytes
	}
	switch pickLayout(flat != nil, flatBytes, runs != nil, win != nil) {
	case layoutFlat:
		return flat.Flags, fmt.Sprintf("a flat table fits in %s: Next and Dist are one lookup each", bytesize.Format(flat.Bytes))
	case layoutRuns:
		why := fmt.Sprintf("a run-length table holds all pairs in about %s", bytesize.Format(runs.Bytes))
		if flat != nil {
			why += fmt.Sprintf(" where a flat one takes %s", bytesize.Format(flat.Bytes))
		}
		return runs.Flags, why + "; Next is a binary search in one row, Dist walks the path"
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
		about := ""
		if l.Sampled && l.Layout != "flat" { // flat sizes are exact
			about = "about "
		}
		line := fmt.Sprintf("  %-20s %s%s file, peak memory %s, build %s", name, about, bytesize.Format(l.Bytes),
			bytesize.Format(l.PeakBytes), formatDuration(time.Duration(l.Seconds*float64(time.Second))))
		if l.Error != "" {
			line += " (does not fit: " + l.Error + ")"
		}
		fmt.Fprintln(stdout, line)
	}
	switch {
	case p.Why == noLayout:
		fmt.Fprintf(stdout, "  %s\n", noLayout)
	case p.Recommended == "":
		fmt.Fprintf(stdout, "  recommended: flat (pathtable build %s%s): %s\n", p.levelFlags, p.Level, p.Why)
	default:
		fmt.Fprintf(stdout, "  recommended: %s (pathtable build %s %s%s): %s\n", p.Recommended, p.Recommended, p.levelFlags, p.Level, p.Why)
	}
}

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
