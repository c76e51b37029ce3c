package interp

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// tripCount returns, for a loop counted by its iteration number k (start
// + k*step, the start or bound not constants), the number of iterations
// a thread runs: the first k at which the condition fails. The condition
// must be one comparison, <, <=, > or >=, of the loop's variable with a
// value the body does not change, which every iteration moves towards
// failing: a*k + r < 0 with a > 0 first fails at k = ceil(−r/a), or at 0
// when r >= 0. The count may differ between threads
// (for i := 0; i < (16-16*tx)%5; i++).
func tripCount(c *ir.Context, loop *ir.Loop, cond ast.Expr) (affine.Expr, bool) {
	if !loop.HasVar || c.Meta[loop.Var].Role != ir.RoleIter || cond == nil {
		return affine.Expr{}, false
	}
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.LSS && b.Op != token.LEQ && b.Op != token.GTR && b.Op != token.GEQ {
		return affine.Expr{}, false
	}
	op, x, y, ok := loop.Cond.Comparison()
	if !ok {
		return affine.Expr{}, false
	}
	k := loop.Var
	dep, r := affine.Split(affine.Sub(x, y), func(s affine.Sym) bool { return s == k })
	if len(dep.Terms) != 1 || dep.Terms[0].Atom.Op != affine.OpSym || r.DependsOn(func(s affine.Sym) bool { return s == k }) {
		return affine.Expr{}, false
	}
	a := dep.Terms[0].Coef
	// As a*k + r < 0 with a > 0.
	switch op {
	case affine.LE:
		r = affine.Sub(r, affine.C(1))
	case affine.GT:
		a, r = -a, affine.Neg(r)
	case affine.GE:
		a, r = -a, affine.Sub(affine.Neg(r), affine.C(1))
	case affine.LT:
	default:
		return affine.Expr{}, false
	}
	if a <= 0 || !affine.Total(r) {
		return affine.Expr{}, false
	}
	return affine.Max(affine.C(0), affine.Div(affine.Add(affine.Neg(r), affine.C(a-1)), affine.C(a))), true
}

// countedExits gives the variables a counted loop assigns their value
// after it, thread by thread, where tripCount knows how many iterations
// each thread runs: a variable the loop carries has its value in the
// iteration numbered trips, which the thread does not run (entry +
// trips*advance); one the body sets from what the loop does not change
// (and its iteration number k) has the value the body left it in, with k
// at trips − 1, where the thread ran an iteration, and its entry value
// where it ran none. vars are the variables with their entry values, and
// the environment is the body's at its end.
func (in *interp) countedExits(vars []assigned, loop *ir.Loop, trips affine.Expr, carried map[types.Object]value, mark int) map[types.Object]value {
	k := loop.Var
	stale := func(s affine.Sym) bool { return int(s) >= mark && s != k }
	ran := affine.Cmp(affine.GT, trips, affine.C(0))
	last := affine.Sub(trips, affine.C(1))
	out := map[types.Object]value{}
	for _, a := range vars {
		// A carried value in terms of k alone (entry + k*advance), not a
		// sequence's symbol tied to k (see sequence), which has no value
		// past the iterations.
		if v, ok := carried[a.obj]; ok && v.kind == vScalar && !v.e.DependsOn(stale) {
			out[a.obj] = scalar(affine.Subst(v.e, k, trips))
			continue
		}
		if v, ok := carried[a.obj]; ok && v.kind == vRef && !v.ref.off.DependsOn(stale) {
			r := *v.ref
			r.off = affine.Subst(v.ref.off, k, trips)
			out[a.obj] = refValue(&r)
			continue
		}
		v := in.val(a.obj)
		if v.kind != vScalar || a.entry.kind != vScalar || !isInteger(a.obj.Type()) || v.e.DependsOn(stale) {
			continue
		}
		if e, ok := in.selectExpr(ran, affine.Subst(v.e, k, last), a.entry.e); ok {
			out[a.obj] = scalar(e)
		}
	}
	return out
}
