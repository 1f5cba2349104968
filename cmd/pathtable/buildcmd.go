package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/atomicfile"
	"github.com/pathtable/pathtable/internal/bytesize"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// buildResult is what build reports for one input; with -json, one line each.
type buildResult struct {
	Input  string `json:"input"`
	Output string `json:"output"`
	Status string `json:"status"`           // built, up-to-date or failed
	Layout string `json:"layout,omitempty"` // flat, runs or window
	// Why says why build picked a layout other than flat when no flag
	// named one.
	Why       string  `json:"why,omitempty"`
	Nodes     int     `json:"nodes"`
	Edges     int     `json:"edges"`
	Window    int     `json:"window,omitempty"`    // DELTA of a windowed table
	Clearance int     `json:"clearance,omitempty"` // the agent's side, when more than one cell
	Shard     string  `json:"shard,omitempty"`     // "i/k" of a part (build -shard)
	Parts     int     `json:"parts,omitempty"`     // parts joined (merge)
	Pairs     int64   `json:"pairs"`               // all ordered pairs, those a windowed table covers, or a part's rows' pairs
	Reachable int64   `json:"reachable"`           // ordered pairs s != t with a path
	Bytes     int64   `json:"bytes"`
	Seconds   float64 `json:"seconds"`
	PeakRSS   int64   `json:"peak_rss_bytes,omitempty"`
	Error     string  `json:"error,omitempty"`
}

type buildConfig struct {
	opt   maps.Options
	build build.Options
	shard shardFlag
	force bool
	quiet bool
	// auto picks each level's layout as plan recommends it (autoLayout):
	// no flag named one.
	auto bool
	// graphBins writes grid tables with their graph's bins, in their
	// layout's older format (1 or 2), instead of their cells (3).
	graphBins bool
	jsonOut   bool
}

