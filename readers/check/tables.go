package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// spec is one table the cross-check builds: NAME (the file's base name)
// of LEVEL with the build flags; sample > 0 asks that many sampled pairs
// instead of all pairs.
type spec struct {
	name, level string
	flags       []string
	sample      int
}

// maxFlatNodes bounds the shared maps built flat (n² entries).
const maxFlatNodes = 3000

// sharedSample is how many pairs each table of a shared map is asked.
const sharedSample = 2000

// levelSpecs lists the tables of the former examples/c/check.sh: every level of
// testdata/ and examples/ flat and run-length; the grids also windowed,
// with the integer 10/14 model and 4-connected, and written with
// -graph-bins (formats 1 and 2) beside format 3.
func levelSpecs(root string) ([]spec, error) {
	f := strings.Fields
	specs := []spec{
		{"tiny", "examples/tiny.grid", nil, 0},
		{"tiny.runs", "examples/tiny.grid", f("-compress"), 0},
		{"tiny.win", "examples/tiny.grid", f("-window 1"), 0},
		{"tiny.g", "examples/tiny.grid", f("-graph-bins"), 0},
		{"tiny.g.runs", "examples/tiny.grid", f("-compress -graph-bins"), 0},
		{"tiny.g.win", "examples/tiny.grid", f("-window 1 -graph-bins"), 0},
		// FORMAT.md's worked example of open-box wildcards, whose cells all cost 1.
		{"tiny-box", "examples/tiny-box.grid", nil, 0},
		{"tiny-box.runs", "examples/tiny-box.grid", f("-compress"), 0},
		{"tiny-box.4.runs", "examples/tiny-box.grid", f("-compress -connect 4"), 0},
		{"tiny-box.1014.runs", "examples/tiny-box.grid", f("-compress -diagonal 10/14"), 0},
		// A layout no reader implements yet: each refuses it by name.
		{"tiny.hierarchy", "examples/tiny.grid", f("-hierarchy"), 0},
	}
	var levels []string
	for _, dir := range []string{"testdata", "examples/c/levels"} {
		ents, err := os.ReadDir(filepath.Join(root, dir))
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			levels = append(levels, dir+"/"+e.Name())
		}
	}
	sort.Strings(levels)
	for _, lv := range levels {
		b := filepath.Base(lv)
		switch {
		case strings.HasSuffix(b, ".map") || strings.HasSuffix(b, ".grid"):
			for _, v := range [][2]string{
				{"", ""}, {".1014", "-diagonal 10/14"}, {".4", "-connect 4"},
				{".runs", "-compress"}, {".1014.runs", "-compress -diagonal 10/14"}, {".4.runs", "-compress -connect 4"},
				{".win", "-window 2"}, {".1014.win", "-window 3 -diagonal 10/14"}, {".4.win", "-window 3 -connect 4"},
				{".g", "-graph-bins"}, {".1014.g", "-diagonal 10/14 -graph-bins"}, {".g.runs", "-compress -graph-bins"},
				{".4.g.win", "-window 3 -connect 4 -graph-bins"},
			} {
				specs = append(specs, spec{b + v[0], lv, f(v[1]), 0})
			}
		case b == "zero.json": // edges of cost 0: run-length tables refuse them
			specs = append(specs, spec{b, lv, nil, 0})
		case strings.HasSuffix(b, ".gr") || strings.HasSuffix(b, ".json"):
			specs = append(specs, spec{b, lv, nil, 0}, spec{b + ".runs", lv, f("-compress"), 0})
		}
	}
	return specs, nil
}

// sharedSpecs lists the tables of the shared maps: every map run-length,
// flat when it has fewer than maxFlatNodes nodes (nodes gives each map's
// count, from its run-length table), a couple windowed and in the other
// movement models.
func sharedSpecs(shared string, nodes map[string]int) []spec {
	f := strings.Fields
	var specs []spec
	for _, m := range sharedMaps(shared) {
		lv := filepath.Join(shared, "testmaps", m)
		if nodes == nil {
			specs = append(specs, spec{m + ".runs", lv, f("-compress"), sharedSample})
			continue
		}
		if nodes[m] < maxFlatNodes {
			specs = append(specs, spec{m, lv, f("-flat"), sharedSample})
		}
		switch m {
		case "den009d.map":
			specs = append(specs, spec{m + ".win", lv, f("-window 8"), sharedSample},
				spec{m + ".4.runs", lv, f("-compress -connect 4"), sharedSample})
		case "room-32-32-4.map":
			specs = append(specs, spec{m + ".win", lv, f("-window 5"), sharedSample},
				spec{m + ".1014.runs", lv, f("-compress -diagonal 10/14"), sharedSample})
		}
	}
	return specs
}

// sharedMaps lists the .map files of shared/testmaps.
func sharedMaps(shared string) []string {
	ents, err := os.ReadDir(filepath.Join(shared, "testmaps"))
	if err != nil {
		return nil
	}
	var maps []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".map") {
			maps = append(maps, e.Name())
		}
	}
	return maps
}

// buildTable builds s into dir with the CLI pt, and returns the table's path.
func buildTable(pt, root, dir string, s spec) (string, error) {
	out := filepath.Join(dir, s.name+".ptab")
	args := append(append([]string{"build", "-quiet"}, s.flags...), "-o", out, s.level)
	if err := command(root, pt, args...); err != nil {
		return "", fmt.Errorf("table %s: %v", s.name, err)
	}
	return out, nil
}

// workedExample is a worked example of docs/FORMAT.md: examples/FILE, a
// build of examples/LEVEL with flags, asked the queries of the table
// named queries.
type workedExample struct{ file, level, flags, queries string }

// workedExampleFiles are the worked examples: tiny.grid's in format 3 by
// default, formats 1 and 2 with -graph-bins; tiny-box.grid's with open-box
// wildcards.
var workedExampleFiles = []workedExample{
	{"tiny.ptab", "tiny.grid", "-graph-bins", "tiny"},
	{"tiny-runs.ptab", "tiny.grid", "-compress -graph-bins", "tiny"},
	{"tiny-v3.ptab", "tiny.grid", "", "tiny"},
	{"tiny-runs-v3.ptab", "tiny.grid", "-compress", "tiny"},
	{"tiny-box.ptab", "tiny-box.grid", "-compress", "tiny-box.runs"},
}

// workedExamples checks that the worked examples of docs/FORMAT.md are
// still what the builder writes.
func workedExamples(pt, root, dir string) []string {
	var failed []string
	for _, ex := range workedExampleFiles {
		out := filepath.Join(dir, "fresh-"+ex.file)
		args := append(append([]string{"build", "-quiet"}, strings.Fields(ex.flags)...), "-o", out, "examples/"+ex.level)
		if err := command(root, pt, args...); err != nil {
			failed = append(failed, err.Error())
			continue
		}
		fresh, err1 := os.ReadFile(out)
		want, err2 := os.ReadFile(filepath.Join(root, "examples", ex.file))
		if err1 != nil || err2 != nil || string(fresh) != string(want) {
			failed = append(failed, fmt.Sprintf("examples/%s differs from a fresh build %s of examples/%s: the format changed; rebuild it and update docs/FORMAT.md's worked example", ex.file, ex.flags, ex.level))
		}
	}
	return failed
}

// unsupportedLayouts maps the build flag of each layout the readers do
// not implement to the layout's name, which their refusal must give.
var unsupportedLayouts = map[string]string{"-hierarchy": "hierarchy"}
