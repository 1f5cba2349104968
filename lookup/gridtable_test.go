package lookup

import (
	"context"
	"testing"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// gridTable parses text as the .grid level name with mo and builds its
// table with bo, failing t on any error.
func gridTable(t *testing.T, name, text string, mo maps.Options, bo build.Options) *table.Table {
	t.Helper()
	g, err := maps.ParseFormat(maps.FormatGrid, name, []byte(text), mo)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := build.Build(context.Background(), g, bo)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}
