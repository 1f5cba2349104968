package memlimit

import (
	"path"
	"strconv"
	"strings"
)

// cgroupLimit returns the least memory limit on this process's cgroup and
// its ancestors (a limit on a parent bounds its children too), read from
// /proc/self/cgroup and the hierarchies under /sys/fs/cgroup: v2's
// memory.max ("max": none), or v1's memory.limit_in_bytes. 0 when there is
// none or it cannot be read.
func cgroupLimit(read func(string) ([]byte, error)) (int64, string) {
	b, err := read("/proc/self/cgroup")
	if err != nil {
		return 0, ""
	}
	least, source := int64(0), ""
	take := func(v int64, src string) {
		if v > 0 && (least == 0 || v < least) {
			least, source = v, src
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 || !strings.HasPrefix(parts[2], "/") {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "": // v2, mounted alone or beside v1
			for _, root := range []string{"/sys/fs/cgroup", "/sys/fs/cgroup/unified"} {
				take(walkUp(read, root, parts[2], "memory.max"), SourceCgroup)
			}
		case strings.Contains(","+parts[1]+",", ",memory,"):
			take(walkUp(read, "/sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes"), SourceCgroupV1)
		}
	}
	return least, source
}

// walkUp returns the least limit in file of the cgroup dir under root and
// of each of its ancestors up to root, 0 when none has one.
func walkUp(read func(string) ([]byte, error), root, dir, file string) int64 {
	least := int64(0)
	for d := path.Clean(dir); ; d = path.Dir(d) {
		if v := readLimit(read, path.Join(root, d, file)); v > 0 && (least == 0 || v < least) {
			least = v
		}
		if d == "/" || d == "." {
			return least
		}
	}
}

// readLimit reads a cgroup limit file: a byte count, or "max" (none: 0).
// v1 writes "no limit" as a number near 2^63, taken as none too.
func readLimit(read func(string) ([]byte, error), p string) int64 {
	b, err := read(p)
	if err != nil {
		return 0
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || v <= 0 || v >= 1<<62 {
		return 0
	}
	return v
}
