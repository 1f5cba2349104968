package main

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/pathtable/pathtable/table"
)

// versionInfo is what version prints: where this binary came from and the
// file formats it reads and writes; with -json, as one object.
type versionInfo struct {
	Version      string `json:"version"`                // the module's: v1.2.3, a pseudo-version, or (devel)
	Go           string `json:"go"`                     // the toolchain that built it
	Platform     string `json:"platform"`               // GOOS/GOARCH
	Revision     string `json:"vcs_revision,omitempty"` // the commit it was built from, when stamped
	Time         string `json:"vcs_time,omitempty"`     // that commit's time
	Modified     bool   `json:"vcs_modified,omitempty"` // built from a work tree with changes
	TableFormats []int  `json:"table_formats"`          // table file versions read and written
	PartFormats  []int  `json:"part_formats"`           // part file (build -shard) versions read and written
}

func runVersion(ctx context.Context, args []string) error {
	fs := newFlagSet("version", "[-json]")
	jsonOut := fs.Bool("json", false, "print one JSON object")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("version takes no arguments, not %q", strings.Join(fs.Args(), " "))
	}
	v := readVersion(debug.ReadBuildInfo())
	if *jsonOut {
		b, _ := json.Marshal(v)
		fmt.Fprintf(stdout, "%s\n", b)
		return nil
	}
	fmt.Fprintf(stdout, "pathtable %s\n", v.Version)
	built := fmt.Sprintf("built with %s for %s", v.Go, v.Platform)
	if v.Revision != "" {
		built += fmt.Sprintf(" from commit %s", v.Revision)
		if v.Time != "" {
			built += " (" + v.Time + ")"
		}
		if v.Modified {
			built += " with local changes"
		}
	}
	fmt.Fprintln(stdout, built)
	fmt.Fprintf(stdout, "table files: format %d (flat) and %d (run-length, windowed), read and written\n", table.Version, table.VersionLayout)
	fmt.Fprintf(stdout, "part files (build -shard, merge): format %d, read and written\n", table.PartVersion)
	return nil
}

// readVersion gathers versionInfo from the binary's build information (ok
// false: none, as in a binary built without module support). O(settings).
func readVersion(bi *debug.BuildInfo, ok bool) versionInfo {
	v := versionInfo{
		Version:      "(unknown)",
		Go:           runtime.Version(),
		Platform:     runtime.GOOS + "/" + runtime.GOARCH,
		TableFormats: []int{table.Version, table.VersionLayout},
		PartFormats:  []int{table.PartVersion},
	}
	if !ok {
		return v
	}
	if bi.Main.Version != "" {
		v.Version = bi.Main.Version
	}
	if bi.GoVersion != "" {
		v.Go = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}
