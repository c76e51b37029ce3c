package interp

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// lastIteration returns the index in the loop's domain of the last
// iteration every thread runs, when that is known: the loop's values are
// enumerated, its condition names no other value (every thread runs them
// in order), and the threads leave early, if at all, by a break or return
// whose condition names the loop's variable alone (if i == n-1 { break }).
// The first value at which they leave is the last iteration.
func (in *interp) lastIteration(loop *ir.Loop, left affine.Pred) (int, bool) {
	if !loop.HasVar || len(loop.Domain) == 0 || in.ctx.Meta[loop.Var].Joint != nil {
		return 0, false
	}
	only := func(p affine.Pred) bool {
		return !p.DependsOn(func(s affine.Sym) bool { return s != loop.Var })
	}
	if !only(loop.Cond) || !only(left) {
		return 0, false
	}
	env := make(affine.Env, in.ctx.Syms.Len())
	for i, v := range loop.Domain {
		env[loop.Var] = v
		leaves, err := left.Eval(env)
		if err != nil {
			return 0, false
		}
		if leaves {
			return i, true
		}
	}
	return len(loop.Domain) - 1, true
}

// stayUntil is the condition that an iteration of the loop comes no later
// than the one at index last of its domain; false when the domain is not
// monotonic.
func stayUntil(loop *ir.Loop, last int) (affine.Pred, bool) {
	d := loop.Domain
	up, down := true, true
	for i := 1; i < len(d); i++ {
		up = up && d[i] > d[i-1]
		down = down && d[i] < d[i-1]
	}
	switch {
	case up:
		return affine.Cmp(affine.LE, affine.S(loop.Var), affine.C(d[last])), true
	case down:
		return affine.Cmp(affine.GE, affine.S(loop.Var), affine.C(d[last])), true
	}
	return affine.Pred{}, false
}

// afterLoop gives the variables the body assigns their value after the
// loop, where lastIteration knows the last iteration: the value the body
// left them in, with the loop's variable at its last value. Only values
// over the loop's variable and what was known before the loop (symbols
// numbered below mark), and only variables no statement assigns after the
// first break or return of the body, which would have been skipped in
// the last iteration; carried variables advance past it and are left out.
func (in *interp) afterLoop(vars []assigned, loop *ir.Loop, body *ast.BlockStmt, left affine.Pred, carried map[types.Object]value, mark int) map[types.Object]value {
	last, ok := in.lastIteration(loop, left)
	if !ok {
		return nil
	}
	stale := func(s affine.Sym) bool { return int(s) >= mark && s != loop.Var }
	at := func(s affine.Sym) (affine.Expr, bool) {
		if s == loop.Var {
			return affine.C(loop.Domain[last]), true
		}
		return affine.Expr{}, false
	}
	exit := firstExit(body)
	out := map[types.Object]value{}
	for _, a := range vars {
		if _, ok := carried[a.obj]; ok || assignedFrom(in.info, body, a.obj, exit) {
			continue
		}
		switch v := in.val(a.obj); v.kind {
		case vScalar:
			if !v.e.DependsOn(stale) {
				out[a.obj] = scalar(affine.Map(v.e, at))
			}
		case vBool:
			if !v.cond().DependsOn(stale) {
				out[a.obj] = boolean(affine.MapP(v.cond(), at))
			}
		}
	}
	return out
}

// firstExit is the position of the first statement of a loop's body that
// leaves the loop (a return, a break of it, a goto or a panic), or
// token.NoPos.
func firstExit(body *ast.BlockStmt) token.Pos {
	first := token.NoPos
	note := func(p token.Pos) {
		if first == token.NoPos || p < first {
			first = p
		}
	}
	var visit func(n ast.Node, nested bool)
	visit = func(n ast.Node, nested bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				note(m.Pos())
			case *ast.BranchStmt:
				if m.Tok == token.GOTO || m.Tok == token.BREAK && (m.Label != nil || !nested) {
					note(m.Pos())
				}
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if m != n {
					visit(m, true)
					return false
				}
			case *ast.CallExpr:
				if id, ok := ast.Unparen(m.Fun).(*ast.Ident); ok && id.Name == "panic" {
					note(m.Pos())
				}
			}
			return true
		})
	}
	visit(body, false)
	return first
}

// assignedFrom reports whether a statement of body at or after pos
// assigns obj (false when pos is token.NoPos).
func assignedFrom(info *types.Info, body *ast.BlockStmt, obj types.Object, pos token.Pos) bool {
	if pos == token.NoPos {
		return false
	}
	found := false
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == obj
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.End() <= pos {
			return !found
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || n.Pos() >= pos && is(l)
			}
		case *ast.IncDecStmt:
			found = found || n.Pos() >= pos && is(n.X)
		}
		return !found
	})
	return found
}
