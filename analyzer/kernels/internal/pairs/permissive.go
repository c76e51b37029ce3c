package pairs

import (
	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// A symbol that appears in no address, only in bounds of the conditions
// (x < n, i >= lo), can be fixed at the value that lets the most threads
// through: widening the set of threads that make two accesses can only add
// conflicts, so the search for one loses nothing and is spared a dimension.

// extreme is the value that stands for "as large (small) as needed".
const extreme = 1 << 30

// permissive returns the value of s that satisfies, for as many threads as
// possible, every conjunct of the guards that mentions it, when each is a
// bound on s in the same direction; ok is false otherwise.
func permissive(c *ir.Context, s, like affine.Sym, guards []affine.Pred) (v int64, ok bool) {
	dir := 0 // +1: larger is more permissive, -1: smaller
	for _, g := range guards {
		for _, conj := range g.Conjuncts() {
			if !conj.DependsOn(func(x affine.Sym) bool { return x == s }) {
				continue
			}
			d, ok := boundDirection(conj, s)
			if !ok || dir != 0 && d != dir {
				return 0, false
			}
			dir = d
		}
	}
	switch {
	case dir > 0:
		return extreme, true
	case dir < 0:
		return lowest(c, like), true
	}
	return 0, false
}

// boundDirection returns +1 when conj is an upper bound on s (x < s: a
// larger s admits more), -1 for a lower bound; ok is false when conj is not
// a comparison linear in s.
func boundDirection(conj affine.Pred, s affine.Sym) (int, bool) {
	op, x, y, ok := conj.Comparison()
	if !ok {
		return 0, false
	}
	d := affine.Sub(x, y)
	coef := int64(0)
	for _, t := range d.Terms {
		one := affine.Expr{Terms: []affine.Term{t}}
		switch {
		case t.Atom.Op == affine.OpSym && t.Atom.Sym == s:
			coef = t.Coef
		case one.DependsOn(func(x affine.Sym) bool { return x == s }):
			return 0, false
		}
	}
	// d op 0 with d = coef*s + rest.
	switch op {
	case affine.LT, affine.LE:
		if coef < 0 {
			return 1, true
		}
		return -1, true
	case affine.GT, affine.GE:
		if coef > 0 {
			return 1, true
		}
		return -1, true
	}
	return 0, false
}

// lowest is the smallest value a symbol of like's role can take.
func lowest(c *ir.Context, like affine.Sym) int64 {
	switch c.Meta[like].Role {
	case ir.RoleIter, ir.RoleBlockIdx, ir.RoleLen, ir.RoleRank:
		return 0
	case ir.RoleGridDim:
		return 1
	}
	return -extreme
}
