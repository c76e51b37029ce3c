package pairs

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// TestSatisfiable compares satisfiable with a scan of every value of two
// symbols in a range wide enough to hold every breakpoint of random
// conditions linear in one symbol each (under and, or and not): where it
// says none, the scan must find none, and where the scan finds one, it
// must say so.
func TestSatisfiable(t *testing.T) {
	c := ir.NewContext("k", 0, ir.Shape{Block: ir.Dim{X: 32, Y: 1, Z: 1}}, model.MustLookup("sm_90"))
	x := c.NewSym("x", affine.Uniform, ir.SymMeta{Role: ir.RoleData})
	y := c.NewSym("y", affine.Uniform, ir.SymMeta{Role: ir.RoleData})
	syms := []affine.Sym{x, y}
	r := rand.New(rand.NewPCG(5, 9))
	ops := []affine.CmpOp{affine.LT, affine.LE, affine.GT, affine.GE, affine.EQ, affine.NE}
	cmp := func() affine.Pred {
		s := syms[r.IntN(2)]
		k := r.Int64N(7) - 3
		return affine.Cmp(ops[r.IntN(len(ops))], affine.Add(affine.Scale(affine.S(s), k), affine.C(r.Int64N(41)-20)), affine.C(0))
	}
	var pred func(depth int) affine.Pred
	pred = func(depth int) affine.Pred {
		if depth == 0 || r.IntN(3) == 0 {
			return cmp()
		}
		switch r.IntN(3) {
		case 0:
			return affine.AndP(pred(depth-1), pred(depth-1))
		case 1:
			return affine.OrP(pred(depth-1), pred(depth-1))
		}
		return affine.NotP(pred(depth - 1))
	}
	env := c.NewEnv(0)
	none, some := 0, 0
	for trial := 0; trial < 3000; trial++ {
		conds := make([]affine.Pred, 1+r.IntN(3))
		for i := range conds {
			conds[i] = pred(2)
		}
		want := false
		for vx := int64(-60); vx <= 60 && !want; vx++ {
			for vy := int64(-60); vy <= 60 && !want; vy++ {
				env[x], env[y] = vx, vy
				all := true
				for _, p := range conds {
					v, err := p.Eval(env)
					all = all && err == nil && v
				}
				want = all
			}
		}
		got := satisfiable(c, conds, syms)
		if got != want {
			var text []string
			for _, p := range conds {
				text = append(text, p.Format(c.Syms.Name))
			}
			t.Fatalf("%s: satisfiable says %v, the scan %v", strings.Join(text, "; "), got, want)
		}
		if want {
			some++
		} else {
			none++
		}
	}
	if none < 300 || some < 300 {
		t.Errorf("%d unsatisfiable and %d satisfiable of 3000: the test exercises too few of one kind", none, some)
	}
}
