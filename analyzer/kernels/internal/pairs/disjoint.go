package pairs

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
		return !e.DependsOn(func(s affine.Sym) bool { return int(s) >= c.Syms.Len() || !c.IsCoord(s) })
	}
	ta, ua := affine.Split(ps.a.Addr, c.IsCoord)
	tb, ub := affine.Split(ps.addrB, c.IsCoord)
	d, ok := affine.Sub(ub, ua).IsConst()
	if !ok || !onlyCoords(ta) || !onlyCoords(tb) {
		return false
	}
	n := c.Threads()
	env := zeroEnv(&ps.finder.thread, c.Syms.Len()+len(ps.copies))
	// Linear thread parts settle it at once, most often.
	if la, ok := ta.CompileLinear(c.Coords()); ok {
		if lb, ok := tb.CompileLinear(c.Coords()); ok {
			la.Bind(env)
			lb.Bind(env)
			ra, okA := blockReach(c, la)
			rb, okB := blockReach(c, lb)
			if okA && okB && small(d) {
				rb.base += d
				found, decided := reachesWithin(ra, rb, 1-int64(ps.b.Size), int64(ps.a.Size)-1, true)
				switch {
				case decided && !found:
					return true
				case decided && !ps.q.SameWarp && !ps.q.CrossWarp:
					// Two threads of the block overlap: the
					// enumeration below would find them.
					return false
				}
			}
		}
	}
	progA, progB := ta.Compile(), tb.Compile()
	f := ps.finder
	sa, sb := int64(ps.a.Size), int64(ps.b.Size)
	g := min(sa, sb)
	// Index a's bytes in units of the smaller access, so that b's probe
	// looks up a unit or two rather than every byte distance; a candidate
	// is then checked byte for byte.
	f.entries, f.vals = f.entries[:0], f.vals[:0]
	for t := 0; t < n; t++ {
		c.SetThread(env, t)
		v, ok := progA(env)
		if !ok {
			return false
		}
		f.vals = append(f.vals, v)
		for k := floorDiv(v, g); k <= floorDiv(v+sa-1, g); k++ {
			f.entries = append(f.entries, keyed{k, int32(t)})
		}
	}
	f.index.build(f.entries)
	for t := 0; t < n; t++ {
		c.SetThread(env, t)
		v, ok := progB(env)
		if !ok {
			return false
		}
		lo := v + d // b's first byte, in a's terms
		overlaps := func(u int) bool { return u != t && f.vals[u] < lo+sb && lo < f.vals[u]+sa }
		for k := floorDiv(lo, g); k <= floorDiv(lo+sb-1, g); k++ {
			if partners(f.index.of(k), t, ps.q.SameWarp, ps.q.CrossWarp, overlaps) {
				return false
			}
		}
	}
	return true
}