func runBuild(ctx context.Context, args []string) error {
	fs := newFlagSet("build", "[flags] INPUT...")
	out := fs.String("o", "", "output `path`: a file for one level, a folder for several levels or a folder input (default: beside each level, extension .ptab)")
	var cfg buildConfig
	fs.IntVar(&cfg.build.Workers, "workers", 0, "concurrent searches (0: one per core; at most 4 per core, more are clamped); the output does not depend on it")
	maxBytes := bytesFlag{defaultMaxBytes()}
	fs.Var(&maxBytes, "max-bytes", "refuse a table larger than this `size` (e.g. 512MB, 2GiB; fractions round up to a byte; 0: no limit); by default half the memory this process may use: the least of the machine's memory, its cgroup's limit and RLIMIT_AS")
	memoryFlag(fs)
	fs.BoolVar(&cfg.force, "force", false, "rebuild tables that are up to date")
	fs.BoolVar(&cfg.jsonOut, "json", false, "print one JSON object per input")
	fs.BoolVar(&cfg.quiet, "quiet", false, "show no progress")
	fs.BoolVar(&cfg.graphBins, "graph-bins", false, "write grid tables as format 1 (flat) or 2 (other layouts), with the level's graph, for readers older than format 3, which carries the grid's cells instead (3 to 4 times smaller beside the payload); the answers are the same")
	compat := fs.Bool("compat", false, "write -compress grid tables in the encodings readers read before the component, jump and 12-bit forms (docs/FORMAT.md): rows over every rank, H_7 for the jump move, 16-bit run starts; larger files, the same answers")
	fs.IntVar(&cfg.build.Window, "window", 0, "build a windowed table of grid levels: paths to each cell from the cells within `DELTA` of it, confined to that (2·DELTA+1)² window (0: all pairs)")
	flat := fs.Bool("flat", false, "write a flat table: a first move and a distance for every pair, n² entries, whatever its size (Next and Dist are one lookup each)")
	compress := fs.Bool("compress", false, "write a run-length table: first moves per source, compressed, no stored distances (kilobytes to megabytes where a flat table takes n² bytes; Dist walks the path)")
	hierarchy := fs.Bool("hierarchy", false, "write a hierarchy table of a grid level: its contraction hierarchy, a few words a cell, answering every pair exactly by a search over it (under a millisecond at the median, a few at worst, a path on levels of a million cells); for levels too large for -compress")
	fs.Var(&cfg.shard, "shard", "build only part `I/K` (0-based) of the table, rows split evenly, into INPUT.I-of-K.ptpart; pathtable merge joins the K parts. slurm takes I and K from a Slurm array job (--array=0-K-1), slurm/K takes I from it, k8s/K takes I from a Kubernetes Indexed Job")
	var lf levelFlags
	lf.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return usagef("build needs at least one level file or folder")
	}
	var err error
	if cfg.opt, err = lf.options(true); err != nil {
		return err
	}
	if cfg.build.Workers, err = resolveWorkers(cfg.build.Workers); err != nil {
		return err
	}
	cfg.build.MaxBytes = maxBytes.n
	if w := cfg.build.Window; w < 0 || w > table.MaxWindowDelta {
		return usagef("-window must be 1 to %d (or 0 for all pairs), not %d", table.MaxWindowDelta, w)
	}
	if err := cfg.pickLayoutFlags(*flat, *compress, *hierarchy); err != nil {
		return err
	}
	if err := cfg.shard.resolve(os.LookupEnv); err != nil {
		return usagef("%v", err)
	}
	if *compat {
		if cfg.shard.set {
			return usagef("-compat builds one-shot tables: merge writes the newest encodings")
		}
		cfg.build = cfg.build.OlderEncodings()
	}
	ext := ".ptab"
	if cfg.shard.set {
		if cfg.build.Window != 0 || *hierarchy {
			return usagef("-shard builds tables of all pairs, flat or -compress, not -window or -hierarchy")
		}
		ext = fmt.Sprintf(".%d-of-%d.ptpart", cfg.shard.i, cfg.shard.k)
	}

	sizes, err := lf.sizes()
	if err != nil {
		return err
	}
	if len(sizes) > 1 && *out != "" {
		if st, err := os.Stat(*out); err == nil && !st.IsDir() {
			return usagef("-clearance %s writes a table per size: -o must be a folder, not the file %s", lf.clearance, *out)
		}
	}
	var jobs []buildJob
	for _, k := range sizes {
		kext := ext
		if len(sizes) > 1 {
			kext = agentExt(k) + ext
		}
		kjobs, err := planOutputs(fs.Args(), *out, kext, len(sizes) > 1)
		if err != nil {
			return err
		}
		for i := range kjobs {
			kjobs[i].clearance = clearanceOption(k)
		}
		jobs = append(jobs, kjobs...)
	}
	slices.SortStableFunc(jobs, func(a, b buildJob) int { return strings.Compare(a.input, b.input) })
	var failed []string
	for i, j := range jobs {
		res := buildResult{Input: j.input, Output: j.output, Status: "failed"}
		if j.err != nil {
			res.Error = j.err.Error()
		} else {
			kcfg := cfg
			kcfg.opt.Clearance = j.clearance
			res = buildOne(ctx, j.input, j.output, &kcfg)
		}
		// A table put in place before an interrupt is reported as built;
		// the interrupt then stops the jobs after it, if any.
		interrupted := errors.Is(ctx.Err(), context.Canceled)
		if interrupted && res.Status == "failed" {
			return ctx.Err()
		}
		if res.Status == "failed" {
			failed = append(failed, j.name(len(sizes) > 1))
		}
		report(res, &cfg)
		if interrupted && i < len(jobs)-1 {
			return ctx.Err()
		}
	}
	if len(failed) > 0 {
		if len(jobs) > 1 {
			fmt.Fprintf(stderr, "pathtable: %d of %d tables failed: %s\n", len(failed), len(jobs), listNames(failed, 5))
		}
		return errSilentFailure
	}
	return nil
}

// pickLayoutFlags sets the layout that -flat, -compress, -window or
// -hierarchy names (-window is already in cfg.build), or auto when none
// does; naming two is a usage error.
func (cfg *buildConfig) pickLayoutFlags(flat, compress, hierarchy bool) error {
	var named []string
	for _, f := range []struct {
		set  bool
		name string
	}{{flat, "-flat"}, {compress, "-compress"}, {cfg.build.Window != 0, "-window"}, {hierarchy, "-hierarchy"}} {
		if f.set {
			named = append(named, f.name)
		}
	}
	switch len(named) {
	case 0:
		cfg.auto = true
	case 1:
	case 2:
		return usagef("%s and %s are two layouts: pick one", named[0], named[1])
	default:
		return usagef("-flat, -compress, -window and -hierarchy are layouts: pick one")
	}
	if compress {
		cfg.build.Layout = table.LayoutRuns
	}
	if hierarchy {
		cfg.build.Layout = table.LayoutHierarchy
	}
	return nil
}

type buildJob struct {
	input, output string
	clearance     int   // maps.Options.Clearance of this table
	err           error // why this input cannot be built, found while planning
}

