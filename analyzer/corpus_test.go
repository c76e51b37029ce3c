package analyzer_test

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/smemlint/smemlint/internal/driver"
)

var update = flag.Bool("update", false, "rewrite testdata/corpus.golden from the current findings")

// cleanKernels are the seed kernels with no defect: no check may report
// anything inside them.
var cleanKernels = []string{
	"Serial", "TwoPassInterleaved", "TwoPassSharedOptimized", "ReduceSharedMemoryByShuffle",
	"TwoPassShuffle", "SinglePassShuffle", "SinglePassAtomic",
	"ReductionFixed", "MatVecShuffle",
	"MatmulKernel0", "MatmulTiled",
	"TransposePadded32", "TransposeSwizzled16", "TransposeSwizzled32",
	"ClusterHist", "SharedHist", "GlobalHist",
}

// TestCorpus runs every check over the ported seed kernels (examples/) and
// compares the findings with testdata/corpus.golden: each seed defect must
// be found, and nothing else. Run with -args -update to rewrite the file after
// reviewing the difference.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and checks the whole corpus")
	}
	root, err := filepath.Abs(filepath.Join("..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := driver.Run([]string{"./..."}, driver.Options{Dir: root})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Errorf("load error: %v", e)
	}
	var got []string
	inClean := map[string]bool{}
	for _, f := range res.Findings {
		rel, err := filepath.Rel(root, f.Pos.Filename)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s:%d:%d: %s: %s", filepath.ToSlash(rel), f.Pos.Line, f.Pos.Column, f.Check, f.Message))
		if fn := enclosingFunc(t, f.Pos); slices.Contains(cleanKernels, fn) {
			inClean[fmt.Sprintf("%s: %s: %s", fn, f.Check, f.Message)] = true
		}
	}
	for msg := range inClean {
		t.Errorf("finding in a correct kernel: %s", msg)
	}
	golden := filepath.Join("testdata", "corpus.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./analyzer/ -run TestCorpus -args -update to create it)", err)
	}
	if diff := cmp.Diff(strings.Split(strings.TrimSpace(string(want)), "\n"), got); diff != "" {
		t.Errorf("findings on examples/ differ from %s (-want +got):\n%s", golden, diff)
	}
}

// enclosingFunc returns the name of the function declared around pos.
func enclosingFunc(t *testing.T, pos token.Position) string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, pos.Filename, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
			if start.Line <= pos.Line && pos.Line <= end.Line {
				return fd.Name.Name
			}
		}
	}
	return ""
}
