package table

import (
	"hash/crc32"
	"math/rand/v2"
	"testing"
)

func TestCRC32CCombine(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 6))
	data := make([]byte, 1<<16+77)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	cuts := []struct{ a, b int }{
		{0, 0}, {0, 1}, {1, 0}, {1, 1}, {5, 3}, {4096, 4096}, {1, 1 << 16}, {1 << 16, 77}, {3000, 0}, {0, 3000},
	}
	for range 20 {
		a := r.IntN(len(data))
		cuts = append(cuts, struct{ a, b int }{a, r.IntN(len(data) - a + 1)})
	}
	for _, c := range cuts {
		a, b := data[:c.a], data[c.a:c.a+c.b]
		want := crc32.Checksum(data[:c.a+c.b], castagnoli)
		got := crc32cCombine(crc32.Checksum(a, castagnoli), crc32.Checksum(b, castagnoli), int64(len(b)))
		if got != want {
			t.Errorf("combine of %d and %d bytes = %08x, want %08x", c.a, c.b, got, want)
		}
	}
	// Many pieces folded left to right, as the parallel writer folds chunks.
	sum, off := crc32.Checksum(nil, castagnoli), 0
	for off < len(data) {
		n := min(r.IntN(5000), len(data)-off)
		sum = crc32cCombine(sum, crc32.Checksum(data[off:off+n], castagnoli), int64(n))
		off += n
	}
	if want := crc32.Checksum(data, castagnoli); sum != want {
		t.Errorf("folded combine = %08x, want %08x", sum, want)
	}
}

// TestCRC32CCombineLong checks lengths past 32 bits, which only the
// power table reaches, against appending zero bytes: the CRC register
// after lenB zeros is what combine multiplies by.
func TestCRC32CCombineLong(t *testing.T) {
	zeros := make([]byte, 1<<20)
	a := crc32.Checksum([]byte("pathtable"), castagnoli)
	// CRC of A followed by n zero bytes, by streaming.
	stream := func(n int) uint32 {
		h := crc32.New(castagnoli)
		h.Write([]byte("pathtable"))
		for n > 0 {
			k := min(n, len(zeros))
			h.Write(zeros[:k])
			n -= k
		}
		return h.Sum32()
	}
	for _, n := range []int{1, 7, 1 << 20, 3<<20 + 5} {
		if got, want := crc32cCombine(a, crc32.Checksum(make([]byte, n), castagnoli), int64(n)), stream(n); got != want {
			t.Errorf("%d zeros: %08x, want %08x", n, got, want)
		}
	}
	// x^(8n) for n = 2^33 equals squaring x^(2^35) from the table.
	if got, want := xPow8nModP(1<<33), x2nModP[36]; got != want {
		t.Errorf("x^(8·2^33) = %08x, want %08x", got, want)
	}
}

func BenchmarkCRC32CCombine(b *testing.B) {
	b.ReportAllocs()
	var s uint32
	for b.Loop() {
		s = crc32cCombine(s, 0x12345678, 1<<20)
	}
	_ = s
}
