package funclimit

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checked are the packages held to the limits, relative to this
// package's directory.
var checked = []string{"../../lookup", "../../table", "../../build"}

// allowed are functions over the limits that are let stand, by file and
// name ("lookup/overlay.go view.answer"): none since issue 36 split the
// last; an entry is a debt, and one that is no longer over fails.
var allowed = map[string]bool{}

// A measure is one function's size.
type measure struct {
	pos             token.Position
	name            string
	lines, branches int
}

func (m measure) over() bool { return m.lines > MaxLines || m.branches > MaxBranches }

func (m measure) String() string {
	return fmt.Sprintf("%s:%d: %s: %d lines, %d branches (at most %d and %d)", m.pos.Filename, m.pos.Line, m.name, m.lines, m.branches, MaxLines, MaxBranches)
}

// TestFunctionLimits names, with its file, line and counts, every function
// of the checked packages over MaxLines lines or MaxBranches branches that
// is not allowed, and every allowed one that no longer is.
func TestFunctionLimits(t *testing.T) {
	seen := map[string]bool{}
	for _, dir := range checked {
		measures, err := measureDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range measures {
			if !m.over() {
				continue
			}
			key := allowKey(m)
			if allowed[key] {
				seen[key] = true
				continue
			}
			t.Errorf("%v: split it along its stages", m)
		}
	}
	for key := range allowed {
		if !seen[key] {
			t.Errorf("%s is allowed over the limits but is not over them (or is gone): take it off the list", key)
		}
	}
}

// allowKey is m's key in allowed: its file, from the module's root, and
// its name.
func allowKey(m measure) string { return m.pos.Filename + " " + m.name }

// measureDir measures every function of the non-test Go files in dir.
func measureDir(dir string) ([]measure, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	var all []measure
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		ms, err := measureFile(name, src)
		if err != nil {
			return nil, err
		}
		all = append(all, ms...)
	}
	return all, nil
}

// measureFile measures the functions and methods declared in one file.
func measureFile(name string, src []byte) ([]measure, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	if ast.IsGenerated(f) {
		return nil, nil // generated tables are exempt
	}
	var ms []measure
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue // a declaration without a body is assembly's
		}
		start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
		start.Filename = strings.TrimPrefix(filepath.ToSlash(start.Filename), "../../")
		ms = append(ms, measure{pos: start, name: funcName(fd), lines: end.Line - start.Line + 1, branches: branches(fd.Body)})
	}
	return ms, nil
}

// branches counts the branches under n: if, for and range statements,
// the clauses of switches, type switches and selects (default too), and
// the && and || operators.
func branches(n ast.Node) int {
	count := 0
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.CaseClause, *ast.CommClause:
			count++
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				count++
			}
		}
		return true
	})
	return count
}

// funcName is fd's name, a method's as Type.Method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// TestMeasure checks the counts on functions whose sizes are known, so
// that the limits test cannot pass by counting nothing.
func TestMeasure(t *testing.T) {
	src := `package p

func short() {}

func branchy(a, b bool, c chan int, v any) {
	if a && b || !a {
	}
	for i := 0; i < 3; i++ {
	}
	for range 3 {
	}
	switch {
	case a:
	default:
	}
	switch v.(type) {
	case int, string:
	}
	select {
	case <-c:
	default:
	}
	_ = func() bool { return a || b }
}

type T[K any] struct{}

func (*T[K]) method() {
	if true {
	}
}
`
	want := []measure{
		{name: "short", lines: 1},
		{name: "branchy", lines: 20, branches: 11},
		{name: "T.method", lines: 4, branches: 1},
	}
	got, err := measureFile("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("measured %d functions, want %d: %v", len(got), len(want), got)
	}
	for i, m := range got {
		if m.name != want[i].name || m.lines != want[i].lines || m.branches != want[i].branches {
			t.Errorf("measured %s: %d lines, %d branches; want %s: %d lines, %d branches", m.name, m.lines, m.branches, want[i].name, want[i].lines, want[i].branches)
		}
	}
	long := "package p\n\nfunc long() {\n" + strings.Repeat("\tprintln()\n", MaxLines-1) + "}\n"
	if ms, _ := measureFile("long.go", []byte(long)); len(ms) != 1 || !ms[0].over() || ms[0].lines != MaxLines+1 {
		t.Errorf("a function of %d lines measured %v, want over the limit", MaxLines+1, ms)
	}
	generated := "// Code generated by hand. DO NOT EDIT.\n\n" + long
	if ms, _ := measureFile("gen.go", []byte(generated)); len(ms) != 0 {
		t.Errorf("a generated file measured %v, want it exempt", ms)
	}
}
