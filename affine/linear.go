package affine

// Linear is an expression that is affine in three variables (a thread
// index), base + kx·x + ky·y + kz·z, with a base and coefficients that do
// not depend on them, compiled so that a caller evaluating it for many
// values of the variables under one environment computes the base and
// coefficients once (Bind) and then only multiplies (At).
type Linear struct {
	base  Program
	coefs [3]Program
	b     int64
	k     [3]int64
	ok    bool
}

// CompileLinear compiles e as a Linear in vars; ok is false when a
// variable occurs other than as a term or in a product with a factor free
// of the variables (under a division, a modulo, a bit operation).
func (e Expr) CompileLinear(vars [3]Sym) (*Linear, bool) {
	isVar := func(s Sym) bool { return s == vars[0] || s == vars[1] || s == vars[2] }
	index := func(x Expr) int {
		if x.Const != 0 || len(x.Terms) != 1 || x.Terms[0].Coef != 1 || x.Terms[0].Atom.Op != OpSym {
			return -1
		}
		for i, v := range vars {
			if x.Terms[0].Atom.Sym == v {
				return i
			}
		}
		return -1
	}
	base := C(e.Const)
	var coefs [3]Expr
	for _, t := range e.Terms {
		term := Expr{Terms: []Term{t}}
		a := t.Atom
		switch {
		case !term.DependsOn(isVar):
			base = Add(base, term)
		case a.Op == OpSym:
			i := index(Expr{Terms: []Term{{Coef: 1, Atom: a}}})
			coefs[i] = Add(coefs[i], C(t.Coef))
		case a.Op == OpMul && index(a.X) >= 0 && !a.Y.DependsOn(isVar):
			i := index(a.X)
			coefs[i] = Add(coefs[i], Scale(a.Y, t.Coef))
		case a.Op == OpMul && index(a.Y) >= 0 && !a.X.DependsOn(isVar):
			i := index(a.Y)
			coefs[i] = Add(coefs[i], Scale(a.X, t.Coef))
		default:
			return nil, false
		}
	}
	l := &Linear{base: base.Compile()}
	for i := range coefs {
		l.coefs[i] = coefs[i].Compile()
	}
	return l, true
}

// Bind computes the base and coefficients under env; the variables' values
// in env do not matter.
func (l *Linear) Bind(env Env) {
	l.b, l.ok = l.base(env)
	for i, c := range l.coefs {
		k, ok := c(env)
		l.k[i], l.ok = k, l.ok && ok
	}
}

// At returns the value for the variables x, y, z under the environment of
// the last Bind, and false where the expression is undefined there (as
// Program).
func (l *Linear) At(x, y, z int64) (int64, bool) {
	return l.b + l.k[0]*x + l.k[1]*y + l.k[2]*z, l.ok
}

// Bound returns the base and coefficients of the last Bind, and false
// where the expression is undefined under its environment.
func (l *Linear) Bound() (base int64, k [3]int64, ok bool) { return l.b, l.k, l.ok }

// LinearPred is a comparison of two expressions whose difference is a
// Linear.
type LinearPred struct {
	op CmpOp
	d  *Linear
}

// CompileLinear compiles a comparison as a LinearPred in vars; ok is false
// for other predicates and for a difference that is not linear.
func (p Pred) CompileLinear(vars [3]Sym) (*LinearPred, bool) {
	op, x, y, ok := p.Comparison()
	if !ok {
		return nil, false
	}
	d, ok := Sub(x, y).CompileLinear(vars)
	if !ok {
		return nil, false
	}
	return &LinearPred{op: op, d: d}, true
}

// Bind is Linear.Bind.
func (p *LinearPred) Bind(env Env) { p.d.Bind(env) }

// Bound returns the comparison op and the base and coefficients of the
// difference under the environment of the last Bind: the comparison holds
// for x, y, z where base + k·(x, y, z) op 0. ok is false where it is
// undefined (as At).
func (p *LinearPred) Bound() (op CmpOp, base int64, k [3]int64, ok bool) {
	base, k, ok = p.d.Bound()
	return p.op, base, k, ok
}

// At returns the value of the comparison for x, y, z, as PredProgram.
func (p *LinearPred) At(x, y, z int64) (value, ok bool) {
	v, ok := p.d.At(x, y, z)
	return compare(p.op, v, 0), ok
}

