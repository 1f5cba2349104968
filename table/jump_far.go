package table

// JumpFar returns the slot of J from a node of moves s toward a target
// more than one step away in sector sec (JumpSector), or NoMove where s
// has no jump set (a node without moves, or a table without J): JumpSlot
// without the one-step test, for a walker that has made it already. O(1),
// one load from a table of 4 KiB.
func (s *SymbolDirs) JumpFar(sec int) uint8 {
	if s.Jump == 0 {
		return NoMove
	}
	c := jumpFirst[s.Jump][sec&15] & 7 // Jump is not empty
	return uint8(s.Slot >> (4 * c) & 0xF)
}
