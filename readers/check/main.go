// Command check is the one cross-check of every pathtable reader: it builds
// each reader's driver (readers/README.md), builds tables of every test
// level in every layout, movement model and format with the CLI, asks each
// driver the same query lines as `pathtable query` and compares the answers
// line by line (the cost as float64 bits), then does the same on damaged
// and hostile tables, which each driver must refuse where the CLI refuses
// them, without a crash, a hang or a huge allocation.
//
//	go run ./readers/check [-readers c,c++,csharp,js] [-shared DIR] [-allow-missing] [-bench]
//	go run ./readers/check tamper IN OUT ELEMENT AT HEX
//
// The second form writes one damaged copy of a table whose checksum still
// matches, for a reader's own shell checks (see tamperFile).
//
// It exits 1 on any mismatch, and names the reader, the table and the line.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"
)

// config is what the flags choose.
type config struct {
	root         string   // the repository root
	shared       string   // ../shared, or "" when absent
	readers      []string // reader names, in order
	drivers      []string // -driver NAME=COMMAND: extra drivers
	allowMissing bool
	bench        bool
	benchTime    time.Duration
	pairsOut     string
	timeout      time.Duration
	jobs         int
	verbose      bool
	only         *regexp.Regexp // -tables: the cases checked
}

func main() {
	wrapMain()
	if len(os.Args) > 1 && os.Args[1] == "tamper" {
		if err := tamperFile(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "check tamper:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "check:", err)
		os.Exit(1)
	}
}

// multiFlag collects a repeated string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	names := fs.String("readers", strings.Join(defaultReaders, ","), "readers to check, comma-separated: "+strings.Join(knownReaders(), ", "))
	shared := fs.String("shared", "../shared", "the shared reference directory (its testmaps/); skipped with a message when absent")
	allowMissing := fs.Bool("allow-missing", false, "skip a reader whose toolchain is missing and cannot be installed (local use; CI reports it as a failure)")
	bench := fs.Bool("bench", false, "time each driver's -bench mode on maze-128-128-2 and den312d beside the Go reader, instead of the cross-check")
	benchTime := fs.Duration("benchtime", time.Second, "with -bench: the Go side's least time per measure (the drivers' is theirs: 1 s)")
	pairsOut := fs.String("pairs-out", "", "with -bench: also write each map's pairs to DIR/MAP.pairs (the same pairs every run)")
	timeout := fs.Duration("timeout", 20*time.Second, "the longest one driver process may run")
	jobs := fs.Int("jobs", runtime.NumCPU(), "processes run at once")
	verbose := fs.Bool("v", false, "print every table as it is checked")
	only := fs.String("tables", "", "check only the tables (and damaged files) whose names match this regular expression")
	var drivers multiFlag
	fs.Var(&drivers, "driver", "NAME=COMMAND: check one more driver, run as COMMAND TABLE (repeatable; e.g. a reader under development)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	root, err := repoRoot()
	if err != nil {
		return err
	}
	cfg := config{root: root, drivers: drivers, allowMissing: *allowMissing, bench: *bench,
		benchTime: *benchTime, pairsOut: *pairsOut, timeout: *timeout, jobs: max(1, *jobs), verbose: *verbose}
	if cfg.only, err = regexp.Compile(*only); err != nil {
		return fmt.Errorf("-tables: %v", err)
	}
	for _, n := range strings.Split(*names, ",") {
		if n = strings.TrimSpace(n); n == "" {
			continue
		}
		if findReader(n) == nil {
			return fmt.Errorf("-readers: unknown reader %q (known: %s)", n, strings.Join(knownReaders(), ", "))
		}
		cfg.readers = append(cfg.readers, n)
	}
	for _, d := range drivers {
		if name, cmd, ok := strings.Cut(d, "="); !ok || name == "" || strings.TrimSpace(cmd) == "" {
			return fmt.Errorf("-driver %q: want NAME=COMMAND", d)
		}
	}
	if len(cfg.readers) == 0 && len(cfg.drivers) == 0 {
		return fmt.Errorf("no reader to check")
	}
	s := *shared
	if !filepath.IsAbs(s) {
		s = filepath.Join(root, s)
	}
	if st, err := os.Stat(filepath.Join(s, "testmaps")); err == nil && st.IsDir() {
		cfg.shared = s
	} else {
		fmt.Fprintf(stderr, "check: %s/testmaps is absent: the shared maps are skipped\n", *shared)
	}
	tmp, err := os.MkdirTemp("", "pathtable-check-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if cfg.bench {
		return runBench(&cfg, tmp, stdout, stderr)
	}
	return runCheck(&cfg, tmp, stdout, stderr)
}

// repoRoot finds the repository root: the directory above the working
// directory that holds go.mod and cmd/pathtable.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "cmd", "pathtable")); err == nil {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				return d, nil
			}
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s is not inside the pathtable repository", dir)
		}
	}
}
