package enum

import (
	"slices"
	"testing"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// access builds an access of a hand-made context directly: a 4-byte load
// of a shared or global array at addr, under the guards given.
func access(c *ir.Context, shared bool, addr affine.Expr, guard ...affine.Pred) *ir.Access {
	arr := &ir.Array{Name: "s", Space: ir.SpaceGlobal}
	if shared {
		arr.Space = ir.SpaceShared
	}
	a := &ir.Access{Text: "s[...]", Array: arr, Addr: addr, Size: 4, Ctx: c}
	for _, g := range guard {
		a.Ctrl = append(a.Ctrl, ir.Ctrl{Kind: ir.CtrlIf, Pred: g})
	}
	c.Accesses = append(c.Accesses, a)
	return a
}

// TestEvaluateByHand evaluates accesses built from ir values, with no
// front end: figures of known patterns on sm_90, an unknown offset tried
// at every alignment, and a guard that thins the lanes.
func TestEvaluateByHand(t *testing.T) {
	c := ir.NewContext("k", 0, ir.Shape{Block: ir.Dim{X: 64, Y: 1, Z: 1}}, model.MustLookup("sm_90"))
	off := c.NewSym("off", affine.Uniform, ir.SymMeta{Role: ir.RoleParam})
	tx := affine.S(c.Tx)
	cases := []struct {
		name         string
		a            *ir.Access
		worst, ideal int
		requests     int
		exact        bool
	}{
		{"shared tx*4: no conflict", access(c, true, affine.Scale(tx, 4)), 1, 1, 2, true},
		{"shared tx*128: 32-way", access(c, true, affine.Scale(tx, 128)), 32, 1, 2, true},
		{"global tx*4: 4 sectors", access(c, false, affine.Scale(tx, 4)), 4, 4, 2, true},
		{"shared tx*4 under tx < 32: one warp", access(c, true, affine.Scale(tx, 4), affine.Cmp(affine.LT, tx, affine.C(32))), 1, 1, 1, true},
	}
	for _, k := range cases {
		ev := Evaluate(c, k.a)
		if ev.Skip != "" {
			t.Errorf("%s: skipped: %s", k.name, ev.Skip)
			continue
		}
		shared := k.a.Shared()
		if ev.Worst.Metric(shared) != k.worst || ev.Worst.Ideal(shared) != k.ideal || ev.Requests < k.requests || ev.Exact != k.exact {
			t.Errorf("%s: worst %d ideal %d, %d requests, exact %v; want %d, %d, at least %d, %v",
				k.name, ev.Worst.Metric(shared), ev.Worst.Ideal(shared), ev.Requests, ev.Exact, k.worst, k.ideal, k.requests, k.exact)
		}
	}

	// An unknown offset is tried at every alignment: the figure is the
	// most favourable one (aligned: 4 sectors), the misaligned 5 is among
	// the figures, and the figure is not exact.
	ev := Evaluate(c, access(c, false, affine.Add(affine.Scale(tx, 4), affine.S(off))))
	if ev.Worst.Metric(false) != 4 || !slices.Contains(ev.Figures, 5) || ev.Exact {
		t.Errorf("tx*4+off: worst %d, figures %v, exact %v; want 4, with 5 among the figures, inexact",
			ev.Worst.Metric(false), ev.Figures, ev.Exact)
	}
}
