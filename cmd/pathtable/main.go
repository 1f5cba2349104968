package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pathtable/pathtable/internal/memlimit"
)

// Package variables, so tests run commands against buffers.
var (
	stdin  io.Reader = os.Stdin
	stdout io.Writer = os.Stdout
	stderr io.Writer = os.Stderr
)

//go:embed doc.go
var doc string

// command is one subcommand: it parses its own flags and returns an error.
type command struct {
	name string
	run  func(ctx context.Context, args []string) error
}

var commands []command

func init() {
	commands = []command{
		{"build", runBuild},
		{"plan", runPlan},
		{"merge", runMerge},
		{"path", runPath},
		{"query", runQuery},
		{"info", runInfo},
		{"bench", runBench},
		{"solve", runSolve},
		{"verify", runVerify},
		{"render", runRender},
		{"version", runVersion},
	}
}

func main() {
	if err := memlimit.CheckStart(); err != nil {
		fmt.Fprintf(os.Stderr, "pathtable: %v\n", err)
		os.Exit(1)
	}
	ctx, stop := signalContext(context.Background())
	code := run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit status.
func run(ctx context.Context, args []string) int {
	if len(args) == 0 {
		usage(stdout)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stdout)
		return 0
	case "help":
		return runHelp(args[1:])
	}
	for _, c := range commands {
		if c.name == args[0] {
			return runCommand(ctx, c, args[1:])
		}
	}
	fmt.Fprintf(stderr, "pathtable: unknown command %q (run 'pathtable help')\n", args[0])
	return 2
}

// runCommand runs one subcommand under a commit gate, with standard output
// checked: a command whose output could not be written fails.
func runCommand(ctx context.Context, c command, args []string) int {
	ctx, gate, stop := withCommitGate(ctx)
	defer stop()
	out := &checkedWriter{w: stdout}
	saved := stdout
	stdout = out
	defer func() { stdout = saved }()
	err := runWatched(ctx, gate, func() error {
		reached(ctx, stageStarted)
		return withMemoryLimits(func() error { return c.run(ctx, args) })
	})
	if err == nil && out.err != nil {
		err = fmt.Errorf("writing standard output: %w", out.err)
	}
	return exitCode(ctx, err)
}

// checkedWriter remembers the first error its writer returned: commands
// print with fmt.Fprintf, and a full disk must still fail them.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// usage prints the package doc comment, which is the help text.
func usage(w io.Writer) {
	text := doc[strings.Index(doc, "/*")+3 : strings.Index(doc, "*/")]
	fmt.Fprint(w, text)
}

// usageError marks errors in how the command was called: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// silentFailure is an exit status 1 whose reason the command has already
// printed (a failed verification, a failed input in a batch).
var errSilentFailure = errors.New("failed")

func exitCode(ctx context.Context, err error) int {
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		if ue.msg != "" { // flag errors were printed by the flag package
			fmt.Fprintf(stderr, "pathtable: %v\n", err)
		}
		return 2
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "pathtable: interrupted")
		return interruptedStatus(ctx)
	case errors.Is(err, errSilentFailure):
		return 1
	}
	fmt.Fprintf(stderr, "pathtable: %v\n", err)
	return 1
}

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: pathtable %s %s\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, allowing flags after positional arguments
// ("build level.map -o out.ptab"); "--" ends the flags. Flag errors become
// usage errors.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var positional []string
	for {
		for len(args) > 0 && looksNegative(args[0]) {
			positional, args = append(positional, args[0]), args[1:] // a cell such as -1,0
		}
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return usageError{}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			positional = append(positional, rest...)
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	return fs.Parse(append([]string{"--"}, positional...))
}

// parseArgs is parseFlags followed by the check that exactly n positional
// arguments remain; need says which, as in "path needs TABLE FROM TO".
func parseArgs(fs *flag.FlagSet, args []string, n int, need string) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != n {
		fs.Usage()
		return usagef("%s", need)
	}
	return nil
}

// looksNegative reports whether arg is a negative number or cell rather
// than a flag: "-1" or "-1,0".
func looksNegative(arg string) bool {
	return len(arg) > 1 && arg[0] == '-' && arg[1] >= '0' && arg[1] <= '9'
}
