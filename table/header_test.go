package table_test

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// rbHeaderEntry is one key and its raw msgpack value.
type rbHeaderEntry struct {
	key   []byte // raw msgpack key
	value []byte // raw msgpack value
}

// rbHeaderEntries takes a header bin apart into its entries, in order.
func rbHeaderEntries(t *testing.T, b []byte) []rbHeaderEntry {
	t.Helper()
	dec := msgpack.NewDecoder(bytes.NewReader(b))
	n, err := dec.DecodeMapLen()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]rbHeaderEntry, n)
	for i := range out {
		if out[i].key, err = dec.DecodeRaw(); err != nil {
			t.Fatal(err)
		}
		if out[i].value, err = dec.DecodeRaw(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// rbHeaderBin assembles a header bin (a map16) of entries.
func rbHeaderBin(entries []rbHeaderEntry) []byte {
	b := []byte{0xde, byte(len(entries) >> 8), byte(len(entries))}
	for _, e := range entries {
		b = append(append(b, e.key...), e.value...)
	}
	return b
}

// rbRaw encodes v as msgpack.
func rbRaw(t *testing.T, v any) []byte {
	t.Helper()
	b, err := msgpack.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHeaderRules: docs/FORMAT.md's rules for the header's msgpack, which
// the header's own reader follows (issue 20, item 7): a str field is str,
// an integer field a msgpack integer >= 0, names an array of str or nil, a
// known key once; a key of any other type or name is skipped. And what the
// header's fields must say: graphs have no grid fields, grids a known
// diagonal, the metric one of three and held by the distance encoding.
func TestHeaderRules(t *testing.T) {
	grid := rbBuildLevel(t, maps.FormatGrid, "...\n.#.\n..3\n", maps.Options{})
	graph := rbBuildLevel(t, maps.FormatJSON, `{"nodes": [{"id": "a"}, {"id": "b"}], "edges": [{"from": "a", "to": "b", "cost": 2}]}`, maps.Options{})
	// with returns tab's document with the value of a key given as a
	// string replaced by raw (nil: removed), or appended when the key is
	// new; a key given as raw msgpack is appended with its value.
	with := func(tab *table.Table, edits ...[2]any) []byte {
		p := rbSplitDoc(t, rbEncode(t, tab))
		entries := rbHeaderEntries(t, p.bins[0])
		for _, e := range edits {
			raw, _ := e[1].([]byte)
			key, appended := e[0].([]byte)
			if appended {
				entries = append(entries, rbHeaderEntry{key, raw})
				continue
			}
			key = rbRaw(t, e[0].(string))
			found := false
			for i := range entries {
				if bytes.Equal(entries[i].key, key) {
					found = true
					if raw == nil {
						entries = append(entries[:i], entries[i+1:]...)
					} else {
						entries[i].value = raw
					}
					break
				}
			}
			if !found {
				entries = append(entries, rbHeaderEntry{key, raw})
			}
		}
		bins := append([][]byte{rbHeaderBin(entries)}, p.bins[1:]...)
		return rbRawDoc(table.Magic, p.version, bins)
	}
	agent := rbBuildLevel(t, maps.FormatGrid, "...#\n..2.\n....\n", maps.Options{Clearance: 2})
	nilv := []byte{0xc0}
	for name, c := range map[string]struct {
		data []byte
		ok   bool
	}{
		"unchanged":              {with(grid), true},
		"integer key skipped":    {with(grid, [2]any{rbRaw(t, 7), rbRaw(t, "x")}), true},
		"unknown key skipped":    {with(grid, [2]any{"future", rbRaw(t, map[string]any{"a": []any{1.5, true, nil}})}), true},
		"uint64 nodes":           {with(grid, [2]any{"nodes", []byte{0xcf, 0, 0, 0, 0, 0, 0, 0, byte(grid.Nodes)}}), true},
		"int8 nodes":             {with(grid, [2]any{"nodes", []byte{0xd0, byte(grid.Nodes)}}), true},
		"str8 kind":              {with(grid, [2]any{"kind", []byte{0xd9, 4, 'g', 'r', 'i', 'd'}}), true},
		"missing width":          {with(grid, [2]any{"width", nil}), false},
		"nil kind":               {with(grid, [2]any{"kind", nilv}), false},
		"bin kind":               {with(grid, [2]any{"kind", []byte{0xc4, 4, 'g', 'r', 'i', 'd'}}), false},
		"nil nodes":              {with(grid, [2]any{"nodes", nilv}), false},
		"float nodes":            {with(grid, [2]any{"nodes", rbRaw(t, float64(grid.Nodes))}), false},
		"negative connect":       {with(grid, [2]any{"connect", rbRaw(t, -8)}), false},
		"key twice":              {with(grid, [2]any{rbRaw(t, "nodes"), rbRaw(t, grid.Nodes)}), false},
		"unknown key twice":      {with(grid, [2]any{rbRaw(t, "future"), nilv}, [2]any{rbRaw(t, "future"), nilv}), true},
		"unknown diagonal":       {with(grid, [2]any{"diagonal", rbRaw(t, "sqrt3")}), false},
		"unknown metric":         {with(grid, [2]any{"metric", rbRaw(t, "manhattan")}), false},
		"metric wider than dist": {with(grid, [2]any{"metric", rbRaw(t, "float")}), false},
		"names of a graph":       {with(graph), true},
		"names bin":              {with(graph, [2]any{"names", []byte{0xc4, 2, 'a', 'b'}}), false},
		"names of ints":          {with(graph, [2]any{"names", rbRaw(t, []int{1, 2})}), false},
		"graph width":            {with(graph, [2]any{"width", rbRaw(t, 3)}), false},
		"graph negative height":  {with(graph, [2]any{"height", rbRaw(t, -1)}), false},
		"graph connect":          {with(graph, [2]any{"connect", rbRaw(t, 8)}), false},
		"agent of 2x2":           {with(agent), true},
		"agent as big as grid":   {with(agent, [2]any{"clearance", rbRaw(t, 3)}), true},
		"agent of 1x1 written":   {with(agent, [2]any{"clearance", rbRaw(t, 1)}), false},
		"agent larger than grid": {with(agent, [2]any{"clearance", rbRaw(t, 4)}), false},
		"negative clearance":     {with(agent, [2]any{"clearance", rbRaw(t, -2)}), false},
		"str clearance":          {with(agent, [2]any{"clearance", rbRaw(t, "2")}), false},
		"graph clearance":        {with(graph, [2]any{"clearance", rbRaw(t, 2)}), false},
	} {
		_, err := table.Decode(c.data)
		if (err == nil) != c.ok || err != nil && !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("%s: %v, want ok %v", name, err, c.ok)
		}
		rbReadTableEverywhere(t, c.data, false)
	}
	if agent.Clearance != 2 || agent.Agent() != 2 || grid.Clearance != 0 || grid.Agent() != 1 {
		t.Errorf("clearance %d (agent %d) and %d (agent %d), want 2 and 0 (1)", agent.Clearance, agent.Agent(), grid.Clearance, grid.Agent())
	}
	if tab, err := table.Decode(with(agent)); err != nil || tab.Clearance != 2 {
		t.Errorf("decoded clearance: %v, %v", tab, err)
	}
	if bytes.Contains(rbEncode(t, grid), []byte("clearance")) {
		t.Error("a one-cell agent's header names a clearance")
	}
}

// TestCostsFitMetric: an edge cost that is not what the header's metric
// says (not an integer on an "int" level, neither k nor k·√2 on an
// "octile" one) is corrupt, so that a walked distance adds costs exactly
// and every reader the same way.
func TestCostsFitMetric(t *testing.T) {
	octile := rbBuildLevel(t, maps.FormatGrid, "...\n.#.\n...\n", maps.Options{})
	ints := rbBuildLevel(t, maps.FormatGrid, "...\n.#.\n...\n", maps.Options{Moves: maps.Moves{Connect: 8, Diagonal: maps.Diagonal1014}})
	for name, c := range map[string]struct {
		t *table.Table
		w float64
	}{
		"octile 1.5":       {octile, 1.5},
		"octile sqrt2+1e9": {octile, math.Sqrt2 + 1e-9},
		"int 10.5":         {ints, 10.5},
	} {
		tab := *c.t
		tab.Weights = append([]float64(nil), c.t.Weights...)
		tab.Weights[0] = c.w
		if _, err := table.Decode(rbEncodeGraph(t, &tab)); !errors.Is(err, table.ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
}
