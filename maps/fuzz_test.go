package maps

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// addSeeds seeds f with the ../testdata files whose names end in ext and
// with each of texts.
func addSeeds(f *testing.F, ext string, texts ...string) {
	for _, s := range texts {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "*"+ext))
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// checkParsed is what every fuzz target asserts: an error is a one-line
// *ParseError; a graph is consistent.
func checkParsed(t *testing.T, g *Graph, err error) {
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("error %T is not a *ParseError: %v", err, err)
		}
		if g != nil {
			t.Fatalf("graph and error: %v", err)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Fatalf("error spans lines: %q", err)
		}
		return
	}
	if err := consistent(g); err != nil {
		t.Fatal(err)
	}
}

func FuzzMovingAI(f *testing.F) {
	addSeeds(f, ".map",
		tinyMap,
		strings.ReplaceAll(tinyMap, "\n", "\r\n"),
		"type octile\nheight 1\nwidth 1\nmap\n.",
		"type octile\nwidth 2\nheight 2\nmap\n.@\n@.\n\n",
		"type octile\nheight 2\nwidth 2\nmap\n..\n\n..\n",
		"type octile\nheight 32768\nwidth 512\nmap\n",
		"",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, mv := range []Moves{DefaultMoves, {4, Diagonal1014}} {
			g, err := parseMovingAI("f.map", data, mv)
			checkParsed(t, g, err)
		}
	})
}

func FuzzGrid(f *testing.F) {
	addSeeds(f, ".grid",
		"; c\n.3#\n9.1\n",
		"..\r\n#.\r\n",
		"1\n",
		"#",
		"..\n\n..\n",
		"\n\n;\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, mv := range []Moves{DefaultMoves, {8, Diagonal1014}, {4, DiagonalSqrt2}} {
			g, err := parseGrid("f.grid", data, mv)
			checkParsed(t, g, err)
		}
	})
}

func FuzzDIMACS(f *testing.F) {
	addSeeds(f, ".gr",
		"p sp 2 3\na 1 2 5\na 1 2 3\na 2 2 1\n",
		"p sp 0 0\n",
		"c\r\np sp 2 1\r\na 2 1 2147483647\r\n",
		"p sp 2 1\na 1 2 -1\n",
		"a 1 2 3\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := parseDIMACS("f.gr", data)
		checkParsed(t, g, err)
		if err == nil && g.Metric != MetricInt {
			t.Fatalf("metric %v", g.Metric)
		}
	})
}

func FuzzJSON(f *testing.F) {
	addSeeds(f, ".json",
		`{"nodes": [], "edges": []}`,
		`{"nodes": [{"id": "a", "x": 1, "y": 2}, {"id": "b", "x": 0, "y": 0}], "edges": [{"from": "a", "to": "b", "cost": 1.5}, {"from": "b", "to": "a", "cost": 0.5}]}`,
		`{"directed": true, "nodes": [{"id": "a"}], "edges": [{"from": "a", "to": "a", "cost": -0}]}`,
		`{"nodes": [{"id": "a"}, {"id": "a"}]}`,
		`{"nodes": [{"id": "a"}], "edges": [{"from": "a", "to": "b", "cost": 1e999}]}`,
		`{"nodes": [{"id": "a", "z": {"q": [[[]]]}}]}`,
		`{"nodes": [}`,
		`[`,
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := parseJSON("f.json", data)
		checkParsed(t, g, err)
	})
}