// name names the job's table in a count of failures: its level, and
// its agent's size when the build bakes several (sizes).
func (j buildJob) name(sizes bool) string {
	if !sizes {
		return j.input
	}
	return fmt.Sprintf("%s -clearance %d", j.input, max(j.clearance, 1))
}

// listNames joins names with commas, the first most of them and a count
// of the others.
func listNames(names []string, most int) string {
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:most], ", "), len(names)-most)
}

// agentExt is what a table's name carries before its extension when one
// build bakes several agent sizes: ".2x2" for a 2x2 agent, so that
// -clearance 1,2 writes LEVEL.1x1.ptab and LEVEL.2x2.ptab.
func agentExt(k int) string { return fmt.Sprintf(".%dx%d", k, k) }

// planOutputs expands folders into the level files they hold (sorted, not
// recursive) and names each output: the input with its extension replaced
// by ext, in -o's folder if given. Several inputs, or a folder, need -o to
// be a folder or empty; so does several, when set (several tables of each
// input).
func planOutputs(args []string, out, ext string, several bool) ([]buildJob, error) {
	var inputs []string
	folder := len(args) > 1 || several
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			inputs = append(inputs, a)
			continue
		}
		folder = true
		entries, err := os.ReadDir(a)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if _, err := maps.FormatOf(e.Name()); err == nil && !e.IsDir() {
				inputs = append(inputs, filepath.Join(a, e.Name()))
			}
		}
	}
	if len(inputs) == 0 {
		return nil, usagef("no level files (.map, .grid, .gr, .json) in %s", strings.Join(args, " "))
	}
	if st, err := os.Stat(out); out != "" && err == nil && st.IsDir() {
		folder = true
	}
	if folder && out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, err
		}
	}
	jobs := make([]buildJob, 0, len(inputs))
	seen := map[string]int{}
	for _, in := range inputs {
		o := strings.TrimSuffix(in, filepath.Ext(in)) + ext
		switch {
		case folder && out != "":
			o = filepath.Join(out, filepath.Base(o))
		case out != "":
			o = out
		}
		jobs = append(jobs, buildJob{input: in, output: o})
		seen[o]++
	}
	for i, j := range jobs {
		if seen[j.output] > 1 { // fail these inputs, build the others
			jobs[i].err = fmt.Errorf("%s: %d inputs would write %s; bake them into separate folders", j.input, seen[j.output], j.output)
		}
		if in := sameFileAs(j.output, inputs); in != "" {
			jobs[i].err = errOverwritesInput(j.output, in)
		}
	}
	slices.SortStableFunc(jobs, func(a, b buildJob) int { return strings.Compare(a.input, b.input) })
	return jobs, nil
}

// minWriters is the fewest goroutines that write a table: direct writes
// wait on the device, so more writes in flight than cores keep it busy
// (see docs/INTERNALS.md).
const minWriters = 4

