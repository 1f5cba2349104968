package memlimit

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
)

// files is a fake file system: a missing path reads as fs.ErrNotExist.
type files map[string]string

func (f files) read(p string) ([]byte, error) {
	if s, ok := f[p]; ok {
		return []byte(s), nil
	}
	return nil, fs.ErrNotExist
}

const status = "Name:\tpathtable\nVmPeak:\t 1300000 kB\nVmSize:\t 1200000 kB\nVmData:\t   40000 kB\nVmRSS:\t    2000 kB\n"

func rlimits(as, data int64) func(string) int64 {
	return func(w string) int64 {
		if w == "as" {
			return as
		}
		return data
	}
}

func TestLimits(t *testing.T) {
	const gib = 1 << 30
	base := files{"/proc/self/status": status, "/proc/meminfo": "MemTotal:       24000000 kB\nMemFree: 1 kB\n"}
	with := func(extra files) files {
		f := files{}
		for k, v := range base {
			f[k] = v
		}
		for k, v := range extra {
			f[k] = v
		}
		return f
	}
	tests := []struct {
		name     string
		files    files
		as, data int64
		goLimit  int64
		source   string
		bytes    int64
		used     int64
	}{
		{"physical only", base, 0, 0, 0, SourcePhysical, 24000000 << 10, 2000 << 10},
		{"nothing readable", files{}, 0, 0, 0, "", 0, 0},
		{"cgroup v2 own", with(files{"/proc/self/cgroup": "0::/job/step\n", "/sys/fs/cgroup/job/step/memory.max": "2147483648\n"}), 0, 0, 0, SourceCgroup, 2 * gib, 2000 << 10},
		{"cgroup v2 max", with(files{"/proc/self/cgroup": "0::/job\n", "/sys/fs/cgroup/job/memory.max": "max\n"}), 0, 0, 0, SourcePhysical, 24000000 << 10, 2000 << 10},
		{"cgroup v2 parent binds", with(files{"/proc/self/cgroup": "0::/job/step\n", "/sys/fs/cgroup/job/step/memory.max": "max\n", "/sys/fs/cgroup/job/memory.max": "1073741824\n"}), 0, 0, 0, SourceCgroup, gib, 2000 << 10},
		{"cgroup v2 hybrid", with(files{"/proc/self/cgroup": "4:memory:/\n0::/a\n", "/sys/fs/cgroup/unified/a/memory.max": "1073741824"}), 0, 0, 0, SourceCgroup, gib, 2000 << 10},
		{"cgroup v1", with(files{"/proc/self/cgroup": "4:cpu,memory:/a\n", "/sys/fs/cgroup/memory/a/memory.limit_in_bytes": "1073741824"}), 0, 0, 0, SourceCgroupV1, gib, 2000 << 10},
		{"cgroup v1 unlimited", with(files{"/proc/self/cgroup": "4:memory:/a\n", "/sys/fs/cgroup/memory/a/memory.limit_in_bytes": "9223372036854771712"}), 0, 0, 0, SourcePhysical, 24000000 << 10, 2000 << 10},
		{"cgroup garbage", with(files{"/proc/self/cgroup": "0::/a\n", "/sys/fs/cgroup/a/memory.max": "lots"}), 0, 0, 0, SourcePhysical, 24000000 << 10, 2000 << 10},
		{"rlimit as counts VmSize", base, 1500000 << 10, 0, 0, SourceAS, 1500000 << 10, 1200000 << 10},
		{"rlimit as under physical", base, 30000000 << 10, 0, 0, SourcePhysical, 24000000 << 10, 2000 << 10},
		{"rlimit data", base, 0, 100 << 20, 0, SourceData, 100 << 20, 40000 << 10},
		{"gomemlimit", base, 0, 0, 3 * gib, SourceGo, 3 * gib, 2000 << 10},
		{"as beats smaller cgroup by use", with(files{"/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/memory.max": "1200000000"}), 1500000 << 10, 0, 0, SourceAS, 1500000 << 10, 1200000 << 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := System{ReadFile: tc.files.read, Rlimit: rlimits(tc.as, tc.data), GoLimit: tc.goLimit}
			l, ok := Least(s.Limits())
			if ok != (tc.source != "") {
				t.Fatalf("ok = %v, want %v (%+v)", ok, !ok, l)
			}
			if l.Source != tc.source || l.Bytes != tc.bytes || l.Used != tc.used {
				t.Fatalf("got %+v, want %s %d used %d", l, tc.source, tc.bytes, tc.used)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	l := Limit{Source: SourceAS, Bytes: 1500 << 20, Used: 1200 << 20, Reserve: arenaReserve}
	if err := check(l, true, 236<<20, "a table"); err != nil {
		t.Fatalf("236 MiB under 300 MiB less the reserve: %v", err)
	}
	err := check(l, true, 237<<20, "a flat table of 9 nodes")
	var e *Error
	if !errors.As(err, &e) || e.Need != 237<<20 {
		t.Fatalf("237 MiB over 236 MiB free: %v", err)
	}
	want := "a flat table of 9 nodes needs about 237.0 MiB of memory, over the 236.0 MiB this process may still use (ulimit -v (RLIMIT_AS) 1.46 GiB, 1.17 GiB of it in use)"
	if err.Error() != want {
		t.Fatalf("error\n%s\nwant\n%s", err, want)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Fatal("error is more than a line")
	}
	v := l
	v.Virtual = true
	if err := check(v, true, 188<<20, "a table"); err != nil {
		t.Fatalf("188 MiB and a quarter under 236 MiB of address space: %v", err)
	}
	if err := check(v, true, 190<<20, "a table"); err == nil || err.(*Error).Need != 190<<20+190<<18 {
		t.Fatalf("190 MiB and a quarter over 236 MiB of address space: %v", err)
	}
	if err := check(Limit{}, false, 1<<62, "x"); err != nil {
		t.Fatalf("no known limit refuses: %v", err)
	}
	if (Limit{Bytes: 10, Used: 20}).Free() != 0 {
		t.Fatal("Free below 0")
	}
}

func TestSetMax(t *testing.T) {
	defer SetMax(0)
	SetMax(1 << 20)
	l, ok := Current()
	if !ok || l.Source != SourceFlag || l.Bytes != 1<<20 {
		t.Fatalf("Current with -max-memory: %+v %v", l, ok)
	}
	if err := Check(2<<20, "two MiB"); err == nil {
		t.Fatal("2 MiB under -max-memory 1 MiB passes")
	}
	SetMax(0)
	if l, _ := Current(); l.Source == SourceFlag {
		t.Fatal("SetMax(0) keeps the override")
	}
}

func TestProcStatus(t *testing.T) {
	m := procStatus(files{"/proc/self/status": "VmSize:\t 12 kB\nVmRSS: x kB\nVmData: -4 kB\nThreads: 3\n"}.read)
	if len(m) != 1 || m["VmSize"] != 12<<10 {
		t.Fatalf("procStatus = %v", m)
	}
}

// TestCheckStart: a limit that leaves less than the reserve and a little
// more beside what the process holds refuses to start, in one line.
func TestCheckStart(t *testing.T) {
	defer SetMax(0)
	SetMax(1)
	err := CheckStart()
	if err == nil || !strings.Contains(err.Error(), "raise the limit") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("CheckStart under -max-memory 1 B: %v", err)
	}
	SetMax(1 << 50)
	if err := CheckStart(); err != nil {
		t.Fatalf("CheckStart under 1 PiB: %v", err)
	}
}

// BenchmarkCheck: what a check before a large allocation costs, reading
// the host's limits and the process's use.
func BenchmarkCheck(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = Check(1<<20, "a benchmark")
	}
}
