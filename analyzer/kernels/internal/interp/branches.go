package interp

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

func (in *interp) ifStmt(s *ast.IfStmt) exits {
	if s.Init != nil {
		in.stmt(s.Init)
	}
	cond := in.cond(s.Cond)
	text := in.text(s.Cond)
	if v, ok := cond.IsConst(); ok {
		// A condition known at compile time (a constant, or the launch
		// shape) picks one branch, like the template unrolling it replaces.
		if v {
			return in.stmt(s.Body)
		}
		if s.Else != nil {
			return in.stmt(s.Else)
		}
		return noExit
	}
	before := in.env.clone()
	exThen := in.branch(ir.Ctrl{Kind: ir.CtrlIf, Pred: cond, Pos: s.Cond.Pos(), Text: text}, s.Body)
	envThen := in.env
	in.env = before
	exElse := noExit
	if s.Else != nil {
		exElse = in.branch(ir.Ctrl{Kind: ir.CtrlElse, Pred: affine.NotP(cond), Pos: s.Cond.Pos(), Text: text}, s.Else)
	}
	in.env = in.mergeEnv(envThen, in.env, ir.Ctrl{Kind: ir.CtrlIf, Pred: cond, Pos: s.Cond.Pos(), Text: text})
	return exits{
		ret: affine.OrP(affine.AndP(cond, exThen.ret), affine.AndP(affine.NotP(cond), exElse.ret)),
		brk: affine.OrP(affine.AndP(cond, exThen.brk), affine.AndP(affine.NotP(cond), exElse.brk)),
	}
}

// branch evaluates s under one more condition.
func (in *interp) branch(c ir.Ctrl, s ast.Stmt) exits {
	in.ctrl = append(in.ctrl, c)
	ex := in.stmt(s)
	in.ctrl = in.ctrl[:len(in.ctrl)-1]
	return ex
}

func (in *interp) switchStmt(s *ast.SwitchStmt) exits {
	if s.Init != nil {
		in.stmt(s.Init)
	}
	var tag value
	hasTag := s.Tag != nil
	if hasTag {
		tag = in.eval(s.Tag)
	}
	before := in.env.clone()
	var envs []*env
	var conds []ir.Ctrl
	prior := affine.False
	out := noExit
	var deflt *ast.CaseClause
	for _, cc := range s.Body.List {
		clause := cc.(*ast.CaseClause)
		if clause.List == nil {
			deflt = clause
			continue
		}
		c := affine.False
		for _, e := range clause.List {
			if hasTag {
				c = affine.OrP(c, in.compare(token.EQL, tag, in.eval(e)))
			} else {
				c = affine.OrP(c, in.cond(e))
			}
		}
		taken := affine.AndP(affine.NotP(prior), c)
		prior = affine.OrP(prior, c)
		in.env = before.clone()
		ex := in.branch(ir.Ctrl{Kind: ir.CtrlIf, Pred: taken, Pos: clause.Pos(), Text: in.text(clause.List[0])}, &ast.BlockStmt{List: clause.Body})
		out.ret = affine.OrP(out.ret, affine.AndP(taken, ex.ret))
		envs, conds = append(envs, in.env), append(conds, ir.Ctrl{Kind: ir.CtrlIf, Pred: taken, Pos: clause.Pos(), Text: in.text(clause.List[0])})
	}
	rest := affine.NotP(prior)
	in.env = before.clone()
	if deflt != nil {
		ex := in.branch(ir.Ctrl{Kind: ir.CtrlElse, Pred: rest, Pos: deflt.Pos(), Text: "default"}, &ast.BlockStmt{List: deflt.Body})
		out.ret = affine.OrP(out.ret, affine.AndP(rest, ex.ret))
	}
	for i, e := range envs {
		in.env = in.mergeEnv(e, in.env, conds[i])
	}
	return out
}

