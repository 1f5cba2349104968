package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// reader is one reader's driver: how it is built and run (the fixed
// commands of readers/README.md).
type reader struct {
	name  string
	tools []string // commands the build and the run need
	pkgs  []string // Debian packages that provide them
	// build makes the driver in dir and returns the command that runs it,
	// to which the cross-check appends TABLE (or -bench TABLE).
	build func(root, dir string) ([]string, error)
	// limitAS runs the driver under `ulimit -v` (native code, whose address
	// space is its allocations); a JIT runtime reserves far more address
	// space than it uses, so those are held to a peak resident size instead.
	limitAS bool
}

// defaultReaders are the readers checked when -readers is not given.
var defaultReaders = []string{"c", "c++", "csharp", "js"}

var readers = []reader{
	{name: "c", tools: []string{"cc"}, pkgs: []string{"gcc", "libc6-dev"}, limitAS: true,
		build: func(root, dir string) ([]string, error) {
			exe := filepath.Join(dir, "ptread")
			return []string{exe}, command(root, "cc", "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-o", exe, "examples/c/ptread.c", "-lm")
		}},
	{name: "c++", tools: []string{"g++"}, pkgs: []string{"g++"}, limitAS: true,
		build: func(root, dir string) ([]string, error) {
			exe := filepath.Join(dir, "ptread++")
			return []string{exe}, command(root, "g++", "-x", "c++", "-std=c++11", "-O2", "-Wall", "-Wextra", "-Werror", "-o", exe, "examples/c/ptread.c", "-lm")
		}},
	{name: "csharp", tools: []string{"mcs", "mono"}, pkgs: []string{"mono-mcs", "mono-runtime"},
		build: func(root, dir string) ([]string, error) {
			exe := filepath.Join(dir, "ptread.exe")
			return []string{"mono", exe}, command(root, "mcs", "-langversion:7.2", "-optimize+", "-out:"+exe, "readers/csharp/PathTable.cs", "readers/csharp/Driver.cs")
		}},
	{name: "js", tools: []string{"node"}, pkgs: []string{"nodejs"},
		build: func(root, dir string) ([]string, error) {
			driver := filepath.Join(root, "readers", "js", "driver.mjs")
			if _, err := os.Stat(driver); err != nil {
				return nil, err
			}
			return []string{"node", driver}, nil
		}},
	// cli is `pathtable query` itself as a reader: not a reader, but the
	// cross-check's own test (every answer must match).
	{name: "cli", build: func(root, dir string) ([]string, error) {
		return []string{filepath.Join(dir, "pathtable"), "query"}, nil
	}},
}

// knownReaders lists the names -readers takes.
func knownReaders() []string {
	var names []string
	for _, r := range readers {
		names = append(names, r.name)
	}
	return names
}

// findReader returns the reader of that name, or nil.
func findReader(name string) *reader {
	for i := range readers {
		if readers[i].name == name {
			return &readers[i]
		}
	}
	return nil
}

// command runs name with args in dir, and returns its output in the error
// when it fails.
func command(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		msg := strings.TrimSpace(string(out))
		if len(msg) > 2000 {
			msg = msg[:2000] + " ..."
		}
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, msg)
	}
	return nil
}

// errMissing is a toolchain that is missing and could not be installed.
var errMissing = errors.New("toolchain missing")

// ensureTools installs r's missing tools with apt-get when running as
// root, and otherwise returns errMissing naming them.
func ensureTools(r *reader, log io.Writer) error {
	var missing []string
	for _, t := range r.tools {
		if _, err := exec.LookPath(t); err != nil {
			missing = append(missing, t)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if os.Geteuid() != 0 {
		return fmt.Errorf("%w: %s not found (install %s, or run as root)", errMissing, strings.Join(missing, ", "), strings.Join(r.pkgs, " "))
	}
	fmt.Fprintf(log, "check: %s: installing %s\n", r.name, strings.Join(r.pkgs, " "))
	install := func() error {
		cmd := exec.Command("apt-get", append([]string{"-y", "-q", "install", "--no-install-recommends"}, r.pkgs...)...)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("apt-get install %s: %v: %s", strings.Join(r.pkgs, " "), err, lastLines(out.String(), 3))
		}
		return nil
	}
	// A fresh CI image may have no package lists yet: update, then retry.
	if err := install(); err != nil {
		if uerr := command("/", "apt-get", "-q", "update"); uerr != nil {
			return fmt.Errorf("%w: %v", errMissing, uerr)
		}
		if err := install(); err != nil {
			return fmt.Errorf("%w: %v", errMissing, err)
		}
	}
	for _, t := range r.tools {
		if _, err := exec.LookPath(t); err != nil {
			return fmt.Errorf("%w: %s still not found after installing %s", errMissing, t, strings.Join(r.pkgs, " "))
		}
	}
	return nil
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// driver is a built reader: a name and the command that runs it.
type driver struct {
	name    string
	argv    []string
	limitAS bool
}

// buildDrivers builds every chosen reader in its own directory under tmp.
// A reader that cannot be built is a failure (returned in failed), or,
// with -allow-missing and a missing toolchain, a skip.
func buildDrivers(cfg *config, tmp string, log io.Writer) (ds []driver, failed []string) {
	for _, name := range cfg.readers {
		r := findReader(name)
		if err := ensureTools(r, log); err != nil {
			if errors.Is(err, errMissing) && cfg.allowMissing {
				fmt.Fprintf(log, "check: %s: SKIPPED (-allow-missing): %v\n", name, err)
				continue
			}
			failed = append(failed, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		dir := filepath.Join(tmp, "reader-"+strings.ReplaceAll(name, "+", "p"))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			failed = append(failed, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		if name == "cli" {
			dir = tmp
		}
		argv, err := r.build(cfg.root, dir)
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s: build failed: %v", name, err))
			continue
		}
		ds = append(ds, driver{name: name, argv: argv, limitAS: r.limitAS})
	}
	for _, d := range cfg.drivers {
		name, cmd, _ := strings.Cut(d, "=")
		ds = append(ds, driver{name: name, argv: strings.Fields(cmd)})
	}
	return ds, failed
}
