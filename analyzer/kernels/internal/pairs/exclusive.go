package pairs

// Conditions on data that exclude each other: thread A writes under
// in[0] > 5 and thread B reads under in[0] < 3. The input is unknown, but
// it is one value for both threads (the interpreter gives two loads of
// one fixed input address one symbol), and no value lets both in: the
// pair never races, for any data. The conditions compared are those on
// input values the same for every thread, block and iteration (a load of
// a global array the kernel never stores to, at an address that names
// nothing but constants and the launch's values); any other condition on
// data is left out of the question, which can only make a race more
// possible.

import (
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// exclusive reports whether the conditions of a and b on fixed input
// values can never hold together.
func exclusive(c *ir.Context, a, b *ir.Access) bool {
	var conds []affine.Pred
	var syms []affine.Sym
	for _, x := range []*ir.Access{a, b} {
		for _, conj := range x.Guard().Conjuncts() {
			ss := conj.Syms()
			if len(ss) == 0 || !allFixedInput(c, ss) {
				continue
			}
			conds = append(conds, conj)
			for _, s := range ss {
				if !slices.Contains(syms, s) {
					syms = append(syms, s)
				}
			}
		}
	}
	return len(conds) > 0 && !satisfiable(c, conds, syms)
}

// allFixedInput reports whether every symbol is a value loaded from input
// memory at an address the same for every thread, block and iteration.
func allFixedInput(c *ir.Context, syms []affine.Sym) bool {
	for _, s := range syms {
		if !c.IsInput(s) || !c.Meta[s].Loaded {
			return false
		}
		for _, t := range c.Meta[s].At.Syms() {
			switch c.Meta[t].Role {
			case ir.RoleParam, ir.RoleLen, ir.RoleGridDim:
			default:
				return false
			}
		}
	}
	return true
}

// maxCombinations bounds the values satisfiable tries.
const maxCombinations = 1 << 12

// satisfiable reports whether some values of syms make every condition
// hold, and true where it cannot tell. Each comparison must be linear in
// one symbol: the truth of k·s + b op 0 changes only at s = −b/k, so the
// values around each such point, and beyond the outermost, stand for all
// (and, each comparison naming one symbol, the combinations of each
// symbol's values for all assignments).
func satisfiable(c *ir.Context, conds []affine.Pred, syms []affine.Sym) bool {
	cands := map[affine.Sym][]int64{}
	for _, s := range syms {
		cands[s] = []int64{0}
	}
	for _, p := range conds {
		for _, cmp := range p.Comparisons() {
			_, x, y, _ := cmp.Comparison()
			s, k, b, ok := linearInOne(affine.Sub(x, y))
			if !ok {
				return true
			}
			if k == 0 {
				continue
			}
			q := floorDiv(-b, k)
			cands[s] = append(cands[s], q-1, q, q+1, q+2)
		}
	}
	n := 1
	for _, s := range syms {
		n *= len(cands[s])
		if n > maxCombinations {
			return true
		}
	}
	env := c.NewEnv(0)
	for i := range n {
		j := i
		for _, s := range syms {
			vs := cands[s]
			env[s] = vs[j%len(vs)]
			j /= len(vs)
		}
		all := true
		for _, p := range conds {
			v, err := p.Eval(env)
			if err != nil {
				return true
			}
			all = all && v
		}
		if all {
			return true
		}
	}
	return false
}

// linearInOne returns e as k·s + b, where e names at most the one symbol
// s, and only as a term of its own.
func linearInOne(e affine.Expr) (s affine.Sym, k, b int64, ok bool) {
	switch len(e.Terms) {
	case 0:
		return 0, 0, e.Const, true
	case 1:
		if t := e.Terms[0]; t.Atom.Op == affine.OpSym {
			return t.Atom.Sym, t.Coef, e.Const, true
		}
	}
	return 0, 0, 0, false
}
