package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
	"github.com/pathtable/pathtable/verify"
)

// verifySummary is what verify -json prints: one object.
type verifySummary struct {
	Table          string           `json:"table"`
	Level          string           `json:"level"`
	Clearance      int              `json:"clearance,omitempty"` // the agent's side, when more than one cell
	OK             bool             `json:"ok"`
	Stale          bool             `json:"stale"`
	Error          string           `json:"error,omitempty"`
	Nodes          int              `json:"nodes"`
	Pairs          int64            `json:"pairs"`
	AllPairs       bool             `json:"all_pairs"`
	Scenarios      int              `json:"scenarios"`
	Mismatches     int64            `json:"mismatches"`
	Seconds        float64          `json:"seconds"`       // the whole command
	CheckSeconds   float64          `json:"check_seconds"` // the check alone, without reading the files
	PairsPerSecond float64          `json:"pairs_per_second"`
	First          []verifyMismatch `json:"first_mismatches"`
	// A windowed table's check: DELTA, the origins whose windows were
	// checked, and the covered pairs whose confined path is longer than the
	// level's shortest path (not mismatches: what the window costs).
	Window  int    `json:"window,omitempty"`
	Origins int64  `json:"origins,omitempty"`
	Longer  *int64 `json:"longer_than_unconfined,omitempty"`
}

// verifyMismatch is one listed mismatch; a cost is null when there is no
// path. For a scenario, live_cost is the published optimal length.
type verifyMismatch struct {
	Problem   string   `json:"problem"`
	From      string   `json:"from"`
	To        string   `json:"to"`
	TableCost *float64 `json:"table_cost"`
	LiveCost  *float64 `json:"live_cost"`
	Detail    string   `json:"detail"`
}

func runVerify(ctx context.Context, args []string) error {
	fs := newFlagSet("verify", "[-pairs all|N] [-seed S] [-scen FILE.scen] [-workers N] [-json] [-quiet] [-max-memory SIZE] TABLE LEVEL")
	memoryFlag(fs)
	pairs := fs.String("pairs", "", "pairs to check: `all`, or a number of random pairs (default: all up to 2000 nodes, else 10000)")
	seed := fs.Uint64("seed", 1, "seed of the random pairs")
	scen := fs.String("scen", "", "also check the table against the optimal lengths of this Moving AI scenario `file` (grids only)")
	workers := fs.Int("workers", 0, "concurrent checkers (0: one per core; at most 4 per core, more are clamped)")
	jsonOut := fs.Bool("json", false, "print the summary as one JSON object")
	quiet := fs.Bool("quiet", false, "show no progress")
	if err := parseArgs(fs, args, 2, "verify needs TABLE LEVEL"); err != nil {
		return err
	}
	opt := verify.Options{Seed: *seed, Workers: *workers}
	switch *pairs {
	case "":
	case "all":
		opt.Pairs = verify.AllPairs
	default:
		n, err := strconv.Atoi(*pairs)
		if err != nil || n <= 0 {
			return usagef("-pairs must be all or a number of pairs > 0, not %q", *pairs)
		}
		opt.Pairs = n
	}
	var err error
	if opt.Workers, err = resolveWorkers(*workers); err != nil {
		return err
	}
	tablePath, levelPath := fs.Arg(0), fs.Arg(1)
	sum := verifySummary{Table: tablePath, Level: levelPath, First: []verifyMismatch{}}

	start := time.Now()
	t, err := table.Open(tablePath)
	if err != nil {
		return tableMemoryHint(err)
	}
	// The level is loaded for a one-cell agent and the table's agent
	// graph derived from it by verify's own brute force, not maps'.
	mopt := build.LevelOptions(&t.Header)
	agent := mopt.Clearance
	mopt.Clearance = 0
	lvl, err := loadLevel(levelPath, mopt)
	if err != nil {
		return err
	}
	lvl.Options.Clearance = agent
	sum.Clearance = agent
	if err := staleError(tablePath, &t.Header, lvl); err != nil {
		if *jsonOut {
			sum.Stale, sum.Error, sum.Nodes = true, err.Error(), t.Nodes
			writeVerifyJSON(&sum)
		}
		return err
	}
	if *scen != "" {
		if !t.AllPairs() {
			return usagef("-scen checks tables of all pairs; %s is windowed", tablePath)
		}
		if t.Kind != table.KindGrid {
			return usagef("-scen needs a grid level; %s is a graph", levelPath)
		}
		if opt.Scenarios, err = maps.ReadScenarios(*scen); err != nil {
			return err
		}
	}
	g := lvl.Graph
	if agent > 1 {
		if g, err = verify.AgentGraph(g, agent); err != nil {
			return fmt.Errorf("%s: %w", levelPath, err)
		}
	}
	if err := checkVerifyMemory(levelPath, g.Nodes(), opt.Workers); err != nil {
		return err
	}
	stopProgress := func() {}
	opt.Progress = func(total int64, unit string) *atomic.Int64 {
		done := new(atomic.Int64)
		stopProgress = startProgress(done, int(total), unit, filepath.Base(levelPath), *quiet)
		return done
	}
	rep, err := verify.Table(ctx, t, g, opt)
	stopProgress()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return err
		}
		return fmt.Errorf("%s: %w", tablePath, err)
	}
	sum.OK, sum.Nodes, sum.Pairs, sum.AllPairs = rep.OK(), rep.Nodes, rep.Pairs, rep.AllPairs
	sum.Scenarios, sum.Mismatches = rep.Scenarios, rep.Failed
	sum.Seconds, sum.CheckSeconds = time.Since(start).Seconds(), rep.Elapsed.Seconds()
	sum.PairsPerSecond = rep.PairsPerSecond()
	if rep.Window > 0 {
		sum.Window, sum.Origins, sum.Longer = rep.Window, rep.Origins, &rep.Longer
	}
	for _, m := range rep.Mismatches {
		sum.First = append(sum.First, verifyMismatch{Problem: m.Problem.String(), From: m.FromName, To: m.ToName,
			TableCost: costOrNil(m.Table), LiveCost: costOrNil(m.Live), Detail: m.Detail})
	}
	if *jsonOut {
		writeVerifyJSON(&sum)
	} else {
		writeVerifyText(&sum, rep)
	}
	if !rep.OK() {
		return errSilentFailure
	}
	return nil
}

