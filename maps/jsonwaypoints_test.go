package maps

import (
	"math"
	"testing"
)

func TestJSON(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		names  []string
		edges  int
		metric Metric
		xy     bool
		want   map[[2]string]float64 // some edges and their costs; -1: no edge
	}{
		{
			name:  "undirected by default",
			in:    `{"nodes": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "edges": [{"from": "a", "to": "b", "cost": 1.5}, {"from": "c", "to": "b", "cost": 2}]}`,
			names: []string{"a", "b", "c"}, edges: 4, metric: MetricFloat,
			want: map[[2]string]float64{{"a", "b"}: 1.5, {"b", "a"}: 1.5, {"b", "c"}: 2, {"c", "b"}: 2, {"a", "c"}: -1},
		},
		{
			name:  "directed",
			in:    `{"directed": true, "nodes": [{"id": "a"}, {"id": "b"}], "edges": [{"from": "a", "to": "b", "cost": 3}]}`,
			names: []string{"a", "b"}, edges: 1, metric: MetricInt,
			want: map[[2]string]float64{{"a", "b"}: 3, {"b", "a"}: -1},
		},
		{
			name:  "directed false, null, fields in any order",
			in:    `{"edges": [{"cost": 3, "to": "a", "from": "b"}], "directed": null, "nodes": [{"x": null, "id": "a"}, {"id": "b"}]}`,
			names: []string{"a", "b"}, edges: 2, metric: MetricInt,
			want: map[[2]string]float64{{"a", "b"}: 3, {"b", "a"}: 3},
		},
		{
			name: "parallel edges keep the cheapest, self-loops dropped",
			in: `{"directed": true, "nodes": [{"id": "a"}, {"id": "b"}], "edges": [
				{"from": "a", "to": "b", "cost": 3}, {"from": "a", "to": "b", "cost": 2.5},
				{"from": "a", "to": "b", "cost": 4}, {"from": "a", "to": "a", "cost": 0}]}`,
			names: []string{"a", "b"}, edges: 1, metric: MetricFloat,
			want: map[[2]string]float64{{"a", "b"}: 2.5, {"a", "a"}: -1},
		},
		{
			name:  "undirected parallel edges in both directions",
			in:    `{"nodes": [{"id": "a"}, {"id": "b"}], "edges": [{"from": "a", "to": "b", "cost": 3}, {"from": "b", "to": "a", "cost": 1}]}`,
			names: []string{"a", "b"}, edges: 2, metric: MetricInt,
			want: map[[2]string]float64{{"a", "b"}: 1, {"b", "a"}: 1},
		},
		{
			name:  "coordinates, integral costs, -0",
			in:    `{"nodes": [{"id": "p", "x": 1.5, "y": -2}, {"id": "q", "x": 0, "y": 1e2}], "edges": [{"from": "p", "to": "q", "cost": -0}, {"from": "q", "to": "p", "cost": 2.0}]}`,
			names: []string{"p", "q"}, edges: 2, metric: MetricInt, xy: true,
			want: map[[2]string]float64{{"p", "q"}: 0, {"q", "p"}: 0},
		},
		{
			name:  "big integral cost is float",
			in:    `{"nodes": [{"id": "a"}, {"id": "b"}], "edges": [{"from": "a", "to": "b", "cost": 2147483648}]}`,
			names: []string{"a", "b"}, edges: 2, metric: MetricFloat,
		},
		{
			name:  "no edges field",
			in:    "\xef\xbb\xbf{\"nodes\": [{\"id\": \"a\"}]}\n\n",
			names: []string{"a"}, edges: 0, metric: MetricInt,
		},
		{
			name:  "no nodes",
			in:    `{"nodes": [], "edges": []}`,
			names: []string{}, edges: 0, metric: MetricInt,
		},
		{
			name:  "null lists",
			in:    `{"nodes": null, "edges": null}`,
			names: []string{}, edges: 0, metric: MetricInt,
		},
		{
			name:  "unicode ids",
			in:    `{"nodes": [{"id": "K\u00f6ln"}, {"id": "東京"}], "edges": [{"from": "Köln", "to": "東京", "cost": 9}]}`,
			names: []string{"Köln", "東京"}, edges: 2, metric: MetricInt,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := parseJSON("t.json", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if err := consistent(g); err != nil {
				t.Fatal(err)
			}
			if g.Names == nil || len(g.Names) != len(tc.names) {
				t.Fatalf("names %q, want %q", g.Names, tc.names)
			}
			for i, s := range tc.names {
				if g.Names[i] != s {
					t.Errorf("name %d = %q, want %q", i, g.Names[i], s)
				}
			}
			if g.Edges() != tc.edges || g.Metric != tc.metric || (g.X != nil) != tc.xy || g.Grid != nil {
				t.Errorf("%d edges, metric %v, coordinates %v; want %d, %v, %v", g.Edges(), g.Metric, g.X != nil, tc.edges, tc.metric, tc.xy)
			}
			for e, want := range tc.want {
				if got := edgeCost(g, nodeByName(g, e[0]), nodeByName(g, e[1])); got != want || math.Signbit(got) != math.Signbit(want) {
					t.Errorf("edge %s->%s costs %v, want %v", e[0], e[1], got, want)
				}
			}
		})
	}
}