// buildOne builds one level into one table file, or skips it when the file
// there was built from the same inputs.
func buildOne(ctx context.Context, input, output string, cfg *buildConfig) buildResult {
	start := time.Now()
	res := buildResult{Input: input, Output: output, Clearance: cfg.opt.Clearance}
	fail := func(err error) buildResult {
		res.Status, res.Error, res.Seconds = "failed", err.Error(), time.Since(start).Seconds()
		return res
	}
	format, err := maps.FormatOf(input)
	if err != nil {
		return fail(err)
	}
	data, err := maps.ReadFile(input)
	if err != nil {
		return fail(err)
	}
	if err := checkOutputPath(output); err != nil {
		return fail(err)
	}
	// A build killed (SIGKILL) left its temporary, up to the table's size;
	// every build of this output removes such files, up to date or not.
	atomicfile.RemoveStale(output)
	var lvl *maps.Level // parsed once, by autoLayout or below
	if cfg.auto {
		picked := *cfg
		picked.build, res.Why, lvl, err = autoLayout(input, format, data, cfg.opt, cfg.build, cfg.shard.set)
		if err != nil {
			return fail(err)
		}
		cfg = &picked
	}
	res.Layout = layoutName(cfg.build)
	// An intact table or part (size, lengths, checksum, and what every
	// reader checks) from the same inputs is up to date; a damaged one is
	// rebuilt. Staleness needs no parsing, and checking the file reads it
	// once, a fraction of a build.
	upToDate := func(h *table.Header) bool {
		return build.CheckStale(h, format, cfg.opt, cfg.build, data) == nil
	}
	if cfg.shard.set {
		res.Shard = cfg.shard.String()
		if !cfg.force && partUpToDate(output, upToDate, cfg.shard, cfg.jsonOut, &res) {
			res.Seconds = time.Since(start).Seconds()
			return res
		}
	} else if !cfg.force {
		if tableUpToDate(output, upToDate, cfg, &res) {
			res.Seconds = time.Since(start).Seconds()
			return res
		}
	}
	if err := checkWritable(output); err != nil {
		return fail(err)
	}
	if err := checkOverwritesTable(output, cfg.shard.set); err != nil {
		return fail(err)
	}
	if n, ok := maps.NodeCount(format, data); ok && layoutHolds(n, cfg.build) {
		if err := checkBuildMemory(cfg, n, -1, build.LeastPayload(cfg.build, n)); err != nil {
			return fail(buildError(input, err))
		}
	}
	if err := build.CheckLevelSize(format, data, cfg.build); err != nil {
		hint := holdsHint(format, data, cfg)
		if n, ok := maps.NodeCount(format, data); ok && n <= hintSampleNodes {
			if lvl, perr := maps.ParseLevel(input, data, cfg.opt); perr == nil {
				hint = fitsHint(ctx, lvl, format, data, cfg)
			}
		}
		return fail(fmt.Errorf("%w%s", buildError(input, err), hint))
	}
	if lvl == nil {
		if lvl, err = maps.ParseLevel(input, data, cfg.opt); err != nil {
			return fail(err)
		}
	}
	payload := exactPayload(lvl, cfg)
	if err := checkBuildMemory(cfg, lvl.Graph.Nodes(), lvl.Graph.Edges(), payload); err != nil {
		return fail(buildError(input, err))
	}
	releaseGarbage(payload)
	if cfg.build.Window == 0 { // the layout's own limits, before any work
		if _, err := build.PlanLayout(lvl.Graph, cfg.build.TableLayout()); err != nil {
			return fail(fmt.Errorf("%w%s", buildError(input, err), fitsHint(ctx, lvl, format, data, cfg)))
		}
	}
	var done atomic.Int64
	bopt := cfg.build
	bopt.Progress = &done
	bopt.Literal = cfg.graphBins // format 1/2 documents carry no heuristic symbols
	rows := lvl.Graph.Nodes()
	if cfg.shard.set {
		from, to := table.ShardRange(cfg.shard.i, cfg.shard.k, rows)
		rows = to - from
	}
	unit := "targets"
	if cfg.build.Window == 0 && cfg.build.TableLayout() == table.LayoutHierarchy {
		unit = "nodes contracted" // the build counts them (build.Options.Progress)
	}
	stopProgress := startProgress(&done, rows, unit, filepath.Base(input), cfg.quiet)
	reached(ctx, stageBuilding)
	bctx, stopWatch := watchMemory(ctx, memoryLayoutName(cfg.build.TableLayout(), cfg.build.Window)+" build", buildMemoryHint(cfg))
	var out interface {
		io.WriterTo
		WriteAtParallel(w io.WriterAt, workers int) (int64, error)
	}
	if cfg.shard.set {
		var p *table.Part
		p, err = build.BuildPart(bctx, lvl, bopt, cfg.shard.i, cfg.shard.k)
		if err == nil {
			out = p
			res.Nodes, res.Edges = p.Table.Nodes, p.Table.Edges
			res.Pairs, res.Reachable = int64(p.Rows())*int64(p.Table.Nodes), p.ReachablePairs()
		}
	} else {
		var t *table.Table
		t, err = build.BuildLevel(bctx, lvl, bopt)
		if err == nil {
			t.GraphBins = cfg.graphBins && t.Kind == table.KindGrid
			out = t
			res.Nodes, res.Edges, res.Window = t.Nodes, t.Edges, t.Window
			res.Pairs, res.Reachable = t.CoveredPairs(), t.ReachablePairs()
		}
	}
	stopProgress()
	if werr := stopWatch(); werr != nil {
		return fail(buildError(input, werr))
	}
	if err != nil {
		hint := ""
		var tooBig *build.SizeError
		if errors.As(err, &tooBig) {
			hint = fitsHint(ctx, lvl, format, data, cfg)
		}
		return fail(fmt.Errorf("%w%s", buildError(input, err), hint))
	}
	// The document is written in 1 MiB chunks by several goroutines:
	// copying and summing the table is then no longer a serial tail after
	// a parallel build, and the device has writes queued while chunks are
	// copied.
	err = writeOutputAt(ctx, output, func(w io.WriterAt) error {
		_, err := out.WriteAtParallel(w, max(bopt.Workers, minWriters))
		return err
	})
	if err != nil {
		return fail(err)
	}
	st, err := os.Stat(output)
	if err != nil {
		return fail(err)
	}
	res.Status = "built"
	res.Bytes = st.Size()
	res.Seconds = time.Since(start).Seconds()
	res.PeakRSS = peakRSS()
	return res
}

