package main

import (
	"bytes"
	"os"
	"testing"
)

// TestWithHeaderStr: a header str value set to a longer or shorter one
// reads back, the rest of the header and the bins unchanged.
func TestWithHeaderStr(t *testing.T) {
	data, err := os.ReadFile("../../examples/tiny-runs-v3.ptab")
	if err != nil {
		t.Fatal(err)
	}
	if got := headerStr(data, "first_enc"); got != "runs12x4hc" {
		t.Fatalf("first_enc %q, want runs12x4hc", got)
	}
	for _, v := range []string{"runs16x4hwb", "u8", "", "a value of more than thirty-one bytes"} {
		out, err := withHeaderStr(data, "first_enc", v)
		if err != nil {
			t.Fatal(err)
		}
		d, err := splitDoc(out)
		if err != nil {
			t.Fatalf("%q: %v", v, err)
		}
		es, err := headerEntries(d.bins[0])
		if err != nil {
			t.Fatalf("%q: %v", v, err)
		}
		want, _ := splitDoc(data)
		wes, _ := headerEntries(want.bins[0])
		if len(es) != len(wes) {
			t.Fatalf("%q: %d header entries, want %d", v, len(es), len(wes))
		}
		for i := range es {
			if string(es[i].key) == "\xa9first_enc" {
				if !bytes.Equal(es[i].value, mpStr(v)) {
					t.Errorf("%q: first_enc holds %x", v, es[i].value)
				}
			} else if !bytes.Equal(es[i].key, wes[i].key) || !bytes.Equal(es[i].value, wes[i].value) {
				t.Errorf("%q: entry %s changed", v, es[i].key)
			}
		}
		for i := 1; i < len(d.bins); i++ {
			if !bytes.Equal(d.bins[i], want.bins[i]) {
				t.Errorf("%q: bin %d changed", v, i)
			}
		}
		if len(v) < 32 && headerStr(out, "first_enc") != v {
			t.Errorf("%q: reads back as %q", v, headerStr(out, "first_enc"))
		}
	}
	if _, err := withHeaderStr(data, "no_such_key", "x"); err == nil {
		t.Error("a missing key: no error")
	}
	if _, err := withHeaderStr(data[:len(data)-1], "first_enc", "x"); err == nil {
		t.Error("a cut table: no error")
	}
	for enc, want := range map[string]string{"runs16x4h": "runs16x4hb", "runs32x4hw": "runs32x4hwb", "runs16x4hwb": "runs16x4hwb", "runs16x4hwj": "runs16x4hwbj", "runs16x4hcbj": "runs16x4hcbj"} {
		if got := boxed(enc); got != want {
			t.Errorf("boxed(%q) = %q, want %q", enc, got, want)
		}
	}
}

// TestWide16: examples/tiny-runs-v3.ptab's 12-bit runs (words 0x0020,
// then 0x0018 four times) in their 16-bit form are the starts 2, 1, 1,
// 1, 1 and the moves 0, 8, 8, 8, 8 two to a byte, "runs16x4hc"; damaged
// words land where asked.
func TestWide16(t *testing.T) {
	data, err := os.ReadFile("../../examples/tiny-runs-v3.ptab")
	if err != nil {
		t.Fatal(err)
	}
	p, err := splitPacked(data)
	if err != nil {
		t.Fatal(err)
	}
	if p.n != 6 || p.runs != 5 || len(p.rowStart) != 7 || p.rowStart[1] != 0 || p.rowStart[2] != 1 || p.rowStart[6] != 5 {
		t.Fatalf("%d nodes, %d runs, rows %v", p.n, p.runs, p.rowStart)
	}
	wide, err := p.wide16()
	if err != nil {
		t.Fatal(err)
	}
	d, err := splitDoc(wide)
	if err != nil {
		t.Fatal(err)
	}
	if want := []byte{2, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0x80, 0x88, 0x08}; !bytes.Equal(d.bins[5], want) || headerStr(wide, "first_enc") != "runs16x4hc" {
		t.Fatalf("%s: runs %x, want %x", headerStr(wide, "first_enc"), d.bins[5], want)
	}
	bad, _ := splitDoc(p.withWord(3, 0x0068))
	if got := bad.bins[5][6:8]; !bytes.Equal(got, []byte{0x68, 0}) {
		t.Fatalf("run 3's word: %x", got)
	}
	if _, err := splitPacked(wide); err == nil {
		t.Error("a 16-bit table split as a 12-bit one")
	}
}
