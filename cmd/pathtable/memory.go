package main

import (
	"errors"
	"flag"
	"fmt"
	"runtime/debug"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/bytesize"
	"github.com/pathtable/pathtable/internal/memlimit"
	"github.com/pathtable/pathtable/maps"
)

// maxMemoryFlag is -max-memory: it replaces the limits the host sets
// (memlimit.Current) for this command.
type maxMemoryFlag struct{ n int64 }

func (m *maxMemoryFlag) String() string {
	if m == nil || m.n == 0 {
		return ""
	}
	return bytesize.Format(m.n)
}

func (m *maxMemoryFlag) Set(s string) error {
	n, err := bytesize.Parse(s)
	if err != nil {
		return err
	}
	m.n = n
	memlimit.SetMax(n)
	memlimit.SoftLimit()
	return nil
}

// memoryFlag registers -max-memory on fs, for commands that allocate by
// a table's or a level's size.
func memoryFlag(fs *flag.FlagSet) {
	fs.Var(&maxMemoryFlag{}, "max-memory", "the memory this command may use (`size`, e.g. 2GiB); by default the least of the cgroup's memory.max, ulimit -v and -d, GOMEMLIMIT and the machine's memory. Work whose peak would not fit is refused before it starts")
}

// withMemoryLimits runs f with the host's limits (and -max-memory's, once
// f parses it) told to the Go runtime, and leaves none behind: tests run
// many commands in one process.
func withMemoryLimits(f func() error) error {
	saved := debug.SetMemoryLimit(-1)
	defer func() {
		memlimit.SetMax(0)
		debug.SetMemoryLimit(saved)
	}()
	memlimit.SoftLimit()
	return f()
}

// checkMemory refuses, in one line, need bytes of memory for what when
// the limit that binds leaves less; fits says what would fit instead
// ("" for nothing).
func checkMemory(need int64, what, fits string) error {
	err := memlimit.Check(need, what)
	if err == nil {
		return nil
	}
	if fits != "" {
		return fmt.Errorf("%w; %s", err, fits)
	}
	return err
}

// loadLevel is maps.Load, refused before the parse when the level's graph
// (build.LevelMemory of its node count, where the format tells it before
// parsing) would not fit the memory limit.
func loadLevel(path string, opt maps.Options) (*maps.Level, error) {
	format, err := maps.FormatOf(path)
	if err != nil {
		return nil, err
	}
	data, err := maps.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if n, ok := maps.NodeCount(format, data); ok {
		if err := checkMemory(build.LevelMemory(n, -1), fmt.Sprintf("%s: its graph of %d nodes", path, n), ""); err != nil {
			return nil, err
		}
	}
	return maps.ParseLevel(path, data, opt)
}

// tableMemoryHint adds, to a table loader's refusal for want of memory,
// what would fit; other errors pass as they are.
func tableMemoryHint(err error) error {
	var me *memlimit.Error
	if errors.As(err, &me) {
		return fmt.Errorf("%w; a run-length (-compress) or windowed table of the level is smaller, or raise -max-memory on a machine with more", err)
	}
	return err
}
