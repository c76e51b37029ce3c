package affine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Kind says how a symbol varies between threads.
type Kind uint8

const (
	// Uniform symbols have one value for all threads of a block.
	Uniform Kind = iota
	// Thread symbols vary from thread to thread.
	Thread
)

// SymInfo describes a symbol.
type SymInfo struct {
	Name string
	Kind Kind
}

// Table allocates symbols and remembers their names. The zero Table is
// ready to use.
type Table struct{ syms []SymInfo }

// NewTable returns an empty table with room for n symbols.
func NewTable(n int) *Table { return &Table{syms: make([]SymInfo, 0, n)} }

// New allocates a symbol.
func (t *Table) New(name string, k Kind) Sym {
	t.syms = append(t.syms, SymInfo{name, k})
	return Sym(len(t.syms) - 1)
}

// Info describes s.
func (t *Table) Info(s Sym) SymInfo { return t.syms[s] }

// Len returns the number of symbols, one more than the largest Sym.
func (t *Table) Len() int { return len(t.syms) }

// Name returns the name of s.
func (t *Table) Name(s Sym) string { return t.syms[s].Name }

// IsThread reports whether s varies between threads.
func (t *Table) IsThread(s Sym) bool { return t.syms[s].Kind == Thread }

// Env assigns values to symbols: Env[s] is the value of s.
type Env []int64

// ErrUndefined is returned for a division by zero or a negative shift.
var ErrUndefined = errors.New("undefined operation")

// Eval returns the value of e with Go's integer semantics.
func (e Expr) Eval(env Env) (int64, error) {
	v := e.Const
	for _, t := range e.Terms {
		a, err := t.Atom.eval(env)
		if err != nil {
			return 0, err
		}
		v += t.Coef * a
	}
	return v, nil
}

func (a *Atom) eval(env Env) (int64, error) {
	if a.Op == OpSym {
		return env[a.Sym], nil
	}
	x, err := a.X.Eval(env)
	if err != nil {
		return 0, err
	}
	y, err := a.Y.Eval(env)
	if err != nil {
		return 0, err
	}
	v, ok := apply(a.Op, x, y)
	if !ok {
		return 0, fmt.Errorf("%d %s %d: %w", x, opText[a.Op], y, ErrUndefined)
	}
	return v, nil
}

// Syms returns the symbols e mentions, sorted.
func (e Expr) Syms() []Sym {
	var out []Sym
	e.walk(func(s Sym) { out = append(out, s) })
	slices.Sort(out)
	return slices.Compact(out)
}

func (e Expr) walk(f func(Sym)) {
	for _, t := range e.Terms {
		t.Atom.walk(f)
	}
}

func (a *Atom) walk(f func(Sym)) {
	if a.Op == OpSym {
		f(a.Sym)
		return
	}
	a.X.walk(f)
	a.Y.walk(f)
}

// DependsOn reports whether e mentions a symbol for which f is true.
func (e Expr) DependsOn(f func(Sym) bool) bool {
	found := false
	e.walk(func(s Sym) { found = found || f(s) })
	return found
}

// Split separates e into the terms whose atoms mention a symbol for which
// f is true and the rest (the constant included): e = dep + rest.
func Split(e Expr, f func(Sym) bool) (dep, rest Expr) {
	rest.Const = e.Const
	for _, t := range e.Terms {
		one := Expr{Terms: []Term{t}}
		if one.DependsOn(f) {
			dep.Terms = append(dep.Terms, t)
		} else {
			rest.Terms = append(rest.Terms, t)
		}
	}
	return dep, rest
}

// Subst replaces every occurrence of s by v and renormalises.
func Subst(e Expr, s Sym, v Expr) Expr {
	return Map(e, func(x Sym) (Expr, bool) {
		if x == s {
			return v, true
		}
		return Expr{}, false
	})
}

// Map rebuilds e, replacing each symbol x for which f returns true by the
// expression it returns.
func Map(e Expr, f func(Sym) (Expr, bool)) Expr {
	out := C(e.Const)
	for _, t := range e.Terms {
		out = Add(out, Scale(t.Atom.mapSyms(f), t.Coef))
	}
	return out
}

func (a *Atom) mapSyms(f func(Sym) (Expr, bool)) Expr {
	if a.Op == OpSym {
		if v, ok := f(a.Sym); ok {
			return v
		}
		return S(a.Sym)
	}
	x, y := Map(a.X, f), Map(a.Y, f)
	switch a.Op {
	case OpMul:
		return Mul(x, y)
	case OpDiv:
		return Div(x, y)
	case OpMod:
		return Mod(x, y)
	case OpShl:
		return Shl(x, y)
	case OpShr:
		return Shr(x, y)
	case OpAnd:
		return And(x, y)
	case OpOr:
		return Or(x, y)
	case OpXor:
		return Xor(x, y)
	case OpAndNot:
		return AndNot(x, y)
	case OpMin:
		return Min(x, y)
	default:
		return Max(x, y)
	}
}

// Format writes e with symbol names, the way a programmer would:
// "tx*33 + ty", "(tid/2)%8", "n - 1".
func (e Expr) Format(name func(Sym) string) string {
	var b strings.Builder
	for i, t := range e.Terms {
		c := t.Coef
		switch {
		case i == 0 && c < 0:
			b.WriteString("-")
			c = -c
		case i > 0 && c < 0:
			b.WriteString(" - ")
			c = -c
		case i > 0:
			b.WriteString(" + ")
		}
		b.WriteString(t.Atom.format(name, len(e.Terms) > 1 || e.Const != 0 || c != 1))
		if c != 1 {
			b.WriteString("*" + itoa(c))
		}
	}
	switch {
	case len(e.Terms) == 0:
		b.WriteString(itoa(e.Const))
	case e.Const > 0:
		b.WriteString(" + " + itoa(e.Const))
	case e.Const < 0:
		b.WriteString(" - " + itoa(-e.Const))
	}
	return b.String()
}

func (a *Atom) format(name func(Sym) string, nested bool) string {
	switch a.Op {
	case OpSym:
		return name(a.Sym)
	case OpMin, OpMax:
		return opText[a.Op] + "(" + a.X.Format(name) + ", " + a.Y.Format(name) + ")"
	}
	s := operand(a.X, name) + opText[a.Op] + operand(a.Y, name)
	if nested {
		return "(" + s + ")"
	}
	return s
}

func operand(e Expr, name func(Sym) string) string {
	s := e.Format(name)
	if len(e.Terms) > 1 || (len(e.Terms) == 1 && (e.Const != 0 || e.Terms[0].Coef != 1)) {
		return "(" + s + ")"
	}
	if len(e.Terms) == 1 {
		if op := e.Terms[0].Atom.Op; op != OpSym && op != OpMin && op != OpMax {
			return "(" + s + ")"
		}
	}
	return s
}

// String formats e with symbols named s0, s1, ….
func (e Expr) String() string {
	return e.Format(func(s Sym) string { return "s" + itoa(int64(s)) })
}

// Size returns the number of atoms in e, counted through nested atoms and
// capped at limit, so that callers can refuse expressions that grow without
// bound (x = x*x + 1 repeated doubles the normal form each time).
func (e Expr) Size(limit int) int {
	n := 0
	for _, t := range e.Terms {
		n += t.Atom.size(limit - n)
		if n >= limit {
			return limit
		}
	}
	return n
}

func (a *Atom) size(limit int) int {
	if a.Op == OpSym || limit <= 1 {
		return 1
	}
	n := 1 + a.X.Size(limit-1)
	if n >= limit {
		return limit
	}
	return min(limit, n+a.Y.Size(limit-n))
}
