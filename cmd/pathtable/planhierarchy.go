package main

import (
	"fmt"

	"github.com/pathtable/pathtable/build"
	"github.com/pathtable/pathtable/internal/bytesize"
	"github.com/pathtable/pathtable/maps"
	"github.com/pathtable/pathtable/table"
)

// hierarchyPlan is plan's line for a hierarchy table of g: its estimate
// (build.EstimateHierarchy, a model of the level's size, not a sample),
// with the level's load added as for every layout. O(V + E).
func hierarchyPlan(g *maps.Graph, cfg planConfig) layoutPlan {
	lb := build.LayoutBuild{Name: layoutHierarchy, Options: build.Options{Layout: table.LayoutHierarchy}}
	est, err := build.EstimateHierarchy(g, build.Options{Workers: cfg.workers})
	if err == nil {
		// The model's peak is the process's, the level among it.
		est.BaseBytes = cfg.load.settled
		est.PeakLow, est.PeakHigh = est.PeakBytes, est.PeakBytes
		est.CPULow, est.CPUHigh = est.CPU, est.CPU
		est.BytesLow, est.BytesHigh = est.Bytes, est.Bytes
	}
	return layoutPlanOf(lb, est, err, cfg)
}

// hierarchyWhy is plan's reason for a hierarchy table, beside the
// run-length table's estimate where one fits (else nil).
func hierarchyWhy(hier, runs *layoutPlan) string {
	why := fmt.Sprintf("a hierarchy table holds all pairs exactly in about %s, built in about %s of CPU", bytesize.Format(hier.Bytes), formatDuration(seconds(hier.CPUSeconds)))
	if runs != nil {
		why += fmt.Sprintf(", where a run-length one takes about %s and %s of CPU (past %d nodes its bake grows with the square of the nodes)",
			bytesize.Format(runs.Bytes), formatDuration(seconds(runs.CPUSeconds)), hierarchyAbove)
	} else {
		why += " (no run-length table can hold the level)"
	}
	return why + "; Next pays a search of the hierarchy once a journey (a Route: about a millisecond on a million cells), then reads the path"
}
