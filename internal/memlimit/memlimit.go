// Package memlimit owns one question for the whole module: how much more
// memory may this process use? Every command and loader that is about to
// allocate by a table's or a level's size asks Check first, so that a
// limit the process runs under (a container's cgroup, ulimit -v or -d,
// GOMEMLIMIT, the machine's memory, or the command line's -max-memory)
// refuses the work with an error instead of a Go runtime crash.
package memlimit

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/pathtable/pathtable/internal/bytesize"
)

// A Limit is one bound on the process's memory and what the process
// already counts against it.
type Limit struct {
	Source string // what sets it: "cgroup memory.max", "ulimit -v (RLIMIT_AS)", ...
	Bytes  int64  // the bound
	Used   int64  // what the process counts against it now, as the bound counts
	// Reserve is kept free beside what a check asks for: address-space
	// bounds fail an allocation that crosses them by a heap arena's
	// rounding, where a resident bound lets the runtime reclaim first.
	Reserve int64
	// Virtual says the bound counts address space: the Go runtime maps
	// more of it than it fills, so a check asks a quarter more.
	Virtual bool
}

// Cost is what work that needs need bytes takes of l: a quarter more
// under a bound on address space. O(1).
func (l Limit) Cost(need int64) int64 {
	if l.Virtual {
		return need + need/4
	}
	return need
}

// Free is what the process may still allocate under l, 0 when nothing.
func (l Limit) Free() int64 { return max(l.Bytes-l.Used-l.Reserve, 0) }

// Sources of limits, as errors and documents name them.
const (
	SourceFlag     = "-max-memory"
	SourceCgroup   = "cgroup memory.max"
	SourceCgroupV1 = "cgroup memory.limit_in_bytes"
	SourceAS       = "ulimit -v (RLIMIT_AS)"
	SourceData     = "ulimit -d (RLIMIT_DATA)"
	SourceGo       = "GOMEMLIMIT"
	SourcePhysical = "physical memory"
)

// arenaReserve is what an address-space limit keeps free: the Go heap
// maps memory in arenas of this size.
const arenaReserve = 64 << 20

// System is where limits are read from: the host's files, rlimits and Go
// runtime by Host, other values in tests.
type System struct {
	ReadFile func(path string) ([]byte, error)
	// Rlimit returns the soft limit of RLIMIT_AS ("as") or RLIMIT_DATA
	// ("data") in bytes, 0 when there is none or it cannot be read.
	Rlimit func(which string) int64
	// GoLimit is GOMEMLIMIT as the user set it, 0 when unset.
	GoLimit int64
}

// Limits returns every bound s knows of, each with the process's use as
// that bound counts it (from /proc/self/status where s has it: VmSize for
// RLIMIT_AS, VmData for RLIMIT_DATA, VmRSS for the others). O(cgroup
// depth) file reads.
func (s System) Limits() []Limit {
	status := procStatus(s.ReadFile)
	rss := status["VmRSS"]
	var ls []Limit
	add := func(source string, bytes, used, reserve int64) {
		if bytes > 0 {
			ls = append(ls, Limit{Source: source, Bytes: bytes, Used: used, Reserve: reserve, Virtual: reserve > 0})
		}
	}
	if v, src := cgroupLimit(s.ReadFile); v > 0 {
		add(src, v, rss, 0)
	}
	if s.Rlimit != nil {
		add(SourceAS, s.Rlimit("as"), status["VmSize"], arenaReserve)
		add(SourceData, s.Rlimit("data"), status["VmData"], arenaReserve)
	}
	add(SourceGo, s.GoLimit, rss, 0)
	add(SourcePhysical, memTotal(s.ReadFile), rss, 0)
	return ls
}

// Least returns the limit of ls with the least Free, and false when ls is
// empty.
func Least(ls []Limit) (Limit, bool) {
	if len(ls) == 0 {
		return Limit{}, false
	}
	least := ls[0]
	for _, l := range ls[1:] {
		if l.Free() < least.Free() {
			least = l
		}
	}
	return least, true
}

