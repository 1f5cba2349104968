package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/pathtable/pathtable/internal/bytesize"
	"github.com/pathtable/pathtable/table"
)

// tableInfo is what info prints.
type tableInfo struct {
	File          string `json:"file"`
	FormatVersion int    `json:"format_version"`
	Kind          string `json:"kind"`
	Nodes         int    `json:"nodes"`
	Edges         int    `json:"edges"`
	Width         int    `json:"width,omitempty"`
	Height        int    `json:"height,omitempty"`
	Model         string `json:"model"`
	Connect       int    `json:"connect,omitempty"`
	Diagonal      string `json:"diagonal,omitempty"`
	Clearance     int    `json:"clearance,omitempty"` // the agent's side in cells, on grids (1: one cell)
	Metric        string `json:"metric"`
	DistKind      string `json:"dist_encoding"`
	FirstEnc      string `json:"first_encoding"`
	Source        string `json:"source"`
	SourceFormat  string `json:"source_format"`
	InputHash     string `json:"input_hash"`
	Pairs         int64  `json:"pairs"`
	Reachable     int64  `json:"reachable_pairs"`
	FileBytes     int64  `json:"file_bytes"`
	FirstBytes    int64  `json:"first_bytes"`
	DistBytes     int64  `json:"dist_bytes"`
	// What the layout adds (table.Description): its name and file bytes
	// per node; a windowed table's DELTA and the size of what it covers
	// (pairs and reachable_pairs then count covered pairs).
	Layout              string  `json:"layout,omitempty"`
	Window              int     `json:"window,omitempty"`
	BytesPerNode        float64 `json:"bytes_per_node,omitempty"`
	BytesPerCoveredPair float64 `json:"bytes_per_covered_pair,omitempty"`
	// A run-length table's run count and the bytes per node of its
	// first-move payloads (runs, rows and order).
	Runs              int     `json:"runs,omitempty"`
	FirstBytesPerNode float64 `json:"first_bytes_per_node,omitempty"`
}

func runInfo(ctx context.Context, args []string) error {
	fs := newFlagSet("info", "[-json] [-max-memory SIZE] TABLE")
	memoryFlag(fs)
	jsonOut := fs.Bool("json", false, "print one JSON object")
	if err := parseArgs(fs, args, 1, "info needs TABLE"); err != nil {
		return err
	}
	path := fs.Arg(0)
	t, err := table.Open(path)
	if err != nil {
		return tableMemoryHint(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	d := t.Describe(st.Size())
	in := tableInfo{
		File: path, FormatVersion: t.FormatVersion(), Kind: string(t.Kind),
		Nodes: t.Nodes, Edges: t.Edges, Width: t.Width, Height: t.Height,
		Model: t.Model, Connect: t.Connect, Diagonal: t.Diagonal, Metric: t.Metric,
		DistKind: string(t.DistKind), FirstEnc: t.FirstEnc,
		Source: t.Source, SourceFormat: t.Format, InputHash: t.InputHash,
		Pairs: t.CoveredPairs(), Reachable: t.ReachablePairs(),
		FileBytes: st.Size(), Layout: string(d.Layout), Window: d.Window,
		BytesPerNode: d.BytesPerNode, BytesPerCoveredPair: d.BytesPerCoveredPair,
		Runs: d.Runs, FirstBytesPerNode: d.FirstBytesPerNode,
	}
	if t.Kind == table.KindGrid {
		in.Clearance = t.Agent()
	}
	in.FirstBytes, in.DistBytes = t.PayloadBytes()
	if *jsonOut {
		b, _ := json.Marshal(in)
		fmt.Fprintf(stdout, "%s\n", b)
		return nil
	}
	geometry := "graph"
	if t.Kind == table.KindGrid {
		geometry = fmt.Sprintf("grid %dx%d", t.Width, t.Height)
	}
	fmt.Fprintf(stdout, "file:      %s (format version %d)\n", path, in.FormatVersion)
	fmt.Fprintf(stdout, "level:     %s (%s), %s\n", in.Source, in.SourceFormat, geometry)
	fmt.Fprintf(stdout, "model:     %s; costs %s\n", in.Model, in.Metric)
	if k := in.Clearance; k > 1 {
		fmt.Fprintf(stdout, "agent:     %dx%d cells (clearance %d): a node is a cell x,y whose footprint x..x+%d, y..y+%d is passable\n", k, k, k, k-1, k-1)
	}
	fmt.Fprintf(stdout, "nodes:     %d, edges %d\n", in.Nodes, in.Edges)
	for _, l := range d.Lines { // the layout's: pairs or coverage, and what it stores
		fmt.Fprintf(stdout, "%-10s %s\n", l.Label+":", l.Text)
	}
	fmt.Fprintf(stdout, "encoding:  first moves %s, distances %s\n", in.FirstEnc, in.DistKind)
	fmt.Fprintf(stdout, "size:      %s (first moves %s, distances %s)\n", bytesize.Format(in.FileBytes), bytesize.Format(in.FirstBytes), bytesize.Format(in.DistBytes))
	fmt.Fprintf(stdout, "input:     sha256 %s\n", in.InputHash)
	return nil
}
