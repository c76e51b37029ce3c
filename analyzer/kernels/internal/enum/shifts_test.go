package enum_test

import (
	"testing"

	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/enum"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestShiftsWarpsByShape checks the symbolic proof against the evaluation
// it spares: wherever shiftsWarpsByShape holds for an access of the test
// kernels or the examples, evaluating the block with several values of the
// unknown must find every warp's lanes moved together.
func TestShiftsWarpsByShape(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the test kernels and the examples")
	}
	proved := 0
	for _, dir := range []string{"../../../testdata", "../../../../examples"} {
		pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Tests: true}, "./...")
		if err != nil {
			t.Fatal(err)
		}
		graph, err := checker.Analyze([]*analysis.Analyzer{kernels.Analyzer}, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		for act := range graph.All() {
			res, ok := act.Result.(*kernels.Result)
			if !ok || act.Analyzer != kernels.Analyzer {
				continue
			}
			for _, ctx := range res.Contexts {
				for _, a := range ctx.Accesses {
					ok, tried := enum.ShiftsWarps(ctx.Context, a)
					if !ok {
						continue
					}
					proved++
					if !tried {
						t.Errorf("%s: %s in %s: proved to move whole warps, but evaluation finds lanes moved apart",
							ctx.PosText(a.Node.Pos()), a.Text, ctx.Kernel)
					}
				}
			}
		}
	}
	if proved == 0 {
		t.Error("no access was proved to move whole warps: the test checks nothing")
	}
	t.Logf("%d accesses proved", proved)
}