func TestJSONCoordinates(t *testing.T) {
	g, err := parseJSON("t.json", []byte(`{"nodes": [{"id": "p", "x": 1.5, "y": -2}, {"id": "q", "x": 0, "y": 1e2}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if g.X[0] != 1.5 || g.Y[0] != -2 || g.X[1] != 0 || g.Y[1] != 100 {
		t.Errorf("coordinates %v %v", g.X, g.Y)
	}
}

func TestJSONErrors(t *testing.T) {
	const ab = `"nodes": [{"id": "a"}, {"id": "b"}]`
	tests := []errCase{
		{"empty", "", nil, []string{"j.json:1:1:", "JSON syntax", "unexpected end"}},
		{"spaces", "  \n ", nil, []string{"j.json:2:1:", "unexpected end"}},
		{"not an object", `[1]`, nil, []string{"j.json:1:1:", "want an object at the top level, got an array"}},
		{"syntax error", "{\"nodes\": [\n  {\"id\": \"a\"},\n  {\"id\": x}\n]}", nil, []string{"j.json:3:10: nodes[1].id: JSON syntax: invalid character 'x'"}},
		{"trailing comma", "{\"nodes\": [{\"id\": \"a\"},]}", nil, []string{"j.json:1:24: nodes[1]:", "invalid character ']'"}},
		{"unterminated", `{"nodes": [{"id": "a"}`, nil, []string{"j.json:1:", "nodes", "unexpected end"}},
		{"unterminated after key", `{"nodes"`, nil, []string{"j.json:1:", "unexpected end"}},
		{"trailing data", `{"nodes": []} {}`, nil, []string{"j.json:1:15:", "after the top-level object"}},
		{"trailing garbage", `{"nodes": []} x`, nil, []string{"j.json:1:15:", "invalid character 'x'"}},
		{"missing nodes", `{"edges": []}`, nil, []string{"j.json: nodes: missing field"}},
		{"unknown field", `{"nodes": [], "colour": "red"}`, nil, []string{"j.json:1:15: colour: unknown field \"colour\""}},
		{"case matters", `{"Nodes": []}`, nil, []string{"j.json:1:2: Nodes: unknown field"}},
		{"newline in a key", `{"a\nb": 1}`, nil, []string{`j.json:1:2: "a\nb": unknown field "a\nb"`}},
		{"space in a node key", `{"nodes": [{"id": "a", "x y": 1}]}`, nil, []string{`nodes[0]."x y": unknown field`}},
		{"repeated field", `{"nodes": [], "nodes": []}`, nil, []string{"j.json:1:15: nodes: repeated field"}},
		{"directed not bool", `{"directed": "yes", "nodes": []}`, nil, []string{"j.json:1:14: directed: want a boolean, got a string"}},
		{"nodes not a list", `{"nodes": {"a": 1}}`, nil, []string{"j.json:1:11: nodes: want an array"}},
		{"node not an object", `{"nodes": ["a"]}`, nil, []string{"j.json:1:12: nodes[0]: want an object, got a string"}},
		{"unknown node field", `{"nodes": [{"id": "a", "z": 1}]}`, nil, []string{"j.json:1:29: nodes[0].z: unknown field \"z\""}},
		{"unknown node field with object", `{"nodes": [{"id": "a", "z": {"deep": [1]}}]}`, nil, []string{"nodes[0].z: unknown field"}},
		{"repeated node field", `{"nodes": [{"id": "a", "id": "b"}]}`, nil, []string{"j.json:1:24: nodes[0].id: repeated field"}},
		{"missing id", `{"nodes": [{"id": "a"}, {"x": 1, "y": 2}]}`, nil, []string{"j.json:1:25: nodes[1].id: missing id"}},
		{"numeric id", `{"nodes": [{"id": 1}]}`, nil, []string{"j.json:1:19: nodes[0].id: want a string, got a number"}},
		{"null id", `{"nodes": [{"id": null}]}`, nil, []string{"nodes[0].id: want a string, got null"}},
		{"empty id", `{"nodes": [{"id": ""}]}`, nil, []string{"nodes[0].id: empty node id"}},
		{"duplicate id", "{\"nodes\": [{\"id\": \"a\"},\n {\"id\": \"a\"}]}", ErrDuplicateID, []string{"j.json:2:9: nodes[1].id:", `"a"`, "nodes[0]"}},
		{"x without y", `{"nodes": [{"id": "a", "x": 1}]}`, nil, []string{"j.json:1:12: nodes[0].y:", `node "a"`, "missing y"}},
		{"y without x", `{"nodes": [{"id": "a", "y": 1}]}`, nil, []string{"nodes[0].x:", "missing x"}},
		{"some coordinates", `{"nodes": [{"id": "a", "x": 1, "y": 1}, {"id": "b"}]}`, nil, []string{"j.json:1:41: nodes[1]:", `node "b" has no coordinates but node "a"`}},
		{"late coordinates", `{"nodes": [{"id": "a"}, {"id": "b", "x": 1, "y": 1}]}`, nil, []string{"nodes[1]:", `node "b" has coordinates but not node "a"`}},
		{"coordinate string", `{"nodes": [{"id": "a", "x": "1", "y": 1}]}`, nil, []string{"nodes[0].x: want a number, got a string"}},
		{"coordinate overflow", `{"nodes": [{"id": "a", "x": 1e999, "y": 1}]}`, nil, []string{"nodes[0].x: coordinate 1e999 is out of range"}},
		{"edges not a list", `{` + ab + `, "edges": 1}`, nil, []string{"edges: want an array"}},
		{"edge not an object", `{` + ab + `, "edges": [[]]}`, nil, []string{"edges[0]: want an object, got an array"}},
		{"unknown edge field", `{` + ab + `, "edges": [{"from": "a", "to": "b", "cost": 1, "weight": 1}]}`, nil, []string{"edges[0].weight: unknown field"}},
		{"missing from", `{` + ab + `, "edges": [{"to": "b", "cost": 1}]}`, nil, []string{"edges[0].from: missing from"}},
		{"missing to", `{` + ab + `, "edges": [{"from": "b", "cost": 1}]}`, nil, []string{"edges[0].to: missing to"}},
		{"missing cost", "{" + ab + ",\n\"edges\": [{\"from\": \"a\", \"to\": \"b\"}]}", nil, []string{"j.json:2:11: edges[0].cost: missing cost"}},
		{"null cost", `{` + ab + `, "edges": [{"from": "a", "to": "b", "cost": null}]}`, nil, []string{"edges[0].cost: want a number, got null"}},
		{"string cost", `{` + ab + `, "edges": [{"from": "a", "to": "b", "cost": "1"}]}`, nil, []string{"edges[0].cost: want a number, got a string"}},
		{"numeric from", `{` + ab + `, "edges": [{"from": 1, "to": "b", "cost": 1}]}`, nil, []string{"edges[0].from: want a node id"}},
		{"negative cost", "{" + ab + ",\n\"edges\": [{\"from\": \"a\", \"to\": \"b\", \"cost\": -1.5}]}", ErrNegativeCost, []string{"j.json:2:44: edges[0].cost:", "-1.5"}},
		{"huge cost", `{` + ab + `, "edges": [{"from": "a", "to": "b", "cost": 1e309}]}`, ErrBadCost, []string{"edges[0].cost:", "1e309"}},
		{"unknown from", `{` + ab + `, "edges": [{"from": "a", "to": "b", "cost": 1}, {"from": "c", "to": "b", "cost": 1}]}`, ErrUnknownNode, []string{"j.json:1:95: edges[1].from:", `"c"`}},
		{"unknown to", `{` + ab + `, "edges": [{"from": "a", "to": "zz", "cost": 1}]}`, ErrUnknownNode, []string{"edges[0].to:", `"zz"`}},
		{"edges before nodes still checked", `{"edges": [{"from": "a", "to": "q", "cost": 1}], ` + ab + `}`, ErrUnknownNode, []string{"j.json:1:32: edges[0].to:"}},
	}
	for _, tc := range tests {
		g, err := parseJSON("j.json", []byte(tc.in))
		checkErr(t, tc, g, err)
	}
}
