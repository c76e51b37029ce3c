package report

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestSummaryFirstFileByName checks that the summary line lands at the
// package clause of the first file by name whatever the parse order:
// the drivers do not promise one, and a line that moves between runs
// breaks caches, baselines and tests.
func TestSummaryFirstFileByName(t *testing.T) {
	for _, order := range [][]string{{"b.go", "a.go"}, {"a.go", "b.go"}} {
		fset := token.NewFileSet()
		var files []*ast.File
		for _, name := range order {
			f, err := parser.ParseFile(fset, "/p/"+name, "package p\n\nvar x, y = 1, 2\n", 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		var got []analysis.Diagnostic
		pass := &analysis.Pass{Fset: fset, Files: files, ResultOf: map[*analysis.Analyzer]any{},
			Report: func(d analysis.Diagnostic) { got = append(got, d) }}
		r := New(pass, "coalescing")
		var s Summary
		for _, f := range files {
			for _, id := range f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Names {
				s.Add(r, id)
			}
		}
		s.Report(r, "global access", "global accesses", "not evaluated")
		if len(got) != 1 {
			t.Fatalf("parse order %v: %d diagnostics, want 1", order, len(got))
		}
		p := fset.Position(got[0].Pos)
		want := "note: 4 global accesses of this package not evaluated; -verbose lists them with the reason"
		if p.Filename != "/p/a.go" || p.Line != 1 || got[0].Message != want {
			t.Errorf("parse order %v: %s: %q, want /p/a.go:1: %q", order, p, got[0].Message, want)
		}
	}
}
