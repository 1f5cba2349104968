package build

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/maps/mapstest"
	"github.com/pathtable/pathtable/table"
)

// levelOf wraps a test level as a loaded level, so that its tables carry
// an identity.
func levelOf(lv mapstest.Level) *maps.Level {
	return &maps.Level{Graph: lv.G, Name: lv.Name, Source: lv.Name, Format: maps.FormatJSON, Data: []byte(lv.Name)}
}

// TestPartsJoinIntoOneShot builds every test level in k parts, k = 1, 2, 3,
// 7 and more parts than rows, with other worker counts than the one-shot
// build, writes the parts to files, and joins them given in a shuffled
// order: the joined table's bytes are the one-shot table's, flat and
// run-length alike (with open-box wildcards where every cell costs 1), and
// the parts' reachable pairs add up to the table's.
func TestPartsJoinIntoOneShot(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	boxes := 0 // tables with open-box wildcards, whose parts carry them
	defer func() {
		if boxes == 0 && !t.Failed() {
			t.Error("no test level made a table with open-box wildcards")
		}
	}()
	for _, lv := range mapstest.SmallLevels(t) {
		lvl := levelOf(lv)
		for _, layout := range []table.Layout{table.LayoutFlat, table.LayoutRuns} {
			t.Run(fmt.Sprintf("%s/%s", lv.Name, layoutName(layout)), func(t *testing.T) {
				one, err := BuildLevel(context.Background(), lvl, Options{Workers: 1, Layout: layout})
				if err != nil {
					t.Fatal(err)
				}
				want := writeTable(t, one)
				if one.RunBoxes() {
					boxes++
				}
				dir := t.TempDir()
				for _, k := range []int{1, 2, 3, 7, lv.G.Nodes() + 2} {
					names := make([]string, k)
					heads := make([]*table.PartHeader, k)
					var reachable int64
					for i := range k {
						p, err := BuildPart(context.Background(), lvl, Options{Workers: 1 + i%3, Layout: layout}, i, k)
						if err != nil {
							t.Fatalf("part %d of %d: %v", i, k, err)
						}
						reachable += p.ReachablePairs()
						names[i] = filepath.Join(dir, fmt.Sprintf("%d-of-%d.ptpart", i, k))
						if err := writePart(names[i], p); err != nil {
							t.Fatal(err)
						}
					}
					r.Shuffle(k, func(i, j int) { names[i], names[j] = names[j], names[i] })
					for i, name := range names {
						if heads[i], err = table.ReadPartHeader(name); err != nil {
							t.Fatal(err)
						}
					}
					set, err := table.CheckParts(names, heads)
					if err != nil {
						t.Fatalf("k=%d: %v", k, err)
					}
					joined, err := set.Join(context.Background())
					if err != nil {
						t.Fatalf("k=%d: %v", k, err)
					}
					if got := writeTable(t, joined); !bytes.Equal(got, want) {
						t.Fatalf("k=%d: the joined table (%d bytes) is not the one-shot table (%d bytes)", k, len(got), len(want))
					}
					if wantR := one.ReachablePairs(); reachable != wantR {
						t.Fatalf("k=%d: parts count %d reachable pairs, the table %d", k, reachable, wantR)
					}
				}
			})
		}
	}
}

func layoutName(l table.Layout) string {
	if l == table.LayoutFlat {
		return "flat"
	}
	return string(l)
}

func writeTable(t testing.TB, tab *table.Table) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, err := tab.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func writePart(path string, p *table.Part) error {
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// TestBuildPartRefuses checks the part numbers and layouts BuildPart
// refuses.
func TestBuildPartRefuses(t *testing.T) {
	lv := mapstest.SmallLevels(t)[0]
	lvl := levelOf(lv)
	cases := []struct {
		name          string
		opt           Options
		shard, shards int
		want          string
	}{
		{"no parts", Options{}, 0, 0, "1 to"},
		{"too many parts", Options{}, 0, table.MaxShards + 1, "1 to"},
		{"index past the count", Options{Layout: table.LayoutRuns}, 3, 3, "numbered 0 to 2"},
		{"negative index", Options{}, -1, 3, "numbered 0 to 2"},
		{"windowed", Options{Window: 2}, 0, 2, "not built in parts"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := BuildPart(context.Background(), lvl, c.opt, c.shard, c.shards)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one containing %q", err, c.want)
			}
		})
	}
}
