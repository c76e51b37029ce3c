package enum

import (
	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// interval is a closed range of integers.
type interval struct{ lo, hi int64 }

// bounds returns the range of e over every thread of the block and every
// known value of the uniform symbols; ok is false when a symbol has no
// known range.
func bounds(c *ir.Context, e affine.Expr) (interval, bool) {
	out := interval{e.Const, e.Const}
	for _, t := range e.Terms {
		a, ok := atomBounds(c, t.Atom)
		if !ok {
			return interval{}, false
		}
		out = addI(out, scaleI(a, t.Coef))
	}
	return out, true
}

func atomBounds(c *ir.Context, a *affine.Atom) (interval, bool) {
	if a.Op == affine.OpSym {
		return symBounds(c, a.Sym)
	}
	x, okx := bounds(c, a.X)
	y, oky := bounds(c, a.Y)
	switch a.Op {
	case affine.OpMul:
		if okx && oky {
			p := []int64{x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi}
			return interval{min(p[0], p[1], p[2], p[3]), max(p[0], p[1], p[2], p[3])}, true
		}
	case affine.OpDiv:
		if okx && oky && y.lo == y.hi && y.lo > 0 {
			return interval{x.lo / y.lo, x.hi / y.lo}, true
		}
	case affine.OpShr:
		if okx && oky && y.lo == y.hi && y.lo >= 0 && y.lo < 63 {
			return interval{x.lo >> y.lo, x.hi >> y.lo}, true
		}
	case affine.OpMod:
		if oky && y.lo == y.hi && y.lo > 0 {
			m := y.lo
			if okx && x.lo >= 0 {
				if x.hi < m {
					return x, true
				}
				return interval{0, m - 1}, true
			}
			return interval{-(m - 1), m - 1}, true
		}
	case affine.OpAnd:
		if oky && y.lo == y.hi && y.lo >= 0 {
			return interval{0, y.lo}, true
		}
		if okx && x.lo == x.hi && x.lo >= 0 {
			return interval{0, x.lo}, true
		}
	case affine.OpOr, affine.OpXor:
		if okx && oky && x.lo >= 0 && y.lo >= 0 {
			return interval{0, fill(max(x.hi, y.hi))}, true
		}
	case affine.OpMin:
		if okx && oky {
			return interval{min(x.lo, y.lo), min(x.hi, y.hi)}, true
		}
	case affine.OpMax:
		if okx && oky {
			return interval{max(x.lo, y.lo), max(x.hi, y.hi)}, true
		}
	}
	return interval{}, false
}

// fill returns the smallest 2^k-1 at least v.
func fill(v int64) int64 {
	f := int64(0)
	for f < v {
		f = f<<1 | 1
	}
	return f
}

func symBounds(c *ir.Context, s affine.Sym) (interval, bool) {
	b := c.Shape.Block
	switch s {
	case c.Tx:
		return interval{0, int64(b.X - 1)}, true
	case c.Ty:
		return interval{0, int64(b.Y - 1)}, true
	case c.Tz:
		return interval{0, int64(b.Z - 1)}, true
	}
	d := c.Meta[s].Domain
	if len(d) == 0 {
		return interval{}, false
	}
	out := interval{d[0], d[0]}
	for _, v := range d {
		out.lo, out.hi = min(out.lo, v), max(out.hi, v)
	}
	return out, true
}

func addI(a, b interval) interval { return interval{a.lo + b.lo, a.hi + b.hi} }

func scaleI(a interval, c int64) interval {
	if c >= 0 {
		return interval{a.lo * c, a.hi * c}
	}
	return interval{a.hi * c, a.lo * c}
}

// alwaysTrue reports whether a comparison holds for every thread and every
// known value of the symbols it mentions.
func alwaysTrue(c *ir.Context, p affine.Pred) bool {
	return decided(c, p, true)
}

func decided(c *ir.Context, p affine.Pred, want bool) bool {
	op, x, y, ok := p.Comparison()
	if !ok {
		return false
	}
	if !want {
		op = op.Negate()
	}
	d, ok := bounds(c, affine.Sub(x, y))
	if !ok {
		return false
	}
	switch op {
	case affine.LT:
		return d.hi < 0
	case affine.LE:
		return d.hi <= 0
	case affine.GT:
		return d.lo > 0
	case affine.GE:
		return d.lo >= 0
	case affine.EQ:
		return d.lo == 0 && d.hi == 0
	}
	return d.lo > 0 || d.hi < 0
}
