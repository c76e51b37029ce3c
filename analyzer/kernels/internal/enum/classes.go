package enum

import (
	"fmt"
	"slices"
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

// classesOf groups the domain of s as classes describes; false when s is
// not linear in the address, a comparison that mentions it has no known
// range, or s is tied to other symbols.
func (e *enumerator) classesOf(s affine.Sym, domain []int64) ([]int64, []int64, bool) {
	c := e.ctx
	if e.isSynth(s) || (e.hasHypo && s == e.stride) || c.Meta[s].Joint != nil {
		return nil, nil, false
	}
	for _, j := range e.joints {
		if slices.Contains(j.Syms, s) {
			return nil, nil, false
		}
	}
	var cmps []affine.Pred
	for _, g := range e.guards {
		for _, cmp := range g.Comparisons() {
			if !cmp.DependsOn(func(t affine.Sym) bool { return t == s }) {
				continue
			}
			if cmp.DependsOn(e.isSynth) {
				return nil, nil, false
			}
			cmps = append(cmps, cmp)
		}
	}
	period := int64(c.Arch.LineBytes)
	if e.shared {
		period = int64(c.Arch.Banks * c.Arch.RowWidth)
	}
	type key struct {
		addr    string // the branches of min and max the address takes
		residue int64
		guards  string // one classFalse/classTrue per comparison
		mixed   int64  // the value itself when some comparison is mixed
	}
	index := map[key]int{}
	var reps, weights []int64
	g := make([]byte, len(cmps))
	for _, v := range domain {
		// A value whose address still takes s through an operation is a
		// class of its own.
		addr, branches, decided := resolveMinMax(c, e.addr, s, v)
		a, linear := linearIn(addr, s)
		k := key{addr: branches, residue: ((a*v)%period + period) % period}
		mixed := !decided || !linear
		for j, cmp := range cmps {
			op, x, y, _ := cmp.Comparison()
			d, ok := ir.Bounds(c, affine.Subst(affine.Sub(x, y), s, affine.C(v)))
			switch {
			case !ok:
				return nil, nil, false
			case ir.HoldsOn(op, d):
				g[j] = classTrue
			case ir.HoldsOn(op.Negate(), d):
				g[j] = classFalse
			default:
				g[j] = classMixed
				mixed = true
			}
		}
		k.guards = string(g)
		if mixed {
			k.mixed = v
		}
		if n, ok := index[k]; ok {
			weights[n]++
			continue
		}
		index[k] = len(reps)
		reps, weights = append(reps, v), append(weights, 1)
	}
	return reps, weights, true
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
