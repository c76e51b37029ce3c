// Package affine holds symbolic integer expressions over thread symbols
// (a thread's index within its block), uniform symbols (values shared by the
// threads of a block: block indices, dimensions, parameters, loop variables)
// and constants.
//
// An Expr is kept in a normal form: a constant plus a sum of terms, each an
// integer coefficient times an atom. An atom is a symbol, or an operation
// the normal form cannot distribute over (a product of two non-constant
// expressions, division, remainder, shifts, bitwise operations, min, max).
// Equal expressions have equal normal forms, so Equal and String are exact.
// Evaluation follows Go's integer semantics: / truncates toward zero and %
// takes the sign of the dividend.
//
// The package knows nothing of Go syntax; the analyzer translates syntax
// into expressions and back into positions.
package affine

import (
	"math"
	"slices"
	"strings"
)

// Sym identifies a symbol of a Table.
type Sym int32

// Op is the operation of an atom.
type Op uint8

// Atom operations.
const (
	OpSym    Op = iota
	OpMul       // X * Y, neither constant
	OpDiv       // X / Y, truncated
	OpMod       // X % Y, sign of X
	OpShl       // X << Y, Y not constant
	OpShr       // X >> Y (arithmetic)
	OpAnd       // X & Y
	OpOr        // X | Y
	OpXor       // X ^ Y
	OpAndNot    // X &^ Y
	OpMin       // min(X, Y)
	OpMax       // max(X, Y)
)

var opText = [...]string{OpSym: "", OpMul: "*", OpDiv: "/", OpMod: "%", OpShl: "<<", OpShr: ">>",
	OpAnd: "&", OpOr: "|", OpXor: "^", OpAndNot: "&^", OpMin: "min", OpMax: "max"}

// Atom is an indivisible part of an expression. Atoms are immutable.
type Atom struct {
	Op   Op
	Sym  Sym  // OpSym
	X, Y Expr // the operands of the other operations
	key  string
}

// Term is a coefficient times an atom.
type Term struct {
	Coef int64
	Atom *Atom
}

// Expr is Const + Σ Terms[i].Coef × Terms[i].Atom, with Terms sorted by
// atom key and no zero coefficient. The zero Expr is the constant 0.
// Exprs are immutable values.
type Expr struct {
	Const int64
	Terms []Term
}

// C returns the constant c.
func C(c int64) Expr { return Expr{Const: c} }

// S returns the symbol s as an expression. The atom and the one-term
// slice are allocated together: the interpreter makes a symbol's
// expression each time it binds or reads one.
func S(s Sym) Expr {
	b := &symExpr{atom: Atom{Op: OpSym, Sym: s, key: symKey(s)}}
	b.terms[0] = Term{1, &b.atom}
	return Expr{Terms: b.terms[:]}
}

// symExpr holds the atom and the term of S's expression.
type symExpr struct {
	terms [1]Term
	atom  Atom
}

// keyedAtomExpr is the expression of the compound atom a, whose operands'
// keys, kx and ky, are at hand: its key is "(kx op ky)".
func keyedAtomExpr(a *Atom, kx, ky string) Expr {
	a.key = "(" + kx + opText[a.Op] + ky + ")"
	return Expr{Terms: []Term{{1, a}}}
}

// symKey is the key of symbol s: symbols sort before compound atoms, in
// the order they were made ("$" and the number, zero-padded to 8 digits).
func symKey(s Sym) string {
	if s >= 0 && s < 1e8 {
		var buf [9]byte
		buf[0] = '$'
		v := int64(s)
		for i := 8; i >= 1; i-- {
			buf[i] = byte('0' + v%10)
			v /= 10
		}
		return string(buf[:])
	}
	d := itoa(int64(s))
	return "$" + strings.Repeat("0", max(0, 8-len(d))) + d
}

