package interp

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/front"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

const src = `package p

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=64x2
func K(t *simt.Thread, out []float32, n int) {
	s := simt.Shared[[2][64]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	s[ty][tx] = out[ty*n+tx]
	t.SyncThreads()
	if tx < 32 {
		out[tx] = s[1-ty][tx]
	}
	for i := 0; i < 4; i++ {
		out[i*64+tx] = 0
	}
}
`

// evaluateSrc runs the front end and the interpreter on src, without the
// analysis driver: a pass made by hand.
func evaluateSrc(t *testing.T) *ir.Context {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Instances: map[*ast.Ident]types.Instance{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info,
		TypesSizes: types.SizesFor("gc", "amd64"), ReadFile: os.ReadFile}
	cfg := &config.Config{Arch: model.MustLookup("sm_90")}
	finder := front.NewFinder(pass, cfg)
	finder.Find()
	jobs := finder.Jobs()
	if len(jobs) != 1 {
		t.Fatalf("%d jobs, want 1 (notes %v)", len(jobs), finder.Notes())
	}
	ctx, err := Evaluate(pass, cfg, finder, jobs[0])
	if err != nil {
		t.Fatal(err)
	}
	return ctx
}

// TestEvents checks the events the interpreter records: accesses with
// affine byte addresses and guards, the barrier, and the loop's domain.
func TestEvents(t *testing.T) {
	ctx := evaluateSrc(t)
	name := ctx.Syms.Name
	type ev struct{ text, addr, guard string }
	want := []ev{
		{"out[ty*n+tx]", "tx*4 + (ty*n)*4", "true"},
		{"s[ty][tx]", "tx*4 + ty*256", "true"},
		{"s[1-ty][tx]", "tx*4 - ty*256 + 256", "tx < 32"},
		{"out[tx]", "tx*4", "tx < 32"},
		{"out[i*64+tx]", "tx*4 + i*256", "i < 4"},
	}
	if len(ctx.Accesses) != len(want) {
		for _, a := range ctx.Accesses {
			t.Logf("%s: %s under %s", a.Text, a.Addr.Format(name), a.Guard().Format(name))
		}
		t.Fatalf("%d accesses, want %d", len(ctx.Accesses), len(want))
	}
	for i, a := range ctx.Accesses {
		got := ev{a.Text, a.Addr.Format(name), a.Guard().Format(name)}
		if got != want[i] {
			t.Errorf("access %d: %+v, want %+v", i, got, want[i])
		}
	}
	if len(ctx.Syncs) != 1 || ctx.Syncs[0].Kind != ir.SyncThreads {
		t.Errorf("syncs %v, want one SyncThreads", ctx.Syncs)
	}
	if l := ctx.Accesses[4].Loops; len(l) != 1 || len(l[0].Domain) != 4 {
		t.Errorf("loop of the last store: %v, want one loop with domain 0..3", l)
	}
	if ctx.StaticShared != 512 || ctx.Arrays[0].Base != 0 {
		t.Errorf("static shared %d, first array at %d; want 512 at 0", ctx.StaticShared, ctx.Arrays[0].Base)
	}
}
