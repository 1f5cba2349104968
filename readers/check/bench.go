package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/pathtable/pathtable/lookup"
)

// benchMaps are the shared maps -bench times, each built flat and
// run-length.
var benchMaps = []string{"maze-128-128-2.map", "den312d.map"}

// benchPairs is how many pairs -bench asks, drawn with benchSeed.
const (
	benchPairs = 1000
	benchSeed  = 26
)

// benchTimeout bounds one driver's -bench run: loading a 560 MiB flat
// table, then two measures of at least a second each.
const benchTimeout = 5 * time.Minute

// benchLine is what a driver's -bench mode prints.
var benchLine = regexp.MustCompile(`^pairs=(\d+) steps_per_path=(\S+) path_step_ns=(\S+) next_ns=(\S+)$`)

// goMeasure is the Go reader's side of a driver's -bench mode, the same
// definition (readers/README.md): whole paths into one reused buffer,
// pair after pair, until at least d has passed, per step; then Next for
// the same pairs until at least d, per call.
func goMeasure(lt *lookup.Table, pairs [][2]int, d time.Duration) (stepsPerPath, stepNs, nextNs float64) {
	var buf []int
	steps, rounds := 0, 0
	start := time.Now()
	for time.Since(start) < d || rounds == 0 {
		for _, p := range pairs {
			buf, _ = lt.AppendPath(buf[:0], p[0], p[1])
			steps += len(buf) - 1
		}
		rounds++
	}
	stepNs = float64(time.Since(start).Nanoseconds()) / float64(steps)
	stepsPerPath = float64(steps) / float64(rounds*len(pairs))
	calls, sink := 0, 0
	start = time.Now()
	for time.Since(start) < d || calls == 0 {
		for _, p := range pairs {
			sink += lt.Next(p[0], p[1])
		}
		calls += len(pairs)
	}
	nextNs = float64(time.Since(start).Nanoseconds()) / float64(calls)
	if sink == math.MinInt {
		fmt.Fprint(io.Discard, sink) // keeps the calls
	}
	return stepsPerPath, stepNs, nextNs
}

// runBench times each driver's -bench mode beside the Go reader on the
// benchMaps, flat and run-length, and prints one table.
func runBench(cfg *config, tmp string, stdout, stderr io.Writer) error {
	if cfg.shared == "" {
		return fmt.Errorf("-bench needs the shared maps (-shared)")
	}
	pt := filepath.Join(tmp, "pathtable")
	if err := command(cfg.root, "go", "build", "-o", pt, "./cmd/pathtable"); err != nil {
		return err
	}
	drivers, failed := buildDrivers(cfg, tmp, stderr)
	for _, f := range failed {
		fmt.Fprintf(stderr, "check: %s\n", f)
	}
	if cfg.pairsOut != "" {
		if err := os.MkdirAll(cfg.pairsOut, 0o755); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%-20s %-5s %-8s %6s %10s %9s %8s %8s\n", "map", "table", "reader", "steps", "ns/step", "ns/next", "x step", "x next")
	bad := len(failed)
	for _, m := range benchMaps {
		for _, layout := range []struct{ name, flag string }{{"flat", ""}, {"runs", "-compress"}} {
			s := spec{name: m + "." + layout.name, level: filepath.Join(cfg.shared, "testmaps", m), flags: strings.Fields(layout.flag)}
			file, err := buildTable(pt, cfg.root, tmp, s)
			if err != nil {
				return err
			}
			lt, err := lookup.Open(file)
			if err != nil {
				return err
			}
			pairs, err := reachablePairs(lt, benchPairs, benchSeed)
			if err != nil {
				return fmt.Errorf("%s: %v", s.name, err)
			}
			var text strings.Builder
			for _, p := range pairs {
				text.WriteString(lt.Name(p[0]) + " " + lt.Name(p[1]) + "\n")
			}
			pf := filepath.Join(tmp, s.name+".pairs")
			if err := os.WriteFile(pf, []byte(text.String()), 0o644); err != nil {
				return err
			}
			if cfg.pairsOut != "" && layout.name == "flat" {
				if err := os.WriteFile(filepath.Join(cfg.pairsOut, strings.TrimSuffix(m, ".map")+".pairs"), []byte(text.String()), 0o644); err != nil {
					return err
				}
			}
			spp, goStep, goNext := goMeasure(lt, pairs, cfg.benchTime)
			lt = nil
			fmt.Fprintf(stdout, "%-20s %-5s %-8s %6.1f %10.2f %9.2f %8s %8s\n", m, layout.name, "go", spp, goStep, goNext, "1.00", "1.00")
			for _, d := range drivers {
				argv := append(append(append([]string(nil), d.argv...), "-bench"), file)
				r := runProc(argv, pf, benchTimeout, 0)
				f := benchLine.FindStringSubmatch(strings.TrimSpace(string(r.stdout)))
				if r.exit != 0 || f == nil {
					bad++
					fmt.Fprintf(stdout, "%-20s %-5s %-8s FAILED: exit %d %s%s: %s\n", m, layout.name, d.name, r.exit, r.signal, timedOut(r), lastLines(string(r.stderr)+string(r.stdout), 2))
					continue
				}
				n, _ := strconv.Atoi(f[1])
				dspp, _ := strconv.ParseFloat(f[2], 64)
				step, _ := strconv.ParseFloat(f[3], 64)
				next, _ := strconv.ParseFloat(f[4], 64)
				note := ""
				if n != len(pairs) || math.Abs(dspp-spp) > max(0.1, spp/1000) {
					bad++
					note = fmt.Sprintf("  (MISMATCH: %d pairs of %.1f steps, want %d of %.1f)", n, dspp, len(pairs), spp)
				}
				fmt.Fprintf(stdout, "%-20s %-5s %-8s %6.1f %10.2f %9.2f %8.2f %8.2f%s\n", m, layout.name, d.name, dspp, step, next, step/goStep, next/goNext, note)
			}
			os.Remove(file)
		}
	}
	if bad > 0 {
		return fmt.Errorf("-bench: %d failures", bad)
	}
	return nil
}

func timedOut(r result) string {
	if r.timedOut {
		return " (timed out)"
	}
	return ""
}
