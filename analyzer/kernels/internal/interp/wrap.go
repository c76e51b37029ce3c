package interp

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// Loop counters that wrap around. The analysis computes in int64 without
// wrap-around; a loop variable of a narrower integer type, or an unsigned
// one stepped below zero, takes other values in the kernel: for i :=
// uint(3); i < 4; i-- runs i = 3, 2, 1, 0 and leaves when i wraps to
// 2^64−1; for i := uint8(254); i != 2; i++ runs 254, 255, 0, 1. The
// enumerated values (enumerate) wrap as the type does. An unsigned
// counter whose values are not enumerated and that steps downwards, which
// the condition does not stop at zero by itself, is an unknown that says
// so (whyWrap), rather than a value that goes negative where the kernel's
// does not.

const whyWrap = "an unsigned loop counter that may wrap around below zero, which smemlint does not follow"

// wrapInt returns v as the integer type t holds it, its arithmetic having
// wrapped around: the low bits, sign-extended where t is signed; false
// where t is a 64-bit unsigned type and the value is 2^63 or more, which
// the analysis's int64 cannot hold.
func (in *interp) wrapInt(t types.Type, v int64) (int64, bool) {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return v, true
	}
	bits := 8 * in.sizes.Sizeof(t)
	unsigned := isUnsigned(b)
	if bits >= 64 {
		return v, !unsigned || v >= 0
	}
	v &= 1<<bits - 1
	if !unsigned && v >= 1<<(bits-1) {
		v -= 1 << bits
	}
	return v, true
}

// isUnsigned reports whether t is an unsigned integer type.
func isUnsigned(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}

// stepsDown reports whether an induction may move its variable towards
// zero: -= or -- by a step not known negative, += by one not known
// positive.
func stepsDown(iv *induction) bool {
	c, known := iv.step.IsConst()
	switch iv.op {
	case token.SUB:
		return !known || c > 0
	case token.ADD:
		return !known || c < 0
	}
	return false
}

// upperBound reports whether a loop condition is one comparison that
// bounds the variable obj from above (i < n, i <= n, n > i, n >= i): an
// unsigned variable that wraps below zero to 2^64−k fails it, for any n
// the analysis can hold.
func (in *interp) upperBound(cond ast.Expr, obj types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	isVar := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && in.info.ObjectOf(id) == obj
	}
	switch {
	case (b.Op == token.LSS || b.Op == token.LEQ) && isVar(b.X):
		return true
	case (b.Op == token.GTR || b.Op == token.GEQ) && isVar(b.Y):
		return true
	}
	return false
}

// stopsAtZero says how a 64-bit unsigned counter that steps downwards
// leaves its loop: where the condition is an upper bound (see
// upperBound), the iterations are those whose value, computed without
// wrap-around, is not negative, and ok is true with that condition; for
// any other counter that may wrap, ok is false.
func (in *interp) stopsAtZero(iv *induction, cond ast.Expr, value affine.Expr) (affine.Pred, bool) {
	if in.sizes.Sizeof(iv.obj.Type()) < 8 || cond == nil || !in.upperBound(cond, iv.obj) {
		return affine.Pred{}, false
	}
	return affine.Cmp(affine.GE, value, affine.C(0)), true
}

// wraps reports whether a loop variable that is not enumerated may wrap
// around below zero: unsigned, stepped downwards, and not stopped at zero
// or above by its condition (see stopsAbove).
func (in *interp) wraps(iv *induction, cond ast.Expr) bool {
	return isUnsigned(iv.obj.Type()) && stepsDown(iv) && !in.stopsAbove(iv, cond)
}

// stopsAbove reports whether a loop condition that bounds a variable
// stepped downwards from below stops it before it goes below zero: i > x
// or i != x by steps of 1 (x is unsigned, so at least 0), or with x a
// constant and a constant step s, i > x where x+1−s >= 0 and i >= x where
// x−s >= 0 (the last value that passes, less s).
func (in *interp) stopsAbove(iv *induction, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || iv.op != token.SUB {
		return false
	}
	s, ok := iv.step.IsConst()
	if !ok || s <= 0 {
		return false
	}
	isVar := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && in.info.ObjectOf(id) == iv.obj
	}
	op, other := b.Op, b.Y
	switch {
	case isVar(b.X):
	case isVar(b.Y):
		op, other = map[token.Token]token.Token{token.LSS: token.GTR, token.LEQ: token.GEQ, token.NEQ: token.NEQ}[b.Op], b.X
	default:
		return false
	}
	in.dry++
	v := in.eval(other)
	in.dry--
	x, known := v.e.IsConst()
	known = known && v.kind == vScalar
	switch op {
	case token.GTR:
		return known && x+1-s >= 0 || !known && s == 1
	case token.NEQ:
		return s == 1 && (!known || x >= 0)
	case token.GEQ:
		return known && x-s >= 0
	}
	return false
}