// partUpToDate reports whether the file at output is an intact part
// (streamed whole: size, lengths, checksum, what OpenPart checks) of shard
// that upToDate accepts, and fills res as build reports it: with its
// reachable pairs, which take reading the part whole, for json.
func partUpToDate(output string, upToDate func(*table.Header) bool, shard shardFlag, json bool, res *buildResult) bool {
	p, err := table.CheckPartFile(output)
	if err != nil || !upToDate(&p.Table) || p.Shard != shard.i || p.Shards != shard.k {
		return false
	}
	st, err := os.Stat(output)
	if err != nil {
		return false
	}
	res.Status, res.Nodes, res.Edges = "up-to-date", p.Table.Nodes, p.Table.Edges
	res.Pairs, res.Bytes = int64(p.Rows())*int64(p.Table.Nodes), st.Size()
	if json {
		if part, err := table.OpenPart(output); err == nil {
			res.Reachable = part.ReachablePairs()
		}
	}
	return true
}

// tableUpToDate reports whether the file at output is an intact table
// (streamed whole: size, lengths, checksum, what Open checks) that
// upToDate accepts, in the format version cfg writes (a build writes its
// grids in format 3 unless asked for the old one, and rebuilds a table in
// the other), and fills res as build reports it: with its pairs counted
// from the table, which takes reading it whole, for -json.
func tableUpToDate(output string, upToDate func(*table.Header) bool, cfg *buildConfig, res *buildResult) bool {
	h, size, err := table.CheckFile(output)
	if err != nil || !upToDate(h) || h.GraphBins != (cfg.graphBins && h.Kind == table.KindGrid) {
		return false
	}
	res.Status, res.Nodes, res.Edges, res.Window = "up-to-date", h.Nodes, h.Edges, h.Window
	res.Pairs, res.Bytes = int64(h.Nodes)*int64(h.Nodes), size
	if cfg.jsonOut {
		res.Pairs, res.Reachable = tablePairs(output, res.Pairs)
	}
	return true
}

// tablePairs returns the covered and reachable pairs of the table at path,
// as a build of it reports them, read from the table: an up-to-date table
// reports what its build did. pairs and 0 if it cannot be read (it was
// just checked). O(file size) to read it, and the count (O(n²) on flat
// tables).
func tablePairs(path string, pairs int64) (covered, reachable int64) {
	t, err := table.Open(path)
	if err != nil {
		return pairs, 0
	}
	return t.CoveredPairs(), t.ReachablePairs()
}

// buildError names the level in a build's error, and says what to do
// about a table over the size limit.
func buildError(input string, err error) error {
	var tooBig *build.SizeError
	if errors.As(err, &tooBig) {
		hint := "raise -max-bytes or use a smaller level"
		if tooBig.Compressible {
			hint += ", or build it with -compress"
		}
		return fmt.Errorf("%s: %w: %s", input, err, hint)
	}
	return fmt.Errorf("%s: %w", input, err)
}

// fitsHint names, for a level refused as too big for the layout cfg asks
// for, the other layouts that fit, with their estimates (planLevel):
// "; it fits as -compress (about 7.9 MiB) or -window 8 (9.9 MiB)". It
// samples the level's builds, seconds on large levels, paid only on a
// refusal; past hintSampleNodes it names them as holdsHint does, without
// estimates. "" when nothing else fits.
func fitsHint(ctx context.Context, lvl *maps.Level, format maps.Format, data []byte, cfg *buildConfig) string {
	if lvl.Graph.Nodes() > hintSampleNodes || checkPlanMemory(lvl, cfg.build.Workers) != nil {
		return holdsHint(format, data, cfg)
	}
	delta := cfg.build.Window
	if delta == 0 {
		delta = defaultPlanWindow
	}
	p, err := planLevel(ctx, lvl, cfg.build.Workers, delta, cfg.build.MaxBytes)
	if err != nil {
		return ""
	}
	asked := layoutFlags(cfg.build)
	var fits []string
	for _, l := range p.Layouts {
		if l.Error != "" || l.Flags == asked {
			continue
		}
		name := l.Flags
		if name == "" {
			name = "a flat table"
		}
		about := ""
		if l.Sampled {
			about = "about "
		}
		fits = append(fits, fmt.Sprintf("%s (%s%s)", name, about, bytesize.Format(l.Bytes)))
	}
	if len(fits) == 0 {
		return ""
	}
	return "; it fits as " + strings.Join(fits, " or ") + " (pathtable plan compares them)"
}

