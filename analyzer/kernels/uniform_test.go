package kernels_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// levels reports the uniformity of the index of every store to idx and of
// the innermost condition around every store to cond.
var levels = &analysis.Analyzer{
	Name:     "levels",
	Doc:      "report uniformity levels for tests",
	Requires: []*analysis.Analyzer{kernels.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
		for _, ctx := range res.Contexts {
			for _, a := range ctx.Accesses {
				if !a.Store {
					continue
				}
				switch a.Array.Name {
				case "idx":
					pass.Reportf(a.Node.Pos(), "index %s", ctx.ExprLevel(a.Addr))
				case "cond":
					p := affine.True
					for _, c := range a.Ctrl {
						if c.Kind == kernels.CtrlIf {
							p = c.Pred
						}
					}
					pass.Reportf(a.Node.Pos(), "condition %s", ctx.PredLevel(p))
				}
			}
		}
		return nil, nil
	},
}

func TestLevels(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, levels, "example.com/cases/uniform")
}

// TestAlignedFirstIsHypotheses keeps the two orders of tried values the
// same set: complete evaluations must not depend on which order is used.
func TestAlignedFirstIsHypotheses(t *testing.T) {
	a, b := slices.Clone(kernels.Hypotheses(false)), slices.Clone(kernels.AlignedFirst())
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Errorf("alignedFirst %v is not a permutation of hypotheses %v", b, a)
	}
}
