package enum

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// classes replaces the domain of each enumerated symbol by one value per
// class of values that make the same requests, each weighted by its
// class's size, so that a grid of thousands of blocks or a loop of
// hundreds of iterations is counted whole instead of sampled.
//
// Two values of a symbol s make the same requests when s enters the
// address only linearly (a·s, no product, quotient or remainder of it;
// a min or max of it counts as the operand it picks, when it picks the
// same one for every thread, and each choice is a class of its own),
// the address moves by a multiple of the period that
// decides the figure (a global memory line, a row of shared banks), and
// each comparison of the guards (under and, or, not) that mentions s is
// decided alike for both: true for every thread and every value of the
// other symbols, or false for every one. A value for which some
// comparison is true for some threads and false for others (the edge of
// a launch, the first or last iteration) is a class of its own.
func (e *enumerator) classes() {
	e.weights = make([][]int64, len(e.enum))
	e.sizes = make([]int64, len(e.enum))
	for i, s := range e.enum {
		e.sizes[i] = int64(len(e.domains[i]))
		if len(e.domains[i]) <= 2 {
			continue
		}
		reps, weights, ok := e.classesOf(s, e.domains[i])
		if !ok || len(reps) == len(e.domains[i]) {
			continue
		}
		e.domains[i], e.weights[i] = reps, weights
	}
}

// weight is how many value combinations the one at idx stands for.
func (e *enumerator) weight(idx []int) int {
	w := int64(1)
	for i, ws := range e.weights {
		if ws != nil {
			w *= ws[idx[i]]
		}
	}
	return int(w)
}

// What a comparison of a guard says for a value of a symbol.
const (
	classFalse = iota // false for every thread and value of the others
	classTrue         // true for every one
	classMixed        // true for some: the value is a class of its own
)

// classesOf groups the domain of s as classes describes: the first value
// of each class, and how many values the class holds; false when s is not
// linear in the address, a comparison that mentions it has no known
// range, or s is tied to other symbols.
func (e *enumerator) classesOf(s affine.Sym, domain []int64) ([]int64, []int64, bool) {
	class, ok := e.classIndex(s, domain)
	if !ok {
		return nil, nil, false
	}
	var reps, weights []int64
	for i, n := range class {
		if n == len(reps) {
			reps, weights = append(reps, domain[i]), append(weights, 0)
		}
		weights[n]++
	}
	return reps, weights, true
}

// classIndex numbers the class of each value of the domain of s, in the
// order of each class's first value (see classesOf).
func (e *enumerator) classIndex(s affine.Sym, domain []int64) ([]int, bool) {
	c := e.ctx
	if e.isSynth(s) || (e.hasHypo && s == e.stride) || c.Meta[s].Joint != nil {
		return nil, false
	}
	for _, j := range e.joints {
		if slices.Contains(j.Syms, s) {
			return nil, false
		}
	}
	// The comparisons, each once: a guard that merges several ways
	// repeats them.
	var cmps []cmpOf
	for _, g := range e.guards {
		for _, cmp := range g.Comparisons() {
			if !cmp.DependsOn(func(t affine.Sym) bool { return t == s }) {
				continue
			}
			if cmp.DependsOn(e.isSynth) {
				return nil, false
			}
			op, x, y, _ := cmp.Comparison()
			k := cmpOf{op: op, d: affine.Sub(x, y)}
			if !slices.ContainsFunc(cmps, func(o cmpOf) bool { return o.op == k.op && affine.Equal(o.d, k.d) }) {
				cmps = append(cmps, k.split(c, s))
			}
		}
	}
	period := int64(c.Arch.LineBytes)
	if e.shared {
		period = int64(c.Arch.Banks * c.Arch.RowWidth)
	}
	res := &resolver{c: c, s: s}
	class := ints(&e.buf.class, len(domain))
	if cap(e.buf.guards) < len(cmps) {
		e.buf.guards = make([]byte, len(cmps))
	}
	g := e.buf.guards[:len(cmps)]
	classes := classTable{entries: e.buf.keys[:0], distinct: strictlyMonotone(domain)}
	defer func() { e.buf.keys = classes.entries }()
	for i, v := range domain {
		// A value whose address still takes s through an operation is a
		// class of its own.
		// The work, and at most the access's share for grouping the
		// values of every symbol; evaluating the requests has another
		// (fitBudget), for which the domain is sampled where the values
		// are not grouped.
		e.work += valueStep + cmpStep*int64(len(cmps))
		for _, cmp := range cmps {
			if !cmp.linear {
				e.work += substStep
			}
		}
		branches, a, linear, decided, slow := res.resolve(e.addr, v)
		if slow {
			e.work += substStep
		}
		if e.work > e.share {
			return nil, false
		}
		if slow {
			var addr affine.Expr
			addr, branches, decided = resolveMinMax(c, e.addr, s, v)
			a, linear = linearIn(addr, s)
		}
		k := classKey{addr: branches, residue: ((a*v)%period + period) % period}
		mixed := !decided || !linear
		for j, cmp := range cmps {
			op := cmp.op
			d, ok := cmp.boundsAt(c, s, v)
			switch {
			case !ok:
				return nil, false
			case ir.HoldsOn(op, d):
				g[j] = classTrue
			case ir.HoldsOn(op.Negate(), d):
				g[j] = classFalse
			default:
				g[j] = classMixed
				mixed = true
			}
		}
		if mixed {
			k.own, k.value = true, v
		}
		class[i] = classes.of(&k, g)
	}
	return class, true
}