// hintSampleNodes is the largest level a refusal samples builds of.
const hintSampleNodes = 100_000

// holdsHint names, for a level refused before it is parsed (or too large
// to sample), the other layouts whose limits hold its node count:
// "; -compress or -window 8 can hold it (pathtable plan estimates their
// sizes)". O(len(data)).
func holdsHint(format maps.Format, data []byte, cfg *buildConfig) string {
	n, ok := maps.NodeCount(format, data)
	if !ok {
		return ""
	}
	asked := layoutFlags(cfg.build)
	var holds []string
	for _, lb := range build.Layouts(defaultPlanWindow) {
		if layoutFlags(lb.Options) == asked || lb.Options.Window > 0 && !format.IsGrid() {
			continue
		}
		if build.CheckNodes(n, lb.Options) == nil {
			holds = append(holds, cmp.Or(layoutFlags(lb.Options), "a flat table"))
		}
	}
	if len(holds) == 0 {
		return ""
	}
	return "; " + strings.Join(holds, " or ") + " can hold it (pathtable plan estimates their sizes)"
}

func report(r buildResult, cfg *buildConfig) {
	if cfg.jsonOut {
		b, _ := json.Marshal(r)
		fmt.Fprintf(stdout, "%s\n", b)
		if r.Status == "failed" {
			fmt.Fprintf(stderr, "pathtable: %s\n", r.Error)
		}
		return
	}
	switch r.Status {
	case "failed":
		fmt.Fprintf(stderr, "pathtable: %s\n", r.Error)
	case "up-to-date":
		fmt.Fprintf(stdout, "up to date: %s (%d nodes, %s)\n", r.Output, r.Nodes, layoutBytes(r))
	default:
		rss := ""
		if r.PeakRSS > 0 {
			rss = ", peak memory " + bytesize.Format(r.PeakRSS)
		}
		if r.Why != "" {
			rss += fmt.Sprintf("; %s as no flag named a layout: %s (-flat forces a flat one)", layoutWords[r.Layout], r.Why)
		}
		agent := ""
		if r.Clearance > 1 {
			agent = fmt.Sprintf(" (%dx%d agent)", r.Clearance, r.Clearance)
		}
		if r.Window > 0 {
			side := table.WindowSide(r.Window)
			fmt.Fprintf(stdout, "built %s%s: %d nodes, %d edges, window %d (%dx%d), %d covered pairs (%d reachable), %s (%.2f bytes a node, %.2f a covered pair), %.2fs%s\n",
				r.Output, agent, r.Nodes, r.Edges, r.Window, side, side, r.Pairs, r.Reachable, layoutBytes(r),
				float64(r.Bytes)/float64(max(r.Nodes, 1)), float64(r.Bytes)/float64(max(r.Pairs, 1)), r.Seconds, rss)
			return
		}
		what := "built"
		if r.Status == "merged" {
			what = "merged"
		}
		part := agent
		switch {
		case r.Shard != "":
			part += " (part " + r.Shard + ")"
		case r.Parts > 0:
			part += fmt.Sprintf(" (from %d parts)", r.Parts)
		}
		fmt.Fprintf(stdout, "%s %s%s: %d nodes, %d edges, %d pairs (%d reachable), %s, %.2fs%s\n",
			what, r.Output, part, r.Nodes, r.Edges, r.Pairs, r.Reachable, layoutBytes(r), r.Seconds, rss)
	}
}

// layoutWords names a layout in a summary line.
var layoutWords = map[string]string{layoutFlat: "flat", layoutRuns: "run-length", layoutWindow: "windowed", layoutHierarchy: "hierarchy"}

// layoutBytes is a summary line's "flat table 28.5 MiB": the layout and
// the file's size (only the size where the layout is not known).
func layoutBytes(r buildResult) string {
	if w, ok := layoutWords[r.Layout]; ok {
		return w + " table " + bytesize.Format(r.Bytes)
	}
	return bytesize.Format(r.Bytes)
}
