package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestInfoRunsBytesPerNode checks that info reports a run-length table's
// first-move bytes per node, in text and JSON, as the payload bytes say.
func TestInfoRunsBytesPerNode(t *testing.T) {
	out := buildTestTable(t, "maze.grid", "-compress")
	code, js, errOut := runCLI(t, "", "info", "-json", out)
	if code != 0 {
		t.Fatalf("info -json: exit %d: %s", code, errOut)
	}
	var in tableInfo
	if err := json.Unmarshal([]byte(js), &in); err != nil {
		t.Fatal(err)
	}
	want := float64(in.FirstBytes) / float64(in.Nodes)
	if in.Runs == 0 || in.FirstBytes == 0 || in.FirstBytesPerNode != want {
		t.Errorf("runs %d, first bytes %d, first bytes per node %v; want %v", in.Runs, in.FirstBytes, in.FirstBytesPerNode, want)
	}
	if in.BytesPerNode != float64(in.FileBytes)/float64(in.Nodes) {
		t.Errorf("bytes per node %v, want the file's %v", in.BytesPerNode, float64(in.FileBytes)/float64(in.Nodes))
	}
	_, text, _ := runCLI(t, "", "info", out)
	if strings.Contains(text, " 0.0 bytes per node") || !strings.Contains(text, "bytes per node (runs, rows and order)") {
		t.Errorf("info text: %s", text)
	}
}