// cmpOf is a comparison d op 0 of a guard that mentions the symbol s whose
// classes are sought. Where s enters d only as a term (a·s) or in min and
// max of s and constants alone (max(0, 20 - 7·s)), d is rest plus a value
// of s: the bounds of rest are computed once (split), and at each value v
// of s those of d follow by adding what the s terms come to at v, as
// substituting v would fold them (boundsAt).
type cmpOf struct {
	op     affine.CmpOp
	d      affine.Expr
	linear bool          // d is rest plus the sTerms
	sTerms []affine.Term // the terms of d that mention s
	rest   ir.Interval   // the bounds of rest, where linear and restOK
	restOK bool
}

// split prepares boundsAt for the values of s.
func (k cmpOf) split(c *ir.Context, s affine.Sym) cmpOf {
	rest := affine.Expr{Const: k.d.Const}
	var sTerms []affine.Term
	for _, t := range k.d.Terms {
		switch {
		case t.Atom.Op == affine.OpSym && t.Atom.Sym == s, onlyOf(t.Atom, s):
			sTerms = append(sTerms, t)
		case (affine.Expr{Terms: []affine.Term{t}}).DependsOn(func(x affine.Sym) bool { return x == s }):
			return k
		default:
			rest.Terms = append(rest.Terms, t)
		}
	}
	k.linear, k.sTerms = true, sTerms
	k.rest, k.restOK = ir.Bounds(c, rest)
	return k
}

// onlyOf reports whether a is a min or max whose operands are sums of
// constants, s and such min and max: substituting a value for s folds it
// to a constant (affine.Min and affine.Max fold operands whose difference
// is constant), which foldAt computes.
func onlyOf(a *affine.Atom, s affine.Sym) bool {
	if a.Op != affine.OpMin && a.Op != affine.OpMax {
		return false
	}
	for _, x := range []affine.Expr{a.X, a.Y} {
		for _, t := range x.Terms {
			if !(t.Atom.Op == affine.OpSym && t.Atom.Sym == s) && !onlyOf(t.Atom, s) {
				return false
			}
		}
	}
	return true
}

// foldAt is the constant that substituting v for s folds the terms to,
// terms of s and of onlyOf atoms, with affine's wrapping arithmetic and its
// folding of min and max (the operand whose difference from the other is
// not positive, or not negative).
func foldAt(terms []affine.Term, s affine.Sym, v int64) int64 {
	sum := int64(0)
	for _, t := range terms {
		a := t.Atom
		var x int64
		switch a.Op {
		case affine.OpSym:
			x = v
		case affine.OpMin, affine.OpMax:
			l := a.X.Const + foldAt(a.X.Terms, s, v)
			r := a.Y.Const + foldAt(a.Y.Terms, s, v)
			x = r
			if d := l - r; a.Op == affine.OpMin && d <= 0 || a.Op == affine.OpMax && d >= 0 {
				x = l
			}
		}
		sum += t.Coef * x
	}
	return sum
}

// boundsAt returns the bounds of d with s replaced by v: ir.Bounds of the
// substituted expression, which is rest plus the constant the s terms fold
// to where d is linear in s and its min and max of s alone.
func (k cmpOf) boundsAt(c *ir.Context, s affine.Sym, v int64) (ir.Interval, bool) {
	if !k.linear {
		return ir.Bounds(c, affine.Subst(k.d, s, affine.C(v)))
	}
	add := foldAt(k.sTerms, s, v)
	if !k.restOK {
		return ir.Interval{}, false
	}
	return ir.Interval{Lo: k.rest.Lo + add, Hi: k.rest.Hi + add}, true
}

// linearIn returns the coefficient of s in e, and false when s appears
// inside a product, quotient or other operation.
func linearIn(e affine.Expr, s affine.Sym) (int64, bool) {
	is := func(t affine.Sym) bool { return t == s }
	coef := int64(0)
	for _, t := range e.Terms {
		if t.Atom.Op == affine.OpSym {
			if t.Atom.Sym == s {
				coef += t.Coef
			}
			continue
		}
		if (affine.Expr{Terms: []affine.Term{t}}).DependsOn(is) {
			return 0, false
		}
	}
	return coef, true
}

// resolver tells, for a value v of s, what resolveMinMax and linearIn say
// of an expression, without building the resolved expression, where every
// operand that a min or max of s is resolved to is free of s: the branches
// taken, the coefficient of s in the resolved expression, whether s enters
// it linearly (only as a term), and whether every min and max was decided.
// Elsewhere it says slow, and resolveMinMax must be asked.
type resolver struct {
	c    *ir.Context
	s    affine.Sym
	cmps map[*affine.Atom]cmpOf // X - Y of each min and max, split for s (nil until one is)
}

