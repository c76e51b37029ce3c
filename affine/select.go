package affine

// Indicator returns an expression that is 1 where p holds and 0 where it
// does not, in the arithmetic of Expr: x < y is the sign bit of x − y,
// −((x − y) >> 63), and and, or and not are a·b, a + b − a·b and 1 − a.
// The differences must not overflow: fits is asked, for each comparison,
// whether x − y and x − y ∓ 1 lie within the range of int64 wherever p is
// evaluated. ok is false where it says no, and where an operand could be
// undefined (a division or shift by a non-constant), which p's own
// evaluation would report but the indicator, multiplied into a value,
// would report where the value is not chosen.
func Indicator(p Pred, fits func(x, y Expr) bool) (Expr, bool) {
	switch p.kind {
	case predTrue:
		return C(1), true
	case predFalse:
		return C(0), true
	case predCmp:
		if !Total(p.x) || !Total(p.y) || !fits(p.x, p.y) {
			return Expr{}, false
		}
		d := Sub(p.x, p.y)
		switch p.op {
		case LT:
			return negative(d), true
		case LE:
			return negative(Sub(d, C(1))), true
		case GT:
			return negative(Neg(d)), true
		case GE:
			return negative(Sub(Neg(d), C(1))), true
		case EQ:
			return Sub(C(1), Add(negative(d), negative(Neg(d)))), true
		}
		return Add(negative(d), negative(Neg(d))), true
	case predNot:
		a, ok := Indicator(p.args[0], fits)
		return Sub(C(1), a), ok
	}
	a, ok := Indicator(p.args[0], fits)
	if !ok {
		return Expr{}, false
	}
	b, ok := Indicator(p.args[1], fits)
	if !ok {
		return Expr{}, false
	}
	if p.kind == predAnd {
		return Mul(a, b), true
	}
	return Sub(Add(a, b), Mul(a, b)), true
}

// negative is 1 where d < 0 and 0 elsewhere.
func negative(d Expr) Expr { return Neg(Shr(d, C(63))) }

// Select returns an expression that is a where p holds and b elsewhere:
// b + ((a − b) & −[p]), exact in int64's wrapping arithmetic whatever a
// and b are (−[p] is all ones where p holds, 0 elsewhere). The mask keeps
// the difference one atom: a product would be spread over its terms, and
// choices made one inside another would multiply their sizes. ok is
// false where Indicator's is, or a or b could be undefined.
func Select(p Pred, a, b Expr, fits func(x, y Expr) bool) (Expr, bool) {
	if Equal(a, b) {
		return a, true
	}
	if !Total(a) || !Total(b) {
		return Expr{}, false
	}
	ind, ok := Indicator(p, fits)
	if !ok {
		return Expr{}, false
	}
	if c, ok := ind.IsConst(); ok {
		if c != 0 {
			return a, true
		}
		return b, true
	}
	return Add(b, And(Sub(a, b), Neg(ind))), true
}

// Total reports whether e evaluates without error in every environment:
// it divides and shifts only by constants that allow it.
func Total(e Expr) bool {
	for _, t := range e.Terms {
		a := t.Atom
		if a.Op == OpSym {
			continue
		}
		switch a.Op {
		case OpDiv, OpMod:
			if c, ok := a.Y.IsConst(); !ok || c == 0 {
				return false
			}
		case OpShl, OpShr:
			if c, ok := a.Y.IsConst(); !ok || c < 0 || a.Op == OpShl && c > 63 {
				return false
			}
		}
		if !Total(a.X) || !Total(a.Y) {
			return false
		}
	}
	return true
}
