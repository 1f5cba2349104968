package build_test

import (
	"fmt"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/maps"
)

// EstimateHierarchy says what a hierarchy table of a level would take,
// without contracting it: what plan shows beside the other layouts.
func ExampleEstimateHierarchy() {
	g, _ := maps.ParseFormat(maps.FormatGrid, "open.grid", []byte("....\n....\n....\n"), maps.Options{})
	est, err := build.EstimateHierarchy(g, build.Options{Workers: 2})
	fmt.Println(est.Options.Layout, est.Bytes > 0, err)
	// Output:
	// hierarchy true <nil>
}