// maxBytes is the -max-memory override, 0 when unset.
var maxBytes atomic.Int64

// SetMax makes bytes this process's only limit, as -max-memory asks;
// 0 returns to the limits the host sets. O(1).
func SetMax(bytes int64) { maxBytes.Store(bytes) }

// Current returns the limit that binds now: -max-memory's when set (its
// use the process's resident memory), else the least of the host's.
// ok is false when none is known. A few small file reads.
func Current() (l Limit, ok bool) {
	h := Host()
	if m := maxBytes.Load(); m > 0 {
		return Limit{Source: SourceFlag, Bytes: m, Used: procStatus(h.ReadFile)["VmRSS"]}, true
	}
	return Least(h.Limits())
}

// An Error refuses work that would need more memory than a limit leaves.
type Error struct {
	What  string // what needs it: "a flat table of 15,876 nodes"
	Need  int64
	Limit Limit
}

func (e *Error) Error() string {
	taken := ""
	if e.Limit.Used > 0 {
		taken = fmt.Sprintf(", %s of it in use", bytesize.Format(e.Limit.Used))
	}
	return fmt.Sprintf("%s needs about %s of memory, over the %s this process may still use (%s %s%s)",
		e.What, bytesize.Format(e.Need), bytesize.Format(e.Limit.Free()), e.Limit.Source, bytesize.Format(e.Limit.Bytes), taken)
}

// Check refuses, with an *Error, need more bytes for what under the limit
// that binds now (Current); it passes when no limit is known. A few small
// file reads: call it before a large allocation, not per element.
func Check(need int64, what string) error {
	l, ok := Current()
	return check(l, ok, need, what)
}

func check(l Limit, ok bool, need int64, what string) error {
	if need = l.Cost(need); ok && need > l.Free() {
		return &Error{What: what, Need: need, Limit: l}
	}
	return nil
}

// Free returns what the process may still allocate under the limit that
// binds now, and false when none is known. A few small file reads.
func Free() (int64, bool) {
	l, ok := Current()
	return l.Free(), ok
}

// procStatus reads the Vm* lines of /proc/self/status in bytes; none
// where it cannot be read.
func procStatus(read func(string) ([]byte, error)) map[string]int64 {
	m := map[string]int64{}
	b, err := read("/proc/self/status")
	if err != nil {
		return m
	}
	for _, line := range strings.Split(string(b), "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok || !strings.HasPrefix(key, "Vm") {
			continue
		}
		f := strings.Fields(val)
		if len(f) == 2 && f[1] == "kB" {
			if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil && kb >= 0 {
				m[key] = kb << 10
			}
		}
	}
	return m
}

// memTotal is the machine's memory (/proc/meminfo's MemTotal), 0 when
// unknown.
func memTotal(read func(string) ([]byte, error)) int64 {
	b, err := read("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		var kb int64
		if _, err := fmt.Sscanf(line, "MemTotal: %d kB", &kb); err == nil && kb > 0 {
			return kb << 10
		}
	}
	return 0
}

// CheckStart refuses to run at all under a limit that leaves less than
// its reserve beside what the process already holds: under ulimit -v, the
// address space the Go runtime reserves at start counts, and so little
// room left fails the runtime's own next allocation. A few small file
// reads.
func CheckStart() error {
	l, ok := Current()
	if !ok || l.Bytes-l.Used >= l.Reserve+startBytes {
		return nil
	}
	return fmt.Errorf("%s %s leaves this process %s beside the %s it holds from its start; it needs at least %s more to run: raise the limit",
		l.Source, bytesize.Format(l.Bytes), bytesize.Format(max(l.Bytes-l.Used, 0)), bytesize.Format(l.Used), bytesize.Format(l.Reserve+startBytes))
}

// startBytes is the least room a command needs beside its reserve.
const startBytes = 16 << 20

// Held is what the Go runtime holds now (mapped, not returned): the heap
// and its own structures. A metrics read.
func Held() int64 { return runtimeHeld() }