// mergeEnv joins the environments after two branches taken under the
// condition of then and its negation: a reference that differs is a
// choice between the two (see ref.alts), any other variable that differs
// becomes an unknown value that varies between threads if either value
// or the condition does.
//
// The join is written into b, which callers own (the environment of the
// else branch, a clone), and returned: an if statement then allocates one
// environment, not two.
func (in *interp) mergeEnv(a, b *env, then ir.Ctrl) *env {
	out := b
	for i := range b.slots {
		if _, ok := a.at(i); !ok {
			b.del(i) // declared in one branch only: out of scope after it
		}
	}
	cond := then.Pred
	condVaries := in.predVaries(cond)
	for i := range a.slots {
		va, ok := a.at(i)
		if !ok {
			continue
		}
		vb, ok := b.at(i)
		if !ok {
			continue // declared in one branch only: out of scope after it
		}
		k := in.vars[i]
		if equalValues(va, vb) {
			out.put(i, va, len(in.vars))
			continue
		}
		if v, ok := clamp(va, vb, cond, k.Type()); ok {
			out.put(i, v, len(in.vars))
			continue
		}
		if va.kind == vBool && vb.kind == vBool {
			// A condition set in a branch (flag := false; if c { flag =
			// true }) is the condition of the branch taken: exact.
			out.put(i, boolean(affine.OrP(affine.AndP(cond, va.cond()), affine.AndP(affine.NotP(cond), vb.cond()))), len(in.vars))
			continue
		}
		if v, ok := in.selectValue(va, vb, cond, k.Type()); ok {
			out.put(i, v, len(in.vars))
			continue
		}
		if va.kind == vRef && vb.kind == vRef && va.ref.slice && vb.ref.slice && va.ref.arr == vb.ref.arr &&
			va.ref.remote == vb.ref.remote && types.Identical(va.ref.typ, vb.ref.typ) {
			// A slice re-sliced in one branch: the same array, at an
			// offset that depends on the branch taken.
			delta := in.opaque(types.Typ[types.Int], condVaries || in.varies(va) || in.varies(vb),
				"the offset of "+k.Name()+", which branches re-slice differently", boolean(cond))
			r := va.ref.withOffset(affine.Scale(delta.e, in.sizes.Sizeof(va.ref.typ)), va.ref.typ, true)
			r.hasLen = false
			out.put(i, refValue(r), len(in.vars))
			continue
		}
		if r, ok := choose(va, vb, then); ok {
			out.put(i, refValue(r), len(in.vars))
			continue
		}
		out.put(i, in.opaque(k.Type(), condVaries || in.varies(va) || in.varies(vb),
			k.Name()+", which branches set to different values", va, vb, boolean(cond)), len(in.vars))
	}
	return out
}

// choose joins two references of one type that branches chose, va where
// then holds and vb elsewhere, into a choice between them: an access
// through it is one access per alternative, under its condition, so that
// neither is left out (p := &a[12]; if c != 0 { p = &b[3] }).
func choose(va, vb value, then ir.Ctrl) (*ref, bool) {
	if va.kind != vRef || vb.kind != vRef || va.ref.slice != vb.ref.slice || va.ref.remote || vb.ref.remote ||
		!types.Identical(va.ref.typ, vb.ref.typ) {
		return nil, false
	}
	els := then
	els.Kind, els.Pred = ir.CtrlElse, affine.NotP(then.Pred)
	var alts []refAlt
	add := func(r *ref, c ir.Ctrl) {
		if r.alts == nil {
			alts = append(alts, refAlt{c, r})
			return
		}
		for _, a := range r.alts {
			// A choice made before, inside this branch: both conditions.
			inner := a.ctrl
			inner.Pred = affine.AndP(c.Pred, a.ctrl.Pred)
			alts = append(alts, refAlt{inner, a.r})
		}
	}
	add(va.ref, then)
	add(vb.ref, els)
	if len(alts) > maxAlts {
		return nil, false
	}
	r := *alts[0].r
	r.alts = alts
	for _, a := range alts[1:] {
		if !r.hasLen || !a.r.hasLen || !affine.Equal(r.length, a.r.length) {
			// len of the choice is no one alternative's.
			r.hasLen = false
		}
	}
	return &r, true
}

