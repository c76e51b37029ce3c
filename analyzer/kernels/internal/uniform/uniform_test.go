package uniform

import (
	"testing"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

func lt(x affine.Expr, c int64) affine.Pred { return affine.Cmp(affine.LT, x, affine.C(c)) }

// TestLevels asks for the uniformity of conditions of a hand-built
// context of a 64×1 block: on the thread index at and below warp
// granularity, on the block index, on a parameter, on lane-varying data.
func TestLevels(t *testing.T) {
	c := ir.NewContext("k", 0, ir.Shape{Block: ir.Dim{X: 64, Y: 1, Z: 1}, Grid: ir.Dim{X: 4, Y: 1, Z: 1}}, model.MustLookup("sm_90"))
	bx := c.NewSym("BlockIdx.X", affine.Uniform, ir.SymMeta{Role: ir.RoleBlockIdx, Domain: []int64{0, 1, 2, 3}})
	n := c.NewSym("n", affine.Uniform, ir.SymMeta{Role: ir.RoleParam})
	d := c.NewSym("data", affine.Thread, ir.SymMeta{Role: ir.RoleData})
	tx := affine.S(c.Tx)
	for _, k := range []struct {
		name string
		p    affine.Pred
		want Level
	}{
		{"tx < 32", lt(tx, 32), WarpUniform},
		{"tx < 16", lt(tx, 16), Varying},
		{"BlockIdx.X < 2", lt(affine.S(bx), 2), BlockUniform},
		{"n < 7", lt(affine.S(n), 7), GridUniform},
		{"data < 1", lt(affine.S(d), 1), Varying},
	} {
		if got := PredLevel(c, k.p); got != k.want {
			t.Errorf("PredLevel(%s) = %v, want %v", k.name, got, k.want)
		}
	}
	if sp := WarpSplit(c, affine.True, lt(tx, 16)); sp == nil {
		t.Error("WarpSplit(tx < 16) found no split")
	}
	if sp := BlockSplit(c, affine.True, lt(affine.S(n), 7)); sp != nil {
		t.Error("BlockSplit(n < 7) split a block on a grid-uniform condition")
	}
}

// TestMaskFault checks the collective mask search: a full mask under a
// guard that leaves out half of warp 0 is a fault naming those lanes; the
// mask of the lanes that do call is none.
func TestMaskFault(t *testing.T) {
	c := ir.NewContext("k", 0, ir.Shape{Block: ir.Dim{X: 32, Y: 1, Z: 1}}, model.MustLookup("sm_90"))
	guard := lt(affine.S(c.Tx), 16)
	mf := FindMaskFault(c, guard, affine.C(FullMask))
	if mf == nil || mf.Warp != 0 || mf.Missing != 0xFFFF0000 {
		t.Fatalf("FindMaskFault(full mask, tx < 16) = %+v, want warp 0 missing lanes 16..31", mf)
	}
	if mf := FindMaskFault(c, guard, affine.C(0xFFFF)); mf != nil {
		t.Errorf("FindMaskFault(mask 0xFFFF, tx < 16) = %+v, want none", mf)
	}
}