func costOrNil(c float64) *float64 {
	if math.IsInf(c, 1) {
		return nil
	}
	return &c
}

func writeVerifyJSON(sum *verifySummary) {
	b, _ := json.Marshal(sum)
	fmt.Fprintf(stdout, "%s\n", b)
}

// writeVerifyText prints the summary line and the listed mismatches:
//
//	maze.ptab: 117896164 pairs (all) checked, 0 mismatches, 9.6s (checking 9.1s), 12955622 pairs/s
//	small.ptab: 1296 pairs (all) checked, 3 mismatches, 1.1ms (checking 0.6ms), 2160000 pairs/s
//	  1,1 -> 3,4: table cost 5, live cost 6 (distance differs: off by -1)
func writeVerifyText(sum *verifySummary, rep *verify.Report) {
	what := "all"
	if !sum.AllPairs {
		what = "sampled"
	}
	scen := ""
	if sum.Scenarios > 0 {
		scen = fmt.Sprintf(" and %d scenarios", sum.Scenarios)
	}
	plural := "es"
	if sum.Mismatches == 1 {
		plural = ""
	}
	if sum.Window > 0 {
		what += fmt.Sprintf(" covered by %d windows", sum.Origins)
	}
	agent := ""
	if k := sum.Clearance; k > 1 {
		agent = fmt.Sprintf(" (%dx%d agent)", k, k)
	}
	fmt.Fprintf(stdout, "%s%s: %d pairs (%s)%s checked, %d mismatch%s, %s (checking %s), %.0f pairs/s\n",
		sum.Table, agent, sum.Pairs, what, scen, sum.Mismatches, plural,
		verifyDuration(sum.Seconds), verifyDuration(sum.CheckSeconds), sum.PairsPerSecond)
	if sum.Window > 0 {
		fmt.Fprintf(stdout, "  %d of them (%.2f%%) longer inside their window than the level's shortest path (confined by DELTA %d; not a mismatch)\n",
			*sum.Longer, 100*float64(*sum.Longer)/float64(max(sum.Pairs, 1)), sum.Window)
	}
	for i := range rep.Mismatches {
		fmt.Fprintf(stdout, "  %s\n", &rep.Mismatches[i])
	}
	if more := sum.Mismatches - int64(len(rep.Mismatches)); more > 0 {
		fmt.Fprintf(stdout, "  ... and %d more\n", more)
	}
}

// verifyDuration prints seconds as a duration rounded to 0.1 ms.
func verifyDuration(s float64) string {
	return (time.Duration(s * float64(time.Second))).Round(time.Millisecond / 10).String()
}
