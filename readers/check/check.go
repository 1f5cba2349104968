package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pathtable/pathtable/lookup"
)

// maxReported is how many mismatches the report prints per reader.
const maxReported = 20

// damageBases are the tables the generated damage starts from: each
// format (1, 2, 3), each layout, grids and graphs.
var damageBases = []string{
	"tiny.ptab", "tiny-runs.ptab", "tiny-v3.ptab", "tiny-runs-v3.ptab",
	"tiny.win", "tiny.g.win", "lecture.gr", "lecture.gr.runs", "waypoints.json",
	"maze.grid.1014.runs", "small.map.4.g.win", boxBase, "tiny-box.ptab",
}

// encodingBases are the tables written again in other encodings.
var encodingBases = []string{"tiny-v3.ptab", "tiny-runs.ptab", "tiny.g.win", "lecture.gr.runs", "waypoints.json", "tiny.win", boxBase}

// parallel runs f(0..n-1) on jobs goroutines.
func parallel(jobs, n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(jobs, max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// runCheck is the cross-check: build, ask, compare, report.
func runCheck(cfg *config, tmp string, stdout, stderr io.Writer) error {
	start := time.Now()
	var failures []string
	pt := filepath.Join(tmp, "pathtable")
	if err := command(cfg.root, "go", "build", "-o", pt, "./cmd/pathtable"); err != nil {
		return err
	}
	drivers, failed := buildDrivers(cfg, tmp, stderr)
	failures = append(failures, failed...)
	failures = append(failures, workedExamples(pt, cfg.root, tmp)...)

	// The tables: the levels', then the shared maps' (run-length first,
	// whose node counts choose which are built flat).
	tdir := filepath.Join(tmp, "tables")
	if err := os.MkdirAll(tdir, 0o755); err != nil {
		return err
	}
	specs, err := levelSpecs(cfg.root)
	if err != nil {
		return err
	}
	if cfg.shared != "" {
		specs = append(specs, sharedSpecs(cfg.shared, nil)...)
	}
	built, errs := buildCases(cfg, pt, tdir, specs)
	failures = append(failures, errs...)
	if cfg.shared != "" {
		nodes := map[string]int{}
		for _, c := range built {
			if c != nil && strings.HasSuffix(c.name, ".map.runs") {
				nodes[strings.TrimSuffix(c.name, ".runs")] = c.nodes
			}
		}
		more, errs := buildCases(cfg, pt, tdir, sharedSpecs(cfg.shared, nodes))
		failures = append(failures, errs...)
		built = append(built, more...)
	}
	tables := map[string]*tcase{}
	var cases []*tcase
	for _, c := range built {
		if c != nil {
			tables[c.name] = &c.tcase
			cases = append(cases, &c.tcase)
		}
	}
	// The worked examples of FORMAT.md, asked their level's queries.
	for _, ex := range workedExampleFiles {
		if t := tables[ex.queries]; t != nil {
			c := &tcase{name: ex.file, file: filepath.Join(cfg.root, "examples", ex.file), queries: t.queries, lines: t.lines}
			if st, err := os.Stat(c.file); err == nil {
				c.size = st.Size()
			}
			tables[ex.file] = c
			cases = append(cases, c)
		}
	}
	dm := &damager{dir: filepath.Join(tmp, "damaged"), tables: tables}
	if err := os.MkdirAll(dm.dir, 0o755); err != nil {
		return err
	}
	dm.packedCases() // first: it adds the 16-bit forms the others damage
	dm.checkShCases()
	dm.boxCases()
	dm.generated(damageBases)
	for _, b := range encodingBases {
		dm.encodings(b)
	}
	failures = append(failures, dm.errs...)
	cases = append(cases, dm.cases...)

	// -tables: the cases asked (the others were built only to be damaged).
	var chosen []*tcase
	for _, c := range cases {
		if cfg.only.MatchString(c.name) {
			chosen = append(chosen, c)
		}
	}
	cases = chosen

	// What the CLI answers.
	parallel(cfg.jobs, len(cases), func(i int) {
		c := cases[i]
		r := runProc([]string{pt, "query", c.file}, c.queries, 10*cfg.timeout, 0)
		w, err := parseExpect(c, r)
		if err != nil {
			fmt.Fprintf(stderr, "check: %v\n", err)
		}
		c.want = w
	})
	var good []*tcase
	for _, c := range cases {
		switch {
		case c.want == nil:
			failures = append(failures, fmt.Sprintf("cli: table %s: pathtable query failed", c.name))
		case c.wantRefuse && !c.want.refused:
			failures = append(failures, fmt.Sprintf("cli: table %s: the CLI no longer refuses it (the case is stale)", c.name))
		case !c.damaged && c.want.refused:
			failures = append(failures, fmt.Sprintf("cli: table %s: the CLI refuses it: %s", c.name, c.want.msg))
		default:
			good = append(good, c)
		}
	}
	cases = good
	if cfg.verbose {
		fmt.Fprintf(stderr, "check: %d tables and damaged files ready in %s\n", len(cases), time.Since(start).Round(time.Millisecond))
	}

	// Every driver on every case.
	type job struct {
		d driver
		c *tcase
	}
	var jobs []job
	for _, d := range drivers {
		for _, c := range cases {
			jobs = append(jobs, job{d, c})
		}
	}
	type outcome struct {
		ms    []mismatch
		pairs int
		rssKB int64
		cpu   time.Duration
	}
	outcomes := make([]outcome, len(jobs))
	parallel(cfg.jobs, len(jobs), func(i int) {
		j := jobs[i]
		argv := append(append([]string(nil), j.d.argv...), j.c.file)
		var as int64
		if j.d.limitAS {
			as = asLimitBase + asLimitPerByte*j.c.size
		}
		r := runProc(argv, j.c.queries, cfg.timeout, as)
		ms, pairs := compareRun(j.d, j.c, r)
		outcomes[i] = outcome{ms, pairs, r.rssKB, r.cpu}
		if cfg.verbose {
			cli := "answers"
			if j.c.want.refused {
				cli = "refuses: " + j.c.want.msg
			}
			fmt.Fprintf(stderr, "check: %s %s: %d lines, %d mismatches (the CLI %s)\n", j.d.name, j.c.name, pairs, len(ms), cli)
		}
	})

	// The report.
	type counts struct {
		tables, pairs, damaged, refused, mismatches int
		rssKB                                       int64
		cpu                                         time.Duration
	}
	per := map[string]*counts{}
	reported := map[string][]mismatch{}
	for i, j := range jobs {
		k := per[j.d.name]
		if k == nil {
			k = &counts{}
			per[j.d.name] = k
		}
		o := outcomes[i]
		if j.c.damaged {
			k.damaged++
			if j.c.want.refused {
				k.refused++
			}
		} else {
			k.tables++
		}
		k.pairs += o.pairs
		k.rssKB = max(k.rssKB, o.rssKB)
		k.cpu += o.cpu
		k.mismatches += len(o.ms)
		if n := len(reported[j.d.name]); n < maxReported {
			reported[j.d.name] = append(reported[j.d.name], o.ms[:min(len(o.ms), maxReported-n)]...)
		}
	}
	fmt.Fprintf(stdout, "%-8s %7s %9s %8s %8s %10s %9s %7s\n", "reader", "tables", "lines", "damaged", "refused", "mismatches", "peak MiB", "cpu s")
	total := 0
	for _, d := range drivers {
		k := per[d.name]
		if k == nil {
			k = &counts{}
		}
		total += k.mismatches
		fmt.Fprintf(stdout, "%-8s %7d %9d %8d %8d %10d %9.1f %7.1f\n", d.name, k.tables, k.pairs, k.damaged, k.refused, k.mismatches, float64(k.rssKB)/1024, k.cpu.Seconds())
	}
	for _, d := range drivers {
		if ms := reported[d.name]; len(ms) > 0 {
			fmt.Fprintf(stdout, "\n%s: first %d of %d mismatches:\n", d.name, len(ms), per[d.name].mismatches)
			for _, m := range ms {
				fmt.Fprintf(stdout, "  %s\n", m)
			}
		}
	}
	sort.Strings(failures)
	for _, f := range failures {
		fmt.Fprintf(stdout, "FAIL %s\n", f)
	}
	fmt.Fprintf(stdout, "%d tables and %d damaged files per reader, %s\n", countCases(cases, false), countCases(cases, true), time.Since(start).Round(time.Second))
	if total > 0 || len(failures) > 0 {
		return fmt.Errorf("%d mismatches, %d failures", total, len(failures))
	}
	return nil
}

func countCases(cases []*tcase, damaged bool) int {
	n := 0
	for _, c := range cases {
		if c.damaged == damaged {
			n++
		}
	}
	return n
}

// builtCase is a built table with its queries.
type builtCase struct {
	tcase
	nodes int
}

// buildCases builds specs into dir and writes each table's queries.
func buildCases(cfg *config, pt, dir string, specs []spec) ([]*builtCase, []string) {
	out := make([]*builtCase, len(specs))
	errs := make([]string, len(specs))
	parallel(cfg.jobs, len(specs), func(i int) {
		s := specs[i]
		file, err := buildTable(pt, cfg.root, dir, s)
		if err == nil {
			out[i], err = newCase(s, file)
		}
		if err != nil {
			errs[i] = err.Error()
		}
	})
	var failed []string
	for _, e := range errs {
		if e != "" {
			failed = append(failed, e)
		}
	}
	return out, failed
}

// newCase opens a built table with the Go reader and writes its queries
// beside it.
func newCase(s spec, file string) (*builtCase, error) {
	lt, err := lookup.Open(file)
	if err != nil {
		return nil, fmt.Errorf("table %s: %v", s.name, err)
	}
	st, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	lines := pairLines(lt, s.sample, 26)
	q := strings.TrimSuffix(file, ".ptab") + ".queries"
	if err := os.WriteFile(q, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		return nil, err
	}
	c := &builtCase{tcase: tcase{name: s.name, file: file, queries: q, lines: lines, size: st.Size()}, nodes: lt.Len()}
	for _, f := range s.flags {
		if name, ok := unsupportedLayouts[f]; ok {
			c.unsupported = name
		}
	}
	return c, nil
}