func (r *resolver) is(t affine.Sym) bool { return t == r.s }

// resolve returns what linearIn says of resolveMinMax(e)'s expression
// (coef, linear), and the branches and decided resolveMinMax returns; slow
// where it cannot tell.
func (r *resolver) resolve(e affine.Expr, v int64) (branches string, coef int64, linear, decided, slow bool) {
	if !e.DependsOn(r.is) {
		return "", 0, true, true, false
	}
	var b []byte // as resolveMinMax's branches, without its fmt.Fprintf (a Builder on the heap per call)
	linear = true
	for _, t := range e.Terms {
		a := t.Atom
		one := affine.Expr{Terms: []affine.Term{t}}
		if (a.Op != affine.OpMin && a.Op != affine.OpMax) || !one.DependsOn(r.is) {
			if a.Op == affine.OpSym && a.Sym == r.s {
				coef += t.Coef
			} else if one.DependsOn(r.is) {
				linear = false
			}
			continue
		}
		k, ok := r.cmps[a]
		if !ok {
			k = cmpOf{d: affine.Sub(a.X, a.Y)}.split(r.c, r.s)
			if r.cmps == nil {
				r.cmps = map[*affine.Atom]cmpOf{}
			}
			r.cmps[a] = k
		}
		d, ok := k.boundsAt(r.c, r.s, v)
		if !ok {
			return "", 0, false, false, false
		}
		var pick affine.Expr
		switch {
		case d.Lo >= 0: // X >= Y
			pick = a.Y
			if a.Op == affine.OpMax {
				pick = a.X
			}
		case d.Hi <= 0: // X <= Y
			pick = a.X
			if a.Op == affine.OpMax {
				pick = a.Y
			}
		default:
			bx, cx, lx, dx, sx := r.resolve(a.X, v)
			by, cy, ly, dy, sy := r.resolve(a.Y, v)
			switch {
			case sx || sy || dx && dy && (cx != 0 || !lx || cy != 0 || !ly):
				return "", 0, false, false, true
			case !dx || !dy:
				return "", 0, false, false, false
			}
			b = append(append(append(append(append(b, '('), bx...), ','), by...), ')')
			continue
		}
		sub, cp, lp, dp, sp := r.resolve(pick, v)
		switch {
		case sp || dp && (cp != 0 || !lp):
			return "", 0, false, false, true
		case !dp:
			return "", 0, false, false, false
		}
		b = append(append(append(strconv.AppendBool(b, affine.Equal(pick, a.X)), '('), sub...), ')')
	}
	if !linear {
		coef = 0
	}
	return string(b), coef, linear, true, false
}

// resolveMinMax replaces, in e, each min and max that mentions s by the
// operand it picks for every thread and every value of the other symbols
// when s is v, and names the picks; a min or max that picks either keeps
// both operands, themselves resolved. decided is false where a bound is
// not known.
func resolveMinMax(c *ir.Context, e affine.Expr, s affine.Sym, v int64) (out affine.Expr, branches string, decided bool) {
	is := func(t affine.Sym) bool { return t == s }
	if !e.DependsOn(is) {
		return e, "", true
	}
	out = affine.C(e.Const)
	var b strings.Builder
	for _, t := range e.Terms {
		one := affine.Expr{Terms: []affine.Term{t}}
		a := t.Atom
		if (a.Op != affine.OpMin && a.Op != affine.OpMax) || !one.DependsOn(is) {
			out = affine.Add(out, one)
			continue
		}
		d, ok := ir.Bounds(c, affine.Subst(affine.Sub(a.X, a.Y), s, affine.C(v)))
		if !ok {
			return e, "", false
		}
		var pick affine.Expr
		switch {
		case d.Lo >= 0: // X >= Y
			pick = a.Y
			if a.Op == affine.OpMax {
				pick = a.X
			}
		case d.Hi <= 0: // X <= Y
			pick = a.X
			if a.Op == affine.OpMax {
				pick = a.Y
			}
		default:
			x, bx, okx := resolveMinMax(c, a.X, s, v)
			y, by, oky := resolveMinMax(c, a.Y, s, v)
			if !okx || !oky {
				return e, "", false
			}
			fmt.Fprintf(&b, "(%s,%s)", bx, by)
			both := affine.Min(x, y)
			if a.Op == affine.OpMax {
				both = affine.Max(x, y)
			}
			out = affine.Add(out, affine.Scale(both, t.Coef))
			continue
		}
		inner, sub, ok := resolveMinMax(c, pick, s, v)
		if !ok {
			return e, "", false
		}
		fmt.Fprintf(&b, "%t(%s)", affine.Equal(pick, a.X), sub)
		out = affine.Add(out, affine.Scale(inner, t.Coef))
	}
	return out, b.String(), true
}
