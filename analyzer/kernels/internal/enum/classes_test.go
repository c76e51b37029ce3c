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

// TestClassesSameRequests wants every value classIndex puts in one class
// to make the requests of the class's first value: for every thread and
// every value of the other symbol, the same guards, and addresses moved by
// one multiple of the bank row. Value 0 is often a class of its own here
// (guards such as tx > 16·s, mixed at 0 alone): its class must hold it
// alone, not the values whose key merely has zero in the field that names
// an own class's value.
func TestClassesSameRequests(t *testing.T) {
	c := ir.NewContext("k", 0, ir.Shape{Block: ir.Dim{X: 64, Y: 1, Z: 1}}, model.MustLookup("sm_90"))
	dom := make([]int64, 40)
	for i := range dom {
		dom[i] = int64(i)
	}
	s := c.NewSym("bx", affine.Uniform, ir.SymMeta{Role: ir.RoleBlockIdx, Domain: dom})
	by := c.NewSym("by", affine.Uniform, ir.SymMeta{Role: ir.RoleBlockIdx, Domain: dom[:3]})
	S, tx, B := affine.S(s), affine.S(c.Tx), affine.S(by)
	period := int64(c.Arch.Banks * c.Arch.RowWidth)
	r := rand.New(rand.NewPCG(3, 12))
	small := func() int64 { return r.Int64N(9) - 4 }
	term := func() affine.Expr {
		switch r.IntN(6) {
		case 0:
			return affine.Scale(tx, small())
		case 1:
			return affine.Scale(B, small())
		case 2:
			return affine.Scale(S, 8*small()) // a multiple of a word
		case 3:
			return affine.Max(affine.Sub(tx, affine.C(r.Int64N(40))), affine.Scale(S, small()))
		case 4:
			return affine.Min(affine.Scale(S, small()), affine.C(r.Int64N(40)))
		}
		return affine.C(r.Int64N(200) - 100)
	}
	sum := func(n int) affine.Expr {
		e := affine.C(0)
		for range n {
			e = affine.Add(e, term())
		}
		return e
	}
	ops := []affine.CmpOp{affine.LT, affine.LE, affine.GT, affine.GE, affine.EQ, affine.NE}
	env := c.NewEnv(0)
	eval := func(e affine.Expr, v, b int64, th int) (int64, bool) {
		env[s], env[by] = v, b
		c.SetThread(env, th)
		x, err := e.Eval(env)
		return x, err == nil
	}
	holds := func(p affine.Pred, v, b int64, th int) bool {
		env[s], env[by] = v, b
		c.SetThread(env, th)
		ok, err := p.Eval(env)
		return ok && err == nil
	}
	merged, ownZero := 0, 0
	for i := 0; i < 300; i++ {
		addr := sum(1 + r.IntN(3))
		var guards []affine.Pred
		if r.IntN(2) == 0 {
			// Mixed at s = 0 alone: tx > k·s with k the block's width.
			guards = append(guards, affine.Cmp(affine.GT, tx, affine.Scale(S, 64)))
		}
		for range r.IntN(3) {
			guards = append(guards, affine.Cmp(ops[r.IntN(len(ops))], sum(2), affine.C(0)))
		}
		e := &enumerator{ctx: c, addr: addr, guards: guards, shared: true, share: 1 << 50}
		class, ok := e.classIndex(s, dom)
		if !ok {
			continue
		}
		first := map[int]int64{}
		size := map[int]int{}
		for j, n := range class {
			if _, seen := first[n]; !seen {
				first[n] = dom[j]
			}
			size[n]++
		}
		if size[class[0]] == 1 {
			ownZero++
		}
		for j, n := range class {
			rep, v := first[n], dom[j]
			if rep == v {
				continue
			}
			merged++
			shift, set := int64(0), false
			for b := int64(0); b < 3; b++ {
				for th := 0; th < 64; th++ {
					in := true
					for _, g := range guards {
						if holds(g, rep, b, th) != holds(g, v, b, th) {
							t.Fatalf("addr %s, guards %v: bx = %d in the class of %d, but guard %s differs at thread %d, by = %d",
								addr.Format(c.Syms.Name), guards, v, rep, g.Format(c.Syms.Name), th, b)
						}
						in = in && holds(g, v, b, th)
					}
					x, okX := eval(addr, rep, b, th)
					y, okY := eval(addr, v, b, th)
					if !in || !okX || !okY {
						continue
					}
					if !set {
						shift, set = y-x, true
					}
					if y-x != shift || shift%period != 0 {
						t.Fatalf("addr %s: bx = %d in the class of %d, but the address moves by %d at thread %d, by = %d (%d elsewhere)",
							addr.Format(c.Syms.Name), v, rep, y-x, th, b, shift)
					}
				}
			}
		}
	}
	if merged < 1000 || ownZero < 50 {
		t.Errorf("%d values merged into another's class, value 0 alone in %d cases: the test exercises too few", merged, ownZero)
	}
}