// clamp recognizes a merge that is a min or max: `if x < lo { x = lo }`
// leaves max(x, lo), `if blk < 0 { v = -blk }` over v = 0 leaves
// max(-blk, 0). va holds where cond does, vb elsewhere. With cond x − y op 0
// and va − vb = ±(x − y), the branch taken is the one with the larger (or
// smaller) value, and at x = y both are equal.
func clamp(va, vb value, cond affine.Pred, t types.Type) (value, bool) {
	if va.kind != vScalar || vb.kind != vScalar || !isInteger(t) {
		return value{}, false
	}
	op, x, y, ok := cond.Comparison()
	if !ok {
		return value{}, false
	}
	e, d := affine.Sub(x, y), affine.Sub(va.e, vb.e)
	var up bool // where cond holds, va − vb ≥ 0
	switch {
	case affine.Equal(d, affine.Neg(e)) && (op == affine.LT || op == affine.LE):
		up = true
	case affine.Equal(d, e) && (op == affine.GT || op == affine.GE):
		up = true
	case affine.Equal(d, e) && (op == affine.LT || op == affine.LE):
	case affine.Equal(d, affine.Neg(e)) && (op == affine.GT || op == affine.GE):
	default:
		return value{}, false
	}
	if up {
		return scalar(affine.Max(va.e, vb.e)), true
	}
	return scalar(affine.Min(va.e, vb.e)), true
}

// selectValue joins two integers, or two slices of one array, that
// branches set, va where cond holds and vb elsewhere, into the value that
// chooses between them by cond (see affine.Select): exact for every thread
// whichever branch it took, where cond's comparisons can be written as
// arithmetic.
func (in *interp) selectValue(va, vb value, cond affine.Pred, t types.Type) (value, bool) {
	switch {
	case va.kind == vScalar && vb.kind == vScalar && isInteger(t):
		e, ok := in.selectExpr(cond, va.e, vb.e)
		return scalar(e), ok
	case va.kind == vRef && vb.kind == vRef && va.ref.slice && vb.ref.slice && va.ref.arr == vb.ref.arr &&
		va.ref.alts == nil && vb.ref.alts == nil &&
		va.ref.remote == vb.ref.remote && types.Identical(va.ref.typ, vb.ref.typ):
		off, ok := in.selectExpr(cond, va.ref.off, vb.ref.off)
		if !ok {
			return value{}, false
		}
		r := *va.ref
		r.off = off
		r.hasLen = false
		if va.ref.hasLen && vb.ref.hasLen {
			r.length, r.hasLen = in.selectExpr(cond, va.ref.length, vb.ref.length)
		}
		return refValue(&r), true
	}
	return value{}, false
}

// selectExpr is affine.Select within the interpreter's bounds: the
// differences of cond's comparisons, and the size of the result
// (maxExprSize), which choices made one after another, each reading the
// last, would otherwise double every time.
func (in *interp) selectExpr(cond affine.Pred, a, b affine.Expr) (affine.Expr, bool) {
	if a.Size(maxExprSize)+b.Size(maxExprSize) >= maxExprSize {
		return affine.Expr{}, false
	}
	e, ok := affine.Select(cond, a, b, in.fitsDifference)
	if !ok || e.Size(maxExprSize) >= maxExprSize {
		return affine.Expr{}, false
	}
	return e, true
}

// maxDifference bounds the differences a selection compares: far from
// the ends of int64, so that x − y and x − y ± 1 cannot overflow.
const maxDifference = 1 << 60

// fitsDifference reports whether x − y stays within ±maxDifference for
// every thread and every known value of the symbols it names.
func (in *interp) fitsDifference(x, y affine.Expr) bool {
	b, ok := ir.Bounds(in.ctx, affine.Sub(x, y))
	return ok && b.Lo > -maxDifference && b.Hi < maxDifference
}