// Mask returns the lanes of a run of n <= 32 threads at x0+t, y, z (bit t
// for t < n) for which the comparison holds, as At would say for each, and
// false where the comparison is undefined (for all of them, as At). It
// walks the run by adding the x coefficient, which wraps as At's
// products do, so the values are At's.
func (p *LinearPred) Mask(x0, y, z int64, n int) (uint32, bool) {
	d := p.d
	if !d.ok {
		return 0, false
	}
	v := d.b + d.k[0]*x0 + d.k[1]*y + d.k[2]*z
	k := d.k[0]
	if k == 0 {
		// The same value for every lane of the run (a condition on y, z
		// or uniform values: a loop's, most often).
		if compare(p.op, v, 0) {
			return uint32(1)<<n - 1, true // (every bit for n = 32)
		}
		return 0, true
	}
	var m uint32
	switch p.op {
	case LT:
		for t := range n {
			if v < 0 {
				m |= 1 << t
			}
			v += k
		}
	case LE:
		for t := range n {
			if v <= 0 {
				m |= 1 << t
			}
			v += k
		}
	case GT:
		for t := range n {
			if v > 0 {
				m |= 1 << t
			}
			v += k
		}
	case GE:
		for t := range n {
			if v >= 0 {
				m |= 1 << t
			}
			v += k
		}
	case EQ:
		for t := range n {
			if v == 0 {
				m |= 1 << t
			}
			v += k
		}
	default:
		for t := range n {
			if v != 0 {
				m |= 1 << t
			}
			v += k
		}
	}
	return m, true
}

// LinearMask is a predicate built with and, or and not from comparisons
// whose differences are each a Linear: the guard of a branch that merges
// several ways (x >= a && x <= b || !(x >= a) && x <= c). It gives the
// lanes of a run that pass at once, each distinct comparison once, where a
// program would evaluate the whole predicate for each lane. It keeps
// scratch space: one goroutine at a time may use it.
type LinearMask struct {
	kind predKind
	leaf int           // predCmp: the index of its comparison in leaves
	args []*LinearMask // predNot, predAnd, predOr
	// leaves are the distinct comparisons of the tree (of the root only),
	// and vals their lanes during a Mask.
	leaves []*LinearPred
	vals   []uint32
}

// CompileLinearMask compiles p as a LinearMask in vars; ok is false when a
// comparison of p is not linear in vars (see Expr.CompileLinear).
func (p Pred) CompileLinearMask(vars [3]Sym) (*LinearMask, bool) {
	var cmps []Pred // the distinct comparisons, as leaves
	m, ok := p.compileMask(vars, &cmps)
	if !ok {
		return nil, false
	}
	for _, c := range cmps {
		l, _ := c.CompileLinear(vars)
		m.leaves = append(m.leaves, l)
	}
	m.vals = make([]uint32, len(m.leaves))
	return m, true
}

func (p Pred) compileMask(vars [3]Sym, cmps *[]Pred) (*LinearMask, bool) {
	m := &LinearMask{kind: p.kind}
	switch p.kind {
	case predTrue, predFalse:
		return m, true
	case predCmp:
		if _, ok := p.CompileLinear(vars); !ok {
			return nil, false
		}
		d := Sub(p.x, p.y)
		m.leaf = -1
		for i, c := range *cmps {
			if c.op == p.op && Equal(Sub(c.x, c.y), d) {
				m.leaf = i
				break
			}
		}
		if m.leaf < 0 {
			m.leaf = len(*cmps)
			*cmps = append(*cmps, p)
		}
		return m, true
	}
	for _, a := range p.args {
		am, ok := a.compileMask(vars, cmps)
		if !ok {
			return nil, false
		}
		m.args = append(m.args, am)
	}
	return m, true
}

// Bind binds every comparison of the predicate (LinearPred.Bind).
func (m *LinearMask) Bind(env Env) {
	for _, l := range m.leaves {
		l.Bind(env)
	}
}

// Mask returns the lanes of a run of n <= 32 threads at x0+t, y, z (bit t
// for t < n) for which the predicate holds, as its PredProgram would say
// for each, and false where it is undefined: a compiled predicate is
// undefined where any of its comparisons is (and and or evaluate both
// sides), and a comparison's definedness does not depend on the variables.
func (m *LinearMask) Mask(x0, y, z int64, n int) (uint32, bool) {
	for i, l := range m.leaves {
		v, ok := l.Mask(x0, y, z, n)
		if !ok {
			return 0, false
		}
		m.vals[i] = v
	}
	full := uint32(1<<n - 1)
	if n >= 32 {
		full = ^uint32(0)
	}
	return m.mask(m.vals, full), true
}

// mask is Mask with the lanes of each comparison known.
func (m *LinearMask) mask(vals []uint32, full uint32) uint32 {
	switch m.kind {
	case predTrue:
		return full
	case predFalse:
		return 0
	case predCmp:
		return vals[m.leaf]
	case predNot:
		return ^m.args[0].mask(vals, full) & full
	case predAnd:
		return m.args[0].mask(vals, full) & m.args[1].mask(vals, full)
	}
	return m.args[0].mask(vals, full) | m.args[1].mask(vals, full)
}

// At returns the value of the predicate for x, y, z, as Mask for one
// thread.
func (m *LinearMask) At(x, y, z int64) (value, ok bool) {
	v, ok := m.Mask(x, y, z, 1)
	return v&1 != 0, ok
}
