package table

// crc32cCombine returns the CRC-32C of a concatenation A‖B from crcA, the
// CRC-32C of A, crcB, that of B, and lenB, B's length in bytes, without
// reading A or B: the CRCs of chunks summed on several cores fold into
// the CRC of the whole (hash/crc32 has no combine). It is zlib's
// crc32_combine with the Castagnoli polynomial: shifting crcA by lenB
// zero bytes is a multiplication by x^(8·lenB) modulo the polynomial,
// and the pre- and post-inversions cancel. Cost: O(log lenB)
// carry-less 32-bit multiplications, about a microsecond.
func crc32cCombine(crcA, crcB uint32, lenB int64) uint32 {
	return multModP(xPow8nModP(lenB), crcA) ^ crcB
}

// castagnoliReflected is the Castagnoli polynomial, bit-reversed as
// hash/crc32 uses it.
const castagnoliReflected = 0x82f63b78

// multModP returns a(x)·b(x) modulo the Castagnoli polynomial, in the
// reflected bit order (x^0 is the top bit). At most 32 steps.
func multModP(a, b uint32) uint32 {
	m := uint32(1) << 31
	var p uint32
	for a != 0 {
		if a&m != 0 {
			p ^= b
			a &^= m
		}
		m >>= 1
		if b&1 != 0 {
			b = b>>1 ^ castagnoliReflected
		} else {
			b >>= 1
		}
	}
	return p
}

// x2nModP[k] is x^(2^k) modulo the Castagnoli polynomial, reflected.
var x2nModP = func() (t [64]uint32) {
	p := uint32(1) << 30 // x^1
	for k := range t {
		t[k] = p
		p = multModP(p, p)
	}
	return t
}()

// xPow8nModP returns x^(8n) modulo the Castagnoli polynomial, reflected:
// the factor that appends n zero bytes to a CRC's register. O(log n).
func xPow8nModP(n int64) uint32 {
	p := uint32(1) << 31 // x^0
	for k := 3; n > 0; k++ {
		if n&1 != 0 {
			p = multModP(x2nModP[k], p)
		}
		n >>= 1
	}
	return p
}
