package mapstest

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/pathtable/pathtable/internal/sharedmaps"
	"github.com/pathtable/pathtable/maps"
)

// SharedMaps is where the Moving AI benchmark maps and their scenario files
// live beside a checkout (../shared/testmaps, in sharedmaps.Dir); not every
// checkout has them.
var SharedMaps = filepath.Join(sharedmaps.Dir, "testmaps")

// MovingAIMaps lists the Moving AI maps in SharedMaps, skipping tb when
// there are none.
func MovingAIMaps(tb testing.TB) []string {
	tb.Helper()
	paths, _ := filepath.Glob(filepath.Join(SharedMaps, "*.map"))
	if len(paths) == 0 {
		sharedmaps.Skip(tb, "no Moving AI maps in "+SharedMaps)
	}
	return paths
}

// LoadMovingAI loads a Moving AI map and its scenario file (path + ".scen"),
// skipping tb when the map is absent and failing it on any other error.
func LoadMovingAI(tb testing.TB, path string) (*maps.Graph, []maps.Scenario) {
	tb.Helper()
	lvl, err := maps.Load(path, maps.Options{})
	if errors.Is(err, fs.ErrNotExist) {
		sharedmaps.Skip(tb, fmt.Sprintf("no test map: %v", err))
	}
	if err != nil {
		tb.Fatal(err)
	}
	scen, err := maps.ReadScenarios(path + ".scen")
	if err != nil {
		tb.Fatal(err)
	}
	return lvl.Graph, scen
}
