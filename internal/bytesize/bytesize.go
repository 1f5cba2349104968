// Package bytesize writes and reads byte counts as people do: "563.0 MiB",
// "2GiB", "512MB". The builder's size errors and the command line's
// messages and flags share it, so a size reads the same everywhere.
package bytesize

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Format writes a byte count with a binary unit: "713 B", "13.7 KiB",
// "563.0 MiB", "1.50 GiB". O(1).
func Format(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d B", b)
}

// units are the suffixes Parse knows, longest first within each family:
// KiB..TiB and K..T are binary, KB..TB decimal; case does not matter.
var units = []struct {
	suffix string
	scale  float64
}{
	{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"TIB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"B", 1},
}

// Parse reads a size such as 512MB, 2GiB, 1.5G or 1000000 (bytes). It
// refuses negative sizes, NaN, and sizes over 2^62 bytes. O(len(s)).
func Parse(s string) (int64, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	scale := 1.0
	for _, x := range units {
		if strings.HasSuffix(u, x.suffix) {
			u, scale = strings.TrimSpace(strings.TrimSuffix(u, x.suffix)), x.scale
			break
		}
	}
	v, err := strconv.ParseFloat(u, 64)
	if err != nil || !(v >= 0 && v*scale <= 1<<62) { // NaN fails both
		return 0, fmt.Errorf("bad size %q: want bytes, or a number with KB, MB, GB, KiB, MiB or GiB", s)
	}
	// Round up: a fraction of a byte is a byte, so that only an exact 0
	// means zero (callers read it as "no limit").
	return int64(math.Ceil(v * scale)), nil
}
