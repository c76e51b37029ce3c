package interp

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Which variables a function reads for more than the data it stores.
//
// A replayed loop (see replay) runs its body once per iteration so that
// the variables it assigns hold exact values afterwards. A variable whose
// value only ever reaches memory as stored data — an integer accumulator,
// acc += tile[i] and later out[g] = acc — gains nothing from it: stored
// values are not kept (store), so no address, condition or reference
// reads it. A loop that assigns only such variables (and floating-point
// ones, see replayTracks) is not replayed, which saves a run of its body
// per iteration.

// dataOnly is, for one function body, the set of local variables whose
// value reaches nothing but stored data and other such variables.
type dataOnly map[types.Object]bool

// feedsOnlyData reports whether obj's value reaches nothing but stored
// data in the function being evaluated.
func (in *interp) feedsOnlyData(obj types.Object) bool {
	if in.body == nil || obj.Pos() < in.body.Pos() || obj.Pos() >= in.body.End() {
		// A parameter, named result or captured variable: read outside
		// the body too.
		return false
	}
	if in.dataOnly == nil {
		in.dataOnly = map[*ast.BlockStmt]dataOnly{}
	}
	d, ok := in.dataOnly[in.body]
	if !ok {
		d = dataOnlyVars(in.info, in.body)
		in.dataOnly[in.body] = d
	}
	return d[obj]
}

// dataOnlyVars finds the variables declared in body whose every read is
// one of: the value stored through an index or a dereference (x[i] = v,
// *p = v), or the value assigned to a variable (w = v, w += v), under
// arithmetic and conversions only; and every variable so assigned is one
// of them. Any other read (a condition, an index, an argument, a
// reference, a result, a closure) makes a variable, and those whose
// values reach it, read for more.
func dataOnlyVars(info *types.Info, body *ast.BlockStmt) dataOnly {
	read := map[types.Object]bool{}            // read for more than data
	feeds := map[types.Object][]types.Object{} // v's value reaches each of feeds[v]
	local := func(obj types.Object) bool {
		_, isVar := obj.(*types.Var)
		return isVar && obj.Pos() >= body.Pos() && obj.Pos() < body.End()
	}
	var defs []types.Object
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if def := info.Defs[id]; def != nil {
			defs = append(defs, def)
			return true
		}
		obj := info.Uses[id]
		if obj == nil || !local(obj) {
			return true
		}
		to, sink, ok := readContext(info, stack)
		switch {
		case !ok:
			read[obj] = true
		case sink:
		case to != obj:
			feeds[obj] = append(feeds[obj], to)
		}
		return true
	})
	// A variable whose value reaches one read for more is read for more.
	changed := true
	for changed {
		changed = false
		for v, ws := range feeds {
			if read[v] {
				continue
			}
			for _, w := range ws {
				if read[w] || !local(w) {
					read[v], changed = true, true
					break
				}
			}
		}
	}
	out := dataOnly{}
	for _, obj := range defs {
		if local(obj) && !read[obj] {
			out[obj] = true
		}
	}
	return out
}

// readContext classifies the read of a variable, the identifier at the
// top of stack (its ancestors below it): the value reaches memory as
// stored data (sink), or a variable (to, when it is the assigned
// variable itself: a write, or a read that feeds only itself). ok is
// false for any other read.
func readContext(info *types.Info, stack []ast.Node) (to types.Object, sink, ok bool) {
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return nil, false, false // a closure's read: when, is not followed
		}
	}
	child := stack[len(stack)-1]
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.UnaryExpr:
			if p.Op != token.SUB && p.Op != token.ADD && p.Op != token.XOR {
				return nil, false, false
			}
		case *ast.BinaryExpr:
			switch p.Op {
			case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR,
				token.SHL, token.SHR, token.AND_NOT:
			default:
				return nil, false, false
			}
		case *ast.CallExpr:
			if tv, isType := info.Types[p.Fun]; !isType || !tv.IsType() || child == p.Fun {
				return nil, false, false
			}
		case *ast.IncDecStmt:
			return assignedVar(info, p.X)
		case *ast.AssignStmt:
			if len(p.Lhs) != len(p.Rhs) {
				return nil, false, false
			}
			for _, l := range p.Lhs {
				if l == child {
					// The variable assigned: a write (=), or a read that
					// feeds only itself (+=).
					return assignedVar(info, l)
				}
			}
			for j, r := range p.Rhs {
				if r == child {
					return assignedVar(info, p.Lhs[j])
				}
			}
			return nil, false, false
		default:
			return nil, false, false
		}
		child = stack[i]
	}
	return nil, false, false
}

// assignedVar classifies an assignment's left-hand side for readContext:
// a variable, or memory through an index or a dereference (a sink).
func assignedVar(info *types.Info, lhs ast.Expr) (types.Object, bool, bool) {
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		if l.Name == "_" {
			return nil, true, true
		}
		if obj := info.ObjectOf(l); obj != nil {
			return obj, false, true
		}
	case *ast.IndexExpr, *ast.StarExpr:
		return nil, true, true
	}
	return nil, false, false
}
