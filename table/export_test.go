package table

// SetPayloads replaces t's payloads, for tests that encode tables whose
// payload lengths disagree with their header.
func SetPayloads(t *Table, first, dist []byte) { t.first, t.dist = first, dist }
