package affine

// CmpOp is a comparison.
type CmpOp uint8

// Comparisons.
const (
	LT CmpOp = iota
	LE
	GT
	GE
	EQ
	NE
)

var cmpText = [...]string{LT: "<", LE: "<=", GT: ">", GE: ">=", EQ: "==", NE: "!="}

// Negate returns the comparison that holds exactly when c does not.
func (c CmpOp) Negate() CmpOp {
	return [...]CmpOp{LT: GE, LE: GT, GT: LE, GE: LT, EQ: NE, NE: EQ}[c]
}

func (c CmpOp) String() string { return cmpText[c] }

type predKind uint8

const (
	predTrue predKind = iota
	predFalse
	predCmp
	predAnd
	predOr
	predNot
)

// Pred is a condition over expressions: comparisons joined by and, or and
// not. The zero Pred is true.
type Pred struct {
	kind predKind
	op   CmpOp
	x, y Expr
	args []Pred
}

// True and False are the constant predicates.
var (
	True  = Pred{kind: predTrue}
	False = Pred{kind: predFalse}
)

// Cmp returns the predicate x op y, folded when x − y is constant.
func Cmp(op CmpOp, x, y Expr) Pred {
	if d, ok := Sub(x, y).IsConst(); ok {
		if compare(op, d, 0) {
			return True
		}
		return False
	}
	return Pred{kind: predCmp, op: op, x: x, y: y}
}

// AndP returns a && b.
func AndP(a, b Pred) Pred {
	switch {
	case a.kind == predFalse || b.kind == predFalse:
		return False
	case a.kind == predTrue:
		return b
	case b.kind == predTrue:
		return a
	}
	return Pred{kind: predAnd, args: []Pred{a, b}}
}

// OrP returns a || b.
func OrP(a, b Pred) Pred {
	switch {
	case a.kind == predTrue || b.kind == predTrue:
		return True
	case a.kind == predFalse:
		return b
	case b.kind == predFalse:
		return a
	}
	return Pred{kind: predOr, args: []Pred{a, b}}
}

// NotP returns !p.
func NotP(p Pred) Pred {
	switch p.kind {
	case predTrue:
		return False
	case predFalse:
		return True
	case predCmp:
		return Pred{kind: predCmp, op: p.op.Negate(), x: p.x, y: p.y}
	case predNot:
		return p.args[0]
	}
	return Pred{kind: predNot, args: []Pred{p}}
}

// IsConst reports whether p is constant, and its value.
func (p Pred) IsConst() (value, ok bool) {
	return p.kind == predTrue, p.kind == predTrue || p.kind == predFalse
}

// Eval returns the value of p.
func (p Pred) Eval(env Env) (bool, error) {
	switch p.kind {
	case predTrue:
		return true, nil
	case predFalse:
		return false, nil
	case predCmp:
		x, err := p.x.Eval(env)
		if err != nil {
			return false, err
		}
		y, err := p.y.Eval(env)
		if err != nil {
			return false, err
		}
		return compare(p.op, x, y), nil
	case predNot:
		v, err := p.args[0].Eval(env)
		return !v, err
	}
	// And and or evaluate every argument, without short cuts, so that an
	// undefined operand is always reported.
	a, err := p.args[0].Eval(env)
	if err != nil {
		return false, err
	}
	b, err := p.args[1].Eval(env)
	if err != nil {
		return false, err
	}
	if p.kind == predAnd {
		return a && b, nil
	}
	return a || b, nil
}

func compare(op CmpOp, x, y int64) bool {
	switch op {
	case LT:
		return x < y
	case LE:
		return x <= y
	case GT:
		return x > y
	case GE:
		return x >= y
	case EQ:
		return x == y
	}
	return x != y
}

// DependsOn reports whether p mentions a symbol for which f is true.
func (p Pred) DependsOn(f func(Sym) bool) bool {
	switch p.kind {
	case predCmp:
		return p.x.DependsOn(f) || p.y.DependsOn(f)
	case predAnd, predOr, predNot:
		for _, a := range p.args {
			if a.DependsOn(f) {
				return true
			}
		}
	}
	return false
}

// Syms returns the symbols p mentions (with repeats).
func (p Pred) Syms() []Sym {
	switch p.kind {
	case predCmp:
		return append(p.x.Syms(), p.y.Syms()...)
	case predAnd, predOr, predNot:
		var out []Sym
		for _, a := range p.args {
			out = append(out, a.Syms()...)
		}
		return out
	}
	return nil
}

// MapP rebuilds p with Map applied to every expression.
func MapP(p Pred, f func(Sym) (Expr, bool)) Pred {
	switch p.kind {
	case predCmp:
		return Cmp(p.op, Map(p.x, f), Map(p.y, f))
	case predAnd:
		return AndP(MapP(p.args[0], f), MapP(p.args[1], f))
	case predOr:
		return OrP(MapP(p.args[0], f), MapP(p.args[1], f))
	case predNot:
		return NotP(MapP(p.args[0], f))
	}
	return p
}

// Format writes p with symbol names.
func (p Pred) Format(name func(Sym) string) string {
	switch p.kind {
	case predTrue:
		return "true"
	case predFalse:
		return "false"
	case predCmp:
		return p.x.Format(name) + " " + p.op.String() + " " + p.y.Format(name)
	case predNot:
		return "!(" + p.args[0].Format(name) + ")"
	case predAnd:
		return p.args[0].Format(name) + " && " + p.args[1].Format(name)
	}
	return "(" + p.args[0].Format(name) + " || " + p.args[1].Format(name) + ")"
}

// Conjuncts returns the operands of a chain of ands (p itself otherwise).
func (p Pred) Conjuncts() []Pred {
	if p.kind != predAnd {
		return []Pred{p}
	}
	return append(p.args[0].Conjuncts(), p.args[1].Conjuncts()...)
}

// Implied returns comparisons that hold wherever p holds (and is
// defined): p itself when it is one, those of each operand of an and, and
// the negated operands of a negated or (!(a || b) holds where !a and !b
// do). What it cannot take apart gives none.
func (p Pred) Implied() []Pred {
	switch p.kind {
	case predCmp:
		return []Pred{p}
	case predAnd:
		return append(p.args[0].Implied(), p.args[1].Implied()...)
	case predNot:
		if a := p.args[0]; a.kind == predOr {
			return append(NotP(a.args[0]).Implied(), NotP(a.args[1]).Implied()...)
		}
	}
	return nil
}

// Comparison returns the operands of a comparison; ok is false for any
// other predicate.
func (p Pred) Comparison() (op CmpOp, x, y Expr, ok bool) {
	return p.op, p.x, p.y, p.kind == predCmp
}

// Comparisons returns every comparison p contains, under and, or and not.
func (p Pred) Comparisons() []Pred {
	if p.kind == predCmp {
		return []Pred{p}
	}
	var out []Pred
	for _, a := range p.args {
		out = append(out, a.Comparisons()...)
	}
	return out
}
