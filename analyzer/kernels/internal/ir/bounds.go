package ir

import "github.com/smemlint/smemlint/affine"

// Interval is a closed range of integers.
type Interval struct{ Lo, Hi int64 }

// Bounds returns the range of e over every thread of the block and every
// known value of the uniform symbols; ok is false when a symbol has no
// known range.
func Bounds(c *Context, e affine.Expr) (Interval, bool) {
	out := Interval{e.Const, e.Const}
	for _, t := range e.Terms {
		a, ok := atomBounds(c, t.Atom)
		if !ok {
			return Interval{}, false
		}
		out = addI(out, scaleI(a, t.Coef))
	}
	return out, true
}

func atomBounds(c *Context, a *affine.Atom) (Interval, bool) {
	if a.Op == affine.OpSym {
		return symBounds(c, a.Sym)
	}
	x, okx := Bounds(c, a.X)
	y, oky := Bounds(c, a.Y)
	switch a.Op {
	case affine.OpMul:
		if okx && oky {
			p := []int64{x.Lo * y.Lo, x.Lo * y.Hi, x.Hi * y.Lo, x.Hi * y.Hi}
			return Interval{min(p[0], p[1], p[2], p[3]), max(p[0], p[1], p[2], p[3])}, true
		}
	case affine.OpDiv:
		if okx && oky && y.Lo == y.Hi && y.Lo > 0 {
			return Interval{x.Lo / y.Lo, x.Hi / y.Lo}, true
		}
	case affine.OpShr:
		if okx && oky && y.Lo == y.Hi && y.Lo >= 0 && y.Lo <= 63 {
			return Interval{x.Lo >> y.Lo, x.Hi >> y.Lo}, true
		}
	case affine.OpMod:
		if oky && y.Lo == y.Hi && y.Lo > 0 {
			m := y.Lo
			if okx && x.Lo >= 0 {
				if x.Hi < m {
					return x, true
				}
				return Interval{0, m - 1}, true
			}
			return Interval{-(m - 1), m - 1}, true
		}
	case affine.OpAnd:
		// A mask of all ones or none (a choice, affine.Select) leaves the
		// other operand or 0.
		if okx && oky && y.Lo >= -1 && y.Hi <= 0 {
			return Interval{min(x.Lo, 0), max(x.Hi, 0)}, true
		}
		if okx && oky && x.Lo >= -1 && x.Hi <= 0 {
			return Interval{min(y.Lo, 0), max(y.Hi, 0)}, true
		}
		if oky && y.Lo == y.Hi && y.Lo >= 0 {
			return Interval{0, y.Lo}, true
		}
		if okx && x.Lo == x.Hi && x.Lo >= 0 {
			return Interval{0, x.Lo}, true
		}
	case affine.OpOr, affine.OpXor:
		if okx && oky && x.Lo >= 0 && y.Lo >= 0 {
			return Interval{0, fill(max(x.Hi, y.Hi))}, true
		}
	case affine.OpMin:
		if okx && oky {
			return Interval{min(x.Lo, y.Lo), min(x.Hi, y.Hi)}, true
		}
	case affine.OpMax:
		if okx && oky {
			return Interval{max(x.Lo, y.Lo), max(x.Hi, y.Hi)}, true
		}
	}
	return Interval{}, false
}

// fill returns the smallest 2^k-1 at least v.
func fill(v int64) int64 {
	f := int64(0)
	for f < v {
		f = f<<1 | 1
	}
	return f
}

func symBounds(c *Context, s affine.Sym) (Interval, bool) {
	b := c.Shape.Block
	switch s {
	case c.Tx:
		return Interval{0, int64(b.X - 1)}, true
	case c.Ty:
		return Interval{0, int64(b.Y - 1)}, true
	case c.Tz:
		return Interval{0, int64(b.Z - 1)}, true
	}
	d := c.Meta[s].Domain
	if len(d) == 0 {
		return Interval{}, false
	}
	out := Interval{d[0], d[0]}
	for _, v := range d {
		out.Lo, out.Hi = min(out.Lo, v), max(out.Hi, v)
	}
	return out, true
}

func addI(a, b Interval) Interval { return Interval{a.Lo + b.Lo, a.Hi + b.Hi} }

func scaleI(a Interval, c int64) Interval {
	if c >= 0 {
		return Interval{a.Lo * c, a.Hi * c}
	}
	return Interval{a.Hi * c, a.Lo * c}
}

// AlwaysTrue reports whether a comparison holds for every thread and every
// known value of the symbols it mentions.
func AlwaysTrue(c *Context, p affine.Pred) bool {
	return decided(c, p, true)
}

func decided(c *Context, p affine.Pred, want bool) bool {
	op, x, y, ok := p.Comparison()
	if !ok {
		return false
	}
	if !want {
		op = op.Negate()
	}
	d, ok := Bounds(c, affine.Sub(x, y))
	return ok && HoldsOn(op, d)
}

// HoldsOn reports whether d op 0 holds for every d in iv.
func HoldsOn(op affine.CmpOp, iv Interval) bool {
	switch op {
	case affine.LT:
		return iv.Hi < 0
	case affine.LE:
		return iv.Hi <= 0
	case affine.GT:
		return iv.Lo > 0
	case affine.GE:
		return iv.Lo >= 0
	case affine.EQ:
		return iv.Lo == 0 && iv.Hi == 0
	}
	return iv.Lo > 0 || iv.Hi < 0
}
