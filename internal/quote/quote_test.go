package quote

import (
	"strings"
	"testing"
)

func TestQuoteCaps(t *testing.T) {
	long := strings.Repeat("x", 10<<20)
	for _, tc := range []struct {
		name, got, want string
	}{
		{"short string", String("a b"), `"a b"`},
		{"long string", String(long), `"` + long[:MaxShown] + `"...`},
		{"long bytes", Bytes([]byte(long)), `"` + long[:MaxShown] + `"...`},
		{"short word", Short([]byte("12")), `12`},
		{"long word", Short([]byte(long)), `"` + long[:MaxShown] + `"...`},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, tc.got, tc.want)
		}
	}
}
