package internalerror_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	"github.com/smemlint/smemlint/analyzer/internalerror"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// TestPanicBecomesFault asks an engine a question it cannot answer (a
// condition over a symbol the context does not have, which panics inside
// the enumeration) and checks that the panic becomes a fault with the
// kernel, the stage and the cause, that the answer is the harmless one
// (grid-uniform: no finding), and that Faults reports it.
func TestPanicBecomesFault(t *testing.T) {
	results := analysistest.Run(t, testdir.Dir(t), kernels.Analyzer, "example.com/cases/interp")
	res := results[0].Result.(*kernels.Result)
	if len(res.Contexts) == 0 {
		t.Fatal("no kernel contexts")
	}
	if fs := internalerror.Faults(res); len(fs) != 0 {
		t.Fatalf("faults before the test: %v", fs)
	}
	ctx := res.Contexts[0]
	bogus := affine.Sym(ctx.Syms.Len() + 1000)
	p := affine.Cmp(affine.LT, affine.Add(affine.S(ctx.Coords()[0]), affine.S(bogus)), affine.C(16))
	if got := ctx.PredLevel(p); got != kernels.GridUniform {
		t.Errorf("PredLevel after a panic = %v, want the harmless %v", got, kernels.GridUniform)
	}
	fs := internalerror.Faults(res)
	if len(fs) != 1 {
		t.Fatalf("Faults = %v, want one", fs)
	}
	msg := fs[0].Error()
	for _, want := range []string{"internal error in kernel " + ctx.Kernel, "while judging the uniformity of a condition", "please report it", "index out of range"} {
		if !strings.Contains(msg, want) {
			t.Errorf("fault %q does not say %q", msg, want)
		}
	}
	if fs[0].Pos != ctx.Pos {
		t.Errorf("fault at %v, want the kernel's position %v (a condition has no site)", fs[0].Pos, ctx.Pos)
	}
}
