package enum

import (
	"slices"
	"strings"
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

// TestEnumBudget wants an evaluation over more values than its share of
// the context's enumeration budget to sample them, not to be exact, and
// to leave a note of the cut at its site; and the same evaluation in a
// context of one access, whose share is the whole budget, to be exact
// with no note.
func TestEnumBudget(t *testing.T) {
	build := func(accesses int) (*ir.Context, *ir.Access) {
		c := ir.NewContext("k", 0, ir.Shape{Block: ir.Dim{X: 256, Y: 1, Z: 1}}, model.MustLookup("sm_90"))
		// 2048 blocks of 8 warps: as many requests as an access may
		// make (search.MaxRequests).
		dom := make([]int64, 2048)
		for i := range dom {
			dom[i] = int64(i)
		}
		bx := c.NewSym("BlockIdx.X", affine.Uniform, ir.SymMeta{Role: ir.RoleBlockIdx, Domain: dom})
		tx, b := affine.S(c.Tx), affine.S(bx)
		// tx < (bx*bx) % 300: the block index enters the guard through a
		// product, so each value is substituted to group them.
		guard := affine.Cmp(affine.LT, tx, affine.Mod(affine.Mul(b, b), affine.C(300)))
		addr := affine.Scale(affine.Add(affine.Scale(b, 256), tx), 4)
		var a *ir.Access
		for range accesses {
			a = access(c, false, addr, guard)
		}
		return c, a
	}
	c, a := build(1)
	if ev := Evaluate(c, a); ev.Skip != "" || !ev.Exact || len(c.Cuts()) != 0 {
		t.Errorf("one access: skip %q, exact %v, cuts %v; want an exact evaluation and no cut", ev.Skip, ev.Exact, c.Cuts())
	}
	c, a = build(64)
	ev := Evaluate(c, a)
	if ev.Skip != "" || ev.Exact || len(c.Cuts()) != 1 || !strings.Contains(c.Cuts()[0].Msg, "a sample of the values of BlockIdx.X") {
		t.Fatalf("64 accesses: skip %q, exact %v, cuts %v; want a sampled evaluation and a note of the cut", ev.Skip, ev.Exact, c.Cuts())
	}
	// The share depends on the context alone: the cut is the same
	// whatever was evaluated before.
	if again := Evaluate(c, a); again.Requests != ev.Requests || again.Worst.Metric(false) != ev.Worst.Metric(false) {
		t.Errorf("evaluated again: %d requests, worst %d; first %d, %d", again.Requests, again.Worst.Metric(false), ev.Requests, ev.Worst.Metric(false))
	}
}
