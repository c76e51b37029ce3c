package enum

import (
	"math/rand/v2"
	"testing"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// TestClassesShortcuts wants the shortcuts classesOf takes for each value
// v of a symbol s to say what substituting v says: cmpOf.boundsAt what
// ir.Bounds says of the substituted comparison, and the resolver what
// resolveMinMax and linearIn say of the address, on random expressions in
// s, the thread index and another block index, with min and max of s alone
// (max(0, 20 - 7·s)) and of s and the thread index.
func TestClassesShortcuts(t *testing.T) {
	c := ir.NewContext("k", 0, ir.Shape{Block: ir.Dim{X: 256, Y: 1, Z: 1}}, model.MustLookup("sm_90"))
	dom := make([]int64, 40)
	for i := range dom {
		dom[i] = int64(i)
	}
	s := c.NewSym("bx", affine.Uniform, ir.SymMeta{Role: ir.RoleBlockIdx, Domain: dom})
	by := c.NewSym("by", affine.Uniform, ir.SymMeta{Role: ir.RoleBlockIdx, Domain: dom[:5]})
	S, tx, B := affine.S(s), affine.S(c.Tx), affine.S(by)
	r := rand.New(rand.NewPCG(14, 7))
	konst := func() affine.Expr { return affine.C(r.Int64N(400) - 200) }
	var onlyS func(depth int) affine.Expr
	onlyS = func(depth int) affine.Expr {
		e := affine.Add(affine.Scale(S, r.Int64N(15)-7), konst())
		if depth > 0 && r.IntN(2) == 0 {
			if r.IntN(2) == 0 {
				return affine.Max(e, onlyS(depth-1))
			}
			return affine.Min(onlyS(depth-1), e)
		}
		return e
	}
	var build func(depth int) affine.Expr
	build = func(depth int) affine.Expr {
		parts := []affine.Expr{tx, B, affine.Scale(S, r.Int64N(9)-4), onlyS(2), konst()}
		e := parts[r.IntN(len(parts))]
		if depth == 0 {
			return e
		}
		switch r.IntN(5) {
		case 0:
			return affine.Add(e, build(depth-1))
		case 1:
			return affine.Max(build(depth-1), onlyS(1))
		case 2:
			return affine.Min(affine.Add(tx, build(depth-1)), build(depth-1))
		case 3:
			return affine.Mul(build(depth-1), S) // not linear in s
		}
		return affine.Sub(e, build(depth-1))
	}
	fast, slow, split := 0, 0, 0
	for i := 0; i < 3000; i++ {
		d := build(3)
		k := cmpOf{op: affine.GE, d: d}.split(c, s)
		if k.linear {
			split++
		}
		res := &resolver{c: c, s: s, cmps: map[*affine.Atom]cmpOf{}}
		for _, v := range []int64{0, 1, 2, 3, 5, 8, 13, 21, 39} {
			want, wantOK := ir.Bounds(c, affine.Subst(d, s, affine.C(v)))
			if got, ok := k.boundsAt(c, s, v); ok != wantOK || ok && got != want {
				t.Fatalf("%s at bx = %d: boundsAt %v (%v), substituted %v (%v)", d.Format(c.Syms.Name), v, got, ok, want, wantOK)
			}
			branches, coef, linear, decided, isSlow := res.resolve(d, v)
			if isSlow {
				slow++
				continue
			}
			fast++
			addr, wantB, wantD := resolveMinMax(c, d, s, v)
			wantC, wantL := linearIn(addr, s)
			if branches != wantB || decided != wantD || coef != wantC || linear != wantL {
				t.Fatalf("%s at bx = %d: resolver %q %v %d %v; resolveMinMax and linearIn %q %v %d %v",
					d.Format(c.Syms.Name), v, branches, decided, coef, linear, wantB, wantD, wantC, wantL)
			}
		}
	}
	if fast < 5000 || slow < 500 || split < 500 || split > 2500 {
		t.Errorf("%d values resolved by the shortcut and %d slowly, %d of 3000 comparisons split: the test exercises too few of one kind", fast, slow, split)
	}
}