func (e Expr) key() string {
	var b strings.Builder
	b.WriteString(itoa(e.Const))
	for _, t := range e.Terms {
		b.WriteString("+")
		b.WriteString(itoa(t.Coef))
		b.WriteString(t.Atom.key)
	}
	return b.String()
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	neg := v < 0
	u := uint64(v)
	if neg {
		u = -u
	}
	var buf [21]byte
	i := len(buf)
	for u > 0 {
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

// IsConst reports whether e is a constant, and which.
func (e Expr) IsConst() (int64, bool) { return e.Const, len(e.Terms) == 0 }

// Equal reports whether two expressions have the same normal form.
//
// The normal form is unique and an atom's key names it (see keyedAtomExpr and symKey),
// so the comparison is term by term, without building the keys of the
// whole expressions.
func Equal(a, b Expr) bool {
	if a.Const != b.Const || len(a.Terms) != len(b.Terms) {
		return false
	}
	for i, ta := range a.Terms {
		tb := b.Terms[i]
		if ta.Coef != tb.Coef || ta.Atom != tb.Atom && ta.Atom.key != tb.Atom.key {
			return false
		}
	}
	return true
}

// Add returns a + b.
func Add(a, b Expr) Expr { return combine(a, 1, b, 1) }

// Sub returns a − b.
func Sub(a, b Expr) Expr { return combine(a, 1, b, -1) }

// Neg returns −a.
func Neg(a Expr) Expr { return Scale(a, -1) }

// Scale returns c × a.
func Scale(a Expr, c int64) Expr {
	if c == 0 {
		return Expr{}
	}
	out := Expr{Const: a.Const * c, Terms: make([]Term, len(a.Terms))}
	for i, t := range a.Terms {
		out.Terms[i] = Term{t.Coef * c, t.Atom}
	}
	return out
}

// combine returns ca×a + cb×b in normal form.
func combine(a Expr, ca int64, b Expr, cb int64) Expr {
	out := Expr{Const: a.Const*ca + b.Const*cb}
	terms := make([]Term, 0, len(a.Terms)+len(b.Terms))
	i, j := 0, 0
	for i < len(a.Terms) || j < len(b.Terms) {
		switch {
		case j == len(b.Terms) || (i < len(a.Terms) && a.Terms[i].Atom.key < b.Terms[j].Atom.key):
			terms = append(terms, Term{a.Terms[i].Coef * ca, a.Terms[i].Atom})
			i++
		case i == len(a.Terms) || b.Terms[j].Atom.key < a.Terms[i].Atom.key:
			terms = append(terms, Term{b.Terms[j].Coef * cb, b.Terms[j].Atom})
			j++
		default:
			if c := a.Terms[i].Coef*ca + b.Terms[j].Coef*cb; c != 0 {
				terms = append(terms, Term{c, a.Terms[i].Atom})
			}
			i++
			j++
		}
	}
	if len(terms) > 0 {
		out.Terms = terms
	}
	return out
}

// Mul returns a × b. A product of two non-constant expressions is
// distributed over the terms of both, so (x+1)*(y+2) = x*y + 2x + y + 2.
func Mul(a, b Expr) Expr {
	if c, ok := a.IsConst(); ok {
		return Scale(b, c)
	}
	if c, ok := b.IsConst(); ok {
		return Scale(a, c)
	}
	out := Add(Scale(a, b.Const), Scale(Expr{Terms: b.Terms}, a.Const))
	for _, ta := range a.Terms {
		for _, tb := range b.Terms {
			x, y := Expr{Terms: []Term{{1, ta.Atom}}}, Expr{Terms: []Term{{1, tb.Atom}}}
			kx, ky := x.key(), y.key()
			if ky < kx {
				x, y, kx, ky = y, x, ky, kx
			}
			out = Add(out, Scale(keyedAtomExpr(&Atom{Op: OpMul, X: x, Y: y}, kx, ky), ta.Coef*tb.Coef))
		}
	}
	return out
}

// binary returns the atom op(x, y) after the simplifications every
// operation shares: constant folding and sorted operands where op commutes.
func binary(op Op, x, y Expr) Expr {
	cx, xc := x.IsConst()
	cy, yc := y.IsConst()
	if xc && yc {
		if v, ok := apply(op, cx, cy); ok {
			return C(v)
		}
	}
	kx, ky := x.key(), y.key()
	switch op {
	case OpAnd, OpOr, OpXor, OpMin, OpMax:
		if ky < kx {
			x, y, kx, ky = y, x, ky, kx
		}
	}
	return keyedAtomExpr(&Atom{Op: op, X: x, Y: y}, kx, ky)
}

// Div returns a / b (truncated).
func Div(a, b Expr) Expr {
	c, ok := b.IsConst()
	switch {
	case ok && c == 1:
		return a
	case ok && c == -1:
		return Neg(a)
	case ok && c != 0 && divisible(a, c):
		return exactDiv(a, c)
	case ok && c > 0:
		// (x / c1) / c2 == x / (c1*c2) for positive divisors.
		if in, ok := singleAtom(a, OpDiv); ok {
			if c1, ok := in.Y.IsConst(); ok && c1 > 0 && c1 <= math.MaxInt64/c {
				return binary(OpDiv, in.X, C(c1*c))
			}
		}
	}
	return binary(OpDiv, a, b)
}

// Mod returns a % b (sign of a).
func Mod(a, b Expr) Expr {
	c, ok := b.IsConst()
	if ok && (c == 1 || c == -1 || (c != 0 && divisible(a, c))) {
		return Expr{}
	}
	return binary(OpMod, a, b)
}

// Shl returns a << b; a constant shift is a multiplication.
func Shl(a, b Expr) Expr {
	if c, ok := b.IsConst(); ok && c >= 0 && c < 63 {
		return Scale(a, 1<<c)
	}
	return binary(OpShl, a, b)
}

// Shr returns a >> b (arithmetic).
func Shr(a, b Expr) Expr {
	if c, ok := b.IsConst(); ok && c == 0 {
		return a
	}
	return binary(OpShr, a, b)
}

// And returns a & b.
func And(a, b Expr) Expr {
	if c, ok := b.IsConst(); ok && c == 0 {
		return Expr{}
	}
	if c, ok := a.IsConst(); ok && c == 0 {
		return Expr{}
	}
	return binary(OpAnd, a, b)
}

// Or returns a | b.
func Or(a, b Expr) Expr { return bitwiseIdentity(OpOr, a, b) }

// Xor returns a ^ b.
func Xor(a, b Expr) Expr {
	if Equal(a, b) {
		return Expr{}
	}
	return bitwiseIdentity(OpXor, a, b)
}

// AndNot returns a &^ b.
func AndNot(a, b Expr) Expr {
	if c, ok := b.IsConst(); ok && c == 0 {
		return a
	}
	return binary(OpAndNot, a, b)
}

func bitwiseIdentity(op Op, a, b Expr) Expr {
	if c, ok := b.IsConst(); ok && c == 0 {
		return a
	}
	if c, ok := a.IsConst(); ok && c == 0 {
		return b
	}
	return binary(op, a, b)
}

// Min returns min(a, b).
func Min(a, b Expr) Expr {
	if d, ok := Sub(a, b).IsConst(); ok {
		if d <= 0 {
			return a
		}
		return b
	}
	return binary(OpMin, a, b)
}

// Max returns max(a, b).
func Max(a, b Expr) Expr {
	if d, ok := Sub(a, b).IsConst(); ok {
		if d >= 0 {
			return a
		}
		return b
	}
	return binary(OpMax, a, b)
}

// maxExactCoef bounds the coefficients divisible trusts. c×x / c == x only
// while c×x does not wrap at 64 bits, and the symbols hold values no larger
// than 2^31 in practice (indices, sizes); a larger coefficient may have
// wrapped (tid*(1<<62)/(1<<58)), so its division is left to evaluation,
// which wraps as Go does.
const maxExactCoef = 1 << 31

func divisible(a Expr, c int64) bool {
	if a.Const%c != 0 {
		return false
	}
	for _, t := range a.Terms {
		if t.Coef%c != 0 || t.Coef > maxExactCoef || t.Coef < -maxExactCoef {
			return false
		}
	}
	return true
}

func exactDiv(a Expr, c int64) Expr {
	out := Expr{Const: a.Const / c, Terms: slices.Clone(a.Terms)}
	for i := range out.Terms {
		out.Terms[i].Coef /= c
	}
	return out
}

// singleAtom returns the atom of op when e is exactly 1 × that atom.
func singleAtom(e Expr, op Op) (*Atom, bool) {
	if e.Const != 0 || len(e.Terms) != 1 || e.Terms[0].Coef != 1 || e.Terms[0].Atom.Op != op {
		return nil, false
	}
	return e.Terms[0].Atom, true
}

// apply evaluates op on constants with Go's semantics; ok is false for a
// division by zero or an out-of-range shift.
func apply(op Op, x, y int64) (int64, bool) {
	switch op {
	case OpMul:
		return x * y, true
	case OpDiv:
		if y == 0 {
			return 0, false
		}
		return x / y, true
	case OpMod:
		if y == 0 {
			return 0, false
		}
		return x % y, true
	case OpShl:
		if y < 0 || y > 63 {
			return 0, false
		}
		return x << y, true
	case OpShr:
		if y < 0 {
			return 0, false
		}
		if y > 63 {
			y = 63
		}
		return x >> y, true
	case OpAnd:
		return x & y, true
	case OpOr:
		return x | y, true
	case OpXor:
		return x ^ y, true
	case OpAndNot:
		return x &^ y, true
	case OpMin:
		return min(x, y), true
	case OpMax:
		return max(x, y), true
	}
	return 0, false
}

// DivNonNeg returns a / d for a constant d > 0 when every atom of a is
// known to be non-negative (nonneg says which symbols are) and its
// coefficients and constant are too: then the terms that are multiples of
// d come out of the division, (32*x + y)/32 = x + y/32, which Div alone
// cannot do because truncation differs from floor for negative values.
func DivNonNeg(a Expr, d int64, nonneg func(Sym) bool) Expr {
	whole, rest, ok := splitMultiples(a, d, nonneg)
	if !ok {
		return Div(a, C(d))
	}
	return Add(exactDiv(whole, d), Div(rest, C(d)))
}

// ModNonNeg returns a % d under the same conditions as DivNonNeg:
// (32*x + y) % 32 = y % 32.
func ModNonNeg(a Expr, d int64, nonneg func(Sym) bool) Expr {
	_, rest, ok := splitMultiples(a, d, nonneg)
	if !ok {
		return Mod(a, C(d))
	}
	return Mod(rest, C(d))
}

// splitMultiples splits a non-negative a into the terms that are
// multiples of d and the rest, both non-negative.
func splitMultiples(a Expr, d int64, nonneg func(Sym) bool) (whole, rest Expr, ok bool) {
	if d <= 0 || a.Const < 0 || !a.nonNegAtoms(nonneg) {
		return Expr{}, Expr{}, false
	}
	whole.Const, rest.Const = a.Const-a.Const%d, a.Const%d
	for _, t := range a.Terms {
		if t.Coef < 0 || t.Coef > maxExactCoef {
			return Expr{}, Expr{}, false
		}
		if t.Coef%d == 0 {
			whole.Terms = append(whole.Terms, t)
		} else {
			rest.Terms = append(rest.Terms, t)
		}
	}
	return whole, rest, true
}

// nonNegAtoms reports whether every atom of e is non-negative whenever
// the symbols nonneg names are.
func (e Expr) nonNegAtoms(nonneg func(Sym) bool) bool {
	for _, t := range e.Terms {
		if !t.Atom.nonNeg(nonneg) {
			return false
		}
	}
	return true
}

func (a *Atom) nonNeg(nonneg func(Sym) bool) bool {
	if a.Op == OpSym {
		return nonneg(a.Sym)
	}
	operand := func(x Expr) bool {
		if x.Const < 0 {
			return false
		}
		for _, t := range x.Terms {
			if t.Coef < 0 || !t.Atom.nonNeg(nonneg) {
				return false
			}
		}
		return true
	}
	switch a.Op {
	case OpAnd:
		return operand(a.X) || operand(a.Y)
	case OpMul, OpDiv, OpMod, OpShr, OpShl, OpOr, OpXor, OpMin, OpMax, OpAndNot:
		return operand(a.X) && operand(a.Y)
	}
	return false
}

// NonNegative reports whether a is never negative when the symbols
// nonneg names are not: a constant and coefficients that are not negative
// and atoms that cannot be.
func NonNegative(a Expr, nonneg func(Sym) bool) bool {
	if a.Const < 0 || !a.nonNegAtoms(nonneg) {
		return false
	}
	for _, t := range a.Terms {
		if t.Coef < 0 {
			return false
		}
	}
	return true
}
