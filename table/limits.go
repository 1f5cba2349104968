package table

import "fmt"

// MaxPayload is the most bytes one payload may take: a msgpack bin32
// stores its length in 32 bits.
const MaxPayload = 1<<32 - 1

// MaxNodes is the most nodes any table holds: n² first moves and 2n²
// bytes of the narrowest distances must each fit in one bin. Wider
// distances lower it (see checkPayloads). It also keeps n² far from
// overflowing and node indices within int32.
const MaxNodes = 46340

// checkPayloads refuses a table whose first-move or distance payload would
// not fit in a msgpack bin: n² ≤ MaxPayload and n²·width ≤ MaxPayload,
// which allows at most 46,340 nodes with 2-byte distances, 32,767 with
// 4-byte and 23,170 with 8-byte ones. O(1).
func checkPayloads(nodes, width int) error {
	if nodes < 0 || nodes > MaxNodes {
		return fmt.Errorf("%d nodes: a table holds at most %d", nodes, MaxNodes)
	}
	n := int64(nodes)
	if d := n * n * int64(width); d > MaxPayload {
		return fmt.Errorf("%d nodes with %d-byte distances take %d bytes of distances, over the %d bytes (4 GiB - 1) a table payload holds; at most %d nodes fit",
			nodes, width, d, int64(MaxPayload), maxNodesFor(width))
	}
	return nil
}

// maxNodesFor is the most nodes whose n²·width distances fit in a payload.
func maxNodesFor(width int) int {
	n := MaxNodes
	for int64(n)*int64(n)*int64(width) > MaxPayload {
		n--
	}
	return n
}
