package affine

// Program is an expression compiled for repeated evaluation: it returns
// the value and false for an undefined operation (division by zero, a
// negative shift), with no error value to build on the hot path.
type Program func(Env) (int64, bool)

// Compile returns a Program that computes e as Eval does. Linear terms
// are summed in a loop; atoms become closures specialised for constant
// right operands, which is what index expressions almost always have.
func (e Expr) Compile() Program {
	c := e.Const
	var syms []Sym
	var symCoef []int64
	var atoms []Program
	var atomCoef []int64
	for _, t := range e.Terms {
		if t.Atom.Op == OpSym {
			syms, symCoef = append(syms, t.Atom.Sym), append(symCoef, t.Coef)
			continue
		}
		atoms, atomCoef = append(atoms, t.Atom.compile()), append(atomCoef, t.Coef)
	}
	switch {
	case len(atoms) == 0 && len(syms) == 0:
		return func(Env) (int64, bool) { return c, true }
	case len(atoms) == 0 && len(syms) == 1:
		s, k := syms[0], symCoef[0]
		return func(env Env) (int64, bool) { return c + k*env[s], true }
	case len(atoms) == 0:
		return func(env Env) (int64, bool) {
			v := c
			for i, s := range syms {
				v += symCoef[i] * env[s]
			}
			return v, true
		}
	}
	if len(atoms) == 1 {
		// One compound atom, (tid + i*25) % 32 times a coefficient plus
		// symbols: the commonest index expression.
		f, k := atoms[0], atomCoef[0]
		return func(env Env) (int64, bool) {
			v := c
			for i, s := range syms {
				v += symCoef[i] * env[s]
			}
			x, ok := f(env)
			if !ok {
				return 0, false
			}
			return v + k*x, true
		}
	}
	return func(env Env) (int64, bool) {
		v := c
		for i, s := range syms {
			v += symCoef[i] * env[s]
		}
		for i, f := range atoms {
			x, ok := f(env)
			if !ok {
				return 0, false
			}
			v += atomCoef[i] * x
		}
		return v, true
	}
}

func (a *Atom) compile() Program {
	if a.Op == OpSym {
		s := a.Sym
		return func(env Env) (int64, bool) { return env[s], true }
	}
	op := a.Op
	cy, constY := a.Y.IsConst()
	if l, ok := linearOf(a.X); ok && constY {
		if f := linearConstRight(op, l, cy); f != nil {
			return f
		}
	}
	x := a.X.Compile()
	if constY {
		if f := constRight(op, x, cy); f != nil {
			return f
		}
	}
	y := a.Y.Compile()
	return func(env Env) (int64, bool) {
		xv, ok := x(env)
		if !ok {
			return 0, false
		}
		yv, ok := y(env)
		if !ok {
			return 0, false
		}
		return apply(op, xv, yv)
	}
}

// constRight specialises the operations index expressions use with a
// constant right operand; nil for the others.
func constRight(op Op, x Program, c int64) Program {
	switch {
	case op == OpDiv && c != 0:
		return func(env Env) (int64, bool) {
			v, ok := x(env)
			return v / c, ok
		}
	case op == OpMod && c != 0:
		return func(env Env) (int64, bool) {
			v, ok := x(env)
			return v % c, ok
		}
	case op == OpShr && c >= 0 && c < 64:
		return func(env Env) (int64, bool) {
			v, ok := x(env)
			return v >> c, ok
		}
	case op == OpAnd:
		return func(env Env) (int64, bool) {
			v, ok := x(env)
			return v & c, ok
		}
	case op == OpXor:
		return func(env Env) (int64, bool) {
			v, ok := x(env)
			return v ^ c, ok
		}
	case op == OpMul:
		return func(env Env) (int64, bool) {
			v, ok := x(env)
			return v * c, ok
		}
	}
	return nil
}

// linear is an expression of symbols only, evaluated in place rather
// than through a Program.
type linear struct {
	c     int64
	syms  []Sym
	coefs []int64
}

// linearOf returns e as a linear, when it has no compound atom.
func linearOf(e Expr) (linear, bool) {
	l := linear{c: e.Const}
	for _, t := range e.Terms {
		if t.Atom.Op != OpSym {
			return linear{}, false
		}
		l.syms, l.coefs = append(l.syms, t.Atom.Sym), append(l.coefs, t.Coef)
	}
	return l, true
}

func (l *linear) at(env Env) int64 {
	v := l.c
	for i, s := range l.syms {
		v += l.coefs[i] * env[s]
	}
	return v
}

// linearConstRight is constRight for a linear left operand: one closure
// instead of two.
func linearConstRight(op Op, l linear, c int64) Program {
	switch {
	case op == OpDiv && c != 0:
		return func(env Env) (int64, bool) { return l.at(env) / c, true }
	case op == OpMod && c != 0:
		return func(env Env) (int64, bool) { return l.at(env) % c, true }
	case op == OpShr && c >= 0 && c < 64:
		return func(env Env) (int64, bool) { return l.at(env) >> c, true }
	case op == OpAnd:
		return func(env Env) (int64, bool) { return l.at(env) & c, true }
	case op == OpXor:
		return func(env Env) (int64, bool) { return l.at(env) ^ c, true }
	case op == OpMul:
		return func(env Env) (int64, bool) { return l.at(env) * c, true }
	}
	return nil
}

// PredProgram is a predicate compiled for repeated evaluation: the value,
// and false for an undefined operation.
type PredProgram func(Env) (value, ok bool)

// Compile returns a PredProgram that computes p as Eval does.
func (p Pred) Compile() PredProgram {
	switch p.kind {
	case predTrue:
		return func(Env) (bool, bool) { return true, true }
	case predFalse:
		return func(Env) (bool, bool) { return false, true }
	case predCmp:
		d := Sub(p.x, p.y).Compile()
		op := p.op
		return func(env Env) (bool, bool) {
			v, ok := d(env)
			return compare(op, v, 0), ok
		}
	case predNot:
		a := p.args[0].Compile()
		return func(env Env) (bool, bool) {
			v, ok := a(env)
			return !v, ok
		}
	}
	a, b := p.args[0].Compile(), p.args[1].Compile()
	and := p.kind == predAnd
	return func(env Env) (bool, bool) {
		x, ok1 := a(env)
		y, ok2 := b(env)
		if and {
			return x && y, ok1 && ok2
		}
		return x || y, ok1 && ok2
	}
}