// wrapUnknown binds a counter that may wrap to an unknown that says so.
func (in *interp) wrapUnknown(loop *ir.Loop, iv *induction, varies bool) {
	in.set(iv.obj, in.opaque(iv.obj.Type(), varies, iv.obj.Name()+", "+whyWrap))
	loop.HasVar = false
}

// wrapNarrow returns e as an unsigned integer type narrower than 64 bits
// holds it: e itself where its bounds show it within the type's range,
// else its low bits (e & (2^w−1), which two's complement makes the
// wrapped value: uint32(tid) − 1 is 2^32−1 at thread 0). Where the bounds
// are not known, or t is another type, e is left as it is, as the
// analysis does for any arithmetic.
func (in *interp) wrapNarrow(t types.Type, e affine.Expr) affine.Expr {
	if !isUnsigned(t) {
		return e
	}
	bits := 8 * in.sizes.Sizeof(t)
	if bits >= 64 {
		return e
	}
	if c, ok := e.IsConst(); ok {
		w, _ := in.wrapInt(t, c)
		return affine.C(w)
	}
	b, ok := ir.Bounds(in.ctx, e)
	if !ok || b.Lo >= 0 && b.Hi < 1<<bits {
		return e
	}
	return affine.And(e, affine.C(1<<bits-1))
}

// whyUnsigned says what a quotient or remainder of a 64-bit unsigned value
// that may have wrapped below zero is.
const whyUnsigned = "unsigned arithmetic on a value that may wrap around below zero, which smemlint does not follow"

// unsignedOp evaluates a / d, a % d and a >> d of a 64-bit unsigned type
// where a may be below zero, that is, has wrapped around to 2^64 − |a|:
// the analysis holds the same bits in an int64, which +, −, * and the
// masks treat alike, but division and shifts right do not. A remainder by
// a power of two is the low bits (a & (d−1)), whatever a's sign; any
// other is an unknown that says so. ok is false where a cannot be below
// zero, or its bounds are not known (the analysis then computes as it
// does for any arithmetic), or the type is another.
func (in *interp) unsignedOp(t types.Type, op token.Token, a, b affine.Expr) (value, bool) {
	if !isUnsigned(t) || in.sizes.Sizeof(t) < 8 || op != token.QUO && op != token.REM && op != token.SHR {
		return value{}, false
	}
	if bd, ok := ir.Bounds(in.ctx, a); !ok || bd.Lo >= 0 {
		return value{}, false
	}
	if d, ok := b.IsConst(); ok && op == token.REM && d > 0 && d&(d-1) == 0 {
		return scalar(affine.And(a, affine.C(d-1))), true
	}
	return in.opaque(t, a.DependsOn(in.ctx.IsThreadSym) || b.DependsOn(in.ctx.IsThreadSym), whyUnsigned), true
}

// compareUnsigned orders two 64-bit unsigned values, one of which may have
// wrapped below zero (its bounds are known and reach below zero): the
// analysis holds them as int64 bits, and a value below zero is above every
// value that is not (2^64 − |x|). So x <u y is x >= 0 && (y < 0 || x < y),
// or x < 0 && y < 0 && x < y; against a constant y >= 0 that is 0 <= x <
// y. ok is false where the signed order is the unsigned one (neither can
// be below zero, or no bound is known), for equality, and for other
// types.
func (in *interp) compareUnsigned(op token.Token, a, b value, t types.Type) (affine.Pred, bool) {
	if op == token.EQL || op == token.NEQ || a.kind != vScalar || b.kind != vScalar ||
		!isUnsigned(t) || in.sizes.Sizeof(t) < 8 {
		return affine.Pred{}, false
	}
	below := false
	for _, e := range []affine.Expr{a.e, b.e} {
		bd, ok := ir.Bounds(in.ctx, e)
		below = below || ok && bd.Lo < 0
	}
	if !below {
		return affine.Pred{}, false
	}
	zero := affine.C(0)
	lt := func(x, y affine.Expr) affine.Pred {
		neg := func(e affine.Expr) affine.Pred { return affine.Cmp(affine.LT, e, zero) }
		nonNeg := func(e affine.Expr) affine.Pred { return affine.Cmp(affine.GE, e, zero) }
		less := affine.Cmp(affine.LT, x, y)
		return affine.OrP(affine.AndP(nonNeg(x), affine.OrP(neg(y), less)),
			affine.AndP(neg(x), affine.AndP(neg(y), less)))
	}
	switch op {
	case token.LSS:
		return lt(a.e, b.e), true
	case token.GTR:
		return lt(b.e, a.e), true
	case token.LEQ:
		return affine.NotP(lt(b.e, a.e)), true
	}
	return affine.NotP(lt(a.e, b.e)), true
}
