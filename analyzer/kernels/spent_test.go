package kernels_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// TestSpent wants every context charged its evaluation, and the engines'
// answers added to it: the per-kernel times of make bench read Spent.
func TestSpent(t *testing.T) {
	results := analysistest.Run(t, testdir.Dir(t), kernels.Analyzer, "example.com/cases/interp")
	res := results[0].Result.(*kernels.Result)
	if len(res.Contexts) == 0 {
		t.Fatal("no contexts")
	}
	for _, ctx := range res.Contexts {
		before := ctx.Spent()
		if before <= 0 {
			t.Errorf("%s: Spent() = %v after its evaluation, want > 0", ctx.Kernel, before)
		}
		for _, a := range ctx.Accesses {
			ctx.Judge(a)
		}
		if len(ctx.Accesses) > 0 && ctx.Spent() <= before {
			t.Errorf("%s: Spent() = %v after judging its accesses, want more than %v", ctx.Kernel, ctx.Spent(), before)
		}
	}
}
