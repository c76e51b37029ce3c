package kernels

import (
	"github.com/smemlint/smemlint/affine"
)

// disjoint is a quick proof that no two threads of the relation can touch
// the same bytes, before any enumeration of uniform values: when both
// addresses are a part that depends on the thread index alone plus uniform
// parts that differ by a constant (s[ty*32+tx] in two statements of one
// iteration), the distance between any two threads' addresses is known
// without the uniform values, and conditions only remove threads.
func (ps *pairSpace) disjoint() bool {
	c := ps.ctx
	onlyCoords := func(e affine.Expr) bool {
		return !e.DependsOn(func(s affine.Sym) bool { return int(s) >= c.Syms.Len() || !c.isCoord(s) })
	}
	ta, ua := affine.Split(ps.a.Addr, c.isCoordSafe)
	tb, ub := affine.Split(ps.addrB, c.isCoordSafe)
	d, ok := affine.Sub(ub, ua).IsConst()
	if !ok || !onlyCoords(ta) || !onlyCoords(tb) {
		return false
	}
	n := c.Threads()
	env := c.NewEnv(len(ps.copies))
	progA, progB := ta.Compile(), tb.Compile()
	f := ps.finder
	f.entries = f.entries[:0]
	for t := 0; t < n; t++ {
		c.SetThread(env, t)
		v, ok := progA(env)
		if !ok {
			return false
		}
		f.entries = append(f.entries, keyed{v, int32(t)})
	}
	f.index.build(f.entries)
	sa, sb := int64(ps.a.Size), int64(ps.b.Size)
	for t := 0; t < n; t++ {
		c.SetThread(env, t)
		v, ok := progB(env)
		if !ok {
			return false
		}
		// a's address minus b's lies in (-sa, sb) for overlapping bytes.
		for delta := -sa + 1; delta < sb; delta++ {
			if partners(f.index.of(v+d+delta), t, ps.q.SameWarp, ps.q.CrossWarp, func(u int) bool { return u != t }) {
				return false
			}
		}
	}
	return true
}

// isCoordSafe is isCoord for symbols that may be extra (copies).
func (c *Context) isCoordSafe(s affine.Sym) bool { return int(s) < c.Syms.Len() && c.isCoord(s) }
