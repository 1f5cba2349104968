package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// buildMemoryHint names what may fit in place of a build that cfg asks
// for and that the memory limit refuses: another layout or more parts.
func buildMemoryHint(cfg *buildConfig) string {
	switch {
	case cfg.shard.set:
		return fmt.Sprintf("build it in more parts than %d (-shard I/K), or with -compress", cfg.shard.k)
	case cfg.build.Window > 0:
		return "build it with a smaller -window"
	case cfg.build.TableLayout() == table.LayoutFlat:
		return "build it with -compress or -window 8, or in parts with -shard I/K (pathtable plan compares them)"
	case cfg.build.TableLayout() == table.LayoutHierarchy:
		return "build it with -window 8 (pathtable plan compares them)"
	}
	return "build it with -window 8, or in parts with -shard I/K (pathtable plan compares them)"
}

// checkBuildMemory refuses the build cfg asks for of a level of nodes
// nodes (edges < 0: not parsed yet) whose whole table's payload takes
// payload bytes, when its peak (build.PeakMemory: the level, the table or
// part, the builder's scratch) does not fit the memory limit.
func checkBuildMemory(cfg *buildConfig, nodes, edges int, payload int64) error {
	what := fmt.Sprintf("a %s build of %d nodes", memoryLayoutName(cfg.build.TableLayout(), cfg.build.Window), nodes)
	if cfg.shard.set {
		from, to := table.ShardRange(cfg.shard.i, cfg.shard.k, nodes)
		payload = payload / int64(max(nodes, 1)) * int64(to-from)
		what = fmt.Sprintf("part %s of a %s build of %d nodes", cfg.shard.String(), memoryLayoutName(cfg.build.TableLayout(), 0), nodes)
	}
	return checkMemory(build.PeakMemory(cfg.build, nodes, edges, payload), what, buildMemoryHint(cfg))
}

// exactPayload is the payload of the table cfg asks for of the parsed
// level lvl, where known before the build (flat and windowed tables), or
// the least one (build.LeastPayload). O(V + E).
func exactPayload(lvl *maps.Level, cfg *buildConfig) int64 {
	var h table.Header
	var err error
	switch {
	case cfg.build.Window > 0:
		h, err = build.PlanWindow(lvl.Graph, cfg.build.Window)
	case cfg.build.TableLayout() == table.LayoutFlat:
		h, err = build.PlanLayout(lvl.Graph, table.LayoutFlat)
	default:
		err = errNoPlan
	}
	if err == nil {
		if size, err := h.PayloadSize(); err == nil {
			return size
		}
	}
	return build.LeastPayload(cfg.build, lvl.Graph.Nodes())
}

var errNoPlan = errors.New("no payload known before the build")

// memoryLayoutName names a layout in memory errors: "flat", "run-length",
// "hierarchy", "-window 8".
func memoryLayoutName(l table.Layout, window int) string {
	switch {
	case window > 0:
		return fmt.Sprintf("-window %d", window)
	case l == table.LayoutFlat:
		return "flat"
	case l == table.LayoutHierarchy:
		return "hierarchy"
	}
	return "run-length"
}

// checkEstimateMemory refuses plan's estimate of the build opt asks for
// of lvl when its sample (build.EstimateMemory) would not fit the memory
// limit: plan then reports that layout as not estimated.
func checkEstimateMemory(lvl *maps.Level, opt build.Options) error {
	n := lvl.Graph.Nodes()
	if opt.Window == 0 && opt.TableLayout() == table.LayoutFlat && n > table.MaxNodes {
		return nil // EstimateBuild refuses it, saying why
	}
	return checkMemory(build.EstimateMemory(opt, n), fmt.Sprintf("estimating a %s table of %d nodes", memoryLayoutName(opt.TableLayout(), opt.Window), n), "")
}

// checkPlanMemory refuses sampling every layout of lvl (planLevel) when
// one of the samples would not fit the memory limit.
func checkPlanMemory(lvl *maps.Level, workers int) error {
	for _, lb := range build.Layouts(defaultPlanWindow) {
		opt := lb.Options
		opt.Workers = workers
		if err := checkEstimateMemory(lvl, opt); err != nil {
			return err
		}
	}
	return nil
}

// checkMergeMemory refuses merging parts into the table of header h when
// what the join holds at its peak does not fit the memory limit: the
// table (its header's size, or the parts' for run-length tables, whose
// encoding is known only once read), the largest part, read whole, and
// the level's graph.
func checkMergeMemory(out string, h table.Header, parts []string) error {
	payload, _ := h.PayloadSize()
	var sum, largest int64
	for _, p := range parts {
		if st, err := os.Stat(p); err == nil {
			sum += st.Size()
			largest = max(largest, st.Size())
		}
	}
	need := max(payload, sum) + largest + build.LevelMemory(h.Nodes, h.Edges)
	what := fmt.Sprintf("%s: joining %d parts of a table of %d nodes", out, len(parts), h.Nodes)
	return checkMemory(need, what, "merge on a machine with more memory, or raise -max-memory")
}

// releaseGarbage returns the parse's garbage to the system before a build
// allocates a table of payload bytes: the collector would otherwise see
// it only at a heap twice the parsed level's, and the process hold it
// beside the whole table. One collection of the level's heap, paid only
// where the table dwarfs it.
func releaseGarbage(payload int64) {
	if payload >= releaseAbove {
		debug.FreeOSMemory()
	}
}

// releaseAbove is the least table payload releaseGarbage acts for.
const releaseAbove = 64 << 20

// checkVerifyMemory refuses verify's searches of a level of n nodes on
// workers workers (0: one per core) when their scratch, a search's arrays
// a worker, would not fit beside the table and level already loaded.
func checkVerifyMemory(levelPath string, n, workers int) error {
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	need := int64(workers) * int64(n) * verifyNodeBytes
	return checkMemory(need, fmt.Sprintf("%s: verifying %d nodes with %d workers", levelPath, n, workers), "use fewer -workers")
}

// verifyNodeBytes is what one of verify's searches holds a node: its
// distances, parents, queue and marks.
const verifyNodeBytes = 64

// layoutHolds reports whether the layout opt asks for can hold a level of
// n nodes (build.CheckNodes), over -max-bytes or not: a level it cannot
// hold is refused for that, whatever the memory.
func layoutHolds(n int, opt build.Options) bool {
	err := build.CheckNodes(n, opt)
	var tooBig *build.SizeError
	return err == nil || errors.As(err, &tooBig)
}
