package main

import (
	"os"
	"testing"
)

// FuzzSplit: the check's own readers of a table's framing (splitDoc,
// headerEntries, mpSkip) never panic, and what they accept is whole.
func FuzzSplit(f *testing.F) {
	for _, name := range []string{"tiny.ptab", "tiny-runs-v3.ptab"} {
		if data, err := os.ReadFile("../../examples/" + name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("\xdd\xff\xff\xff\xff\xa8PATHTABL\x01\xc6\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if n, err := mpSkip(data, 0); err == nil && (n <= 0 || n > len(data)) {
			t.Fatalf("mpSkip = %d of %d bytes", n, len(data))
		}
		d, err := splitDoc(data)
		if err != nil {
			return
		}
		if len(d.bins) == 0 {
			return
		}
		if es, err := headerEntries(d.bins[0]); err == nil {
			for _, e := range es {
				if len(e.key) == 0 || len(e.value) == 0 {
					t.Fatal("an empty key or value")
				}
			}
		}
	})
}
