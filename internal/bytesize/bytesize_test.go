package bytesize

import "testing"

func TestParse(t *testing.T) {
	tests := map[string]int64{"100": 100, "2KB": 2000, "1.5MiB": 3 << 19, "2GiB": 2 << 30, "512mb": 512e6, "1G": 1 << 30, " 3 k ": 3 << 10}
	for in, want := range tests {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "-1", "1XB", "5TiB0", "9e18GiB"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) gave no error", bad)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		b    int64
		want string
	}{
		{0, "0 B"}, {1023, "1023 B"}, {1024, "1.0 KiB"}, {14029, "13.7 KiB"},
		{563 << 20, "563.0 MiB"}, {3 << 29, "1.50 GiB"},
	}
	for _, tc := range tests {
		if got := Format(tc.b); got != tc.want {
			t.Errorf("Format(%d) = %q, want %q", tc.b, got, tc.want)
		}
	}
}

// FuzzParse checks that Parse never panics and never returns a negative
// size without an error.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"100", "2KB", "1.5MiB", "512mb", "-1", "NaN", "Inf", "1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, err := Parse(s); err == nil && n < 0 {
			t.Fatalf("Parse(%q) = %d", s, n)
		}
	})
}
