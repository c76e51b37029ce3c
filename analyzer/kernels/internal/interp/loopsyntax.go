package interp

import (
	"go/ast"
	"go/token"
	"go/types"
)

// loopSyntax is what the syntax of a loop's body and post statement says,
// whatever the values: the interpreter asks it of every loop several times
// per evaluation (the dry runs of carried and widen, the body, and again
// for each evaluation of an enclosing loop), and walking the body each
// time was a tenth of a loop's cost.
type loopSyntax struct {
	// assigned lists the variables declared outside the body that the
	// body or post statement assign, in the order of their first
	// assignment (assignedIn keeps those the environment tracks).
	assigned []types.Object
	// resliced says, for each variable assigned, whether every
	// assignment re-slices the variable itself (see markResliced).
	resliced []reslicing
}

type reslicing struct {
	obj  types.Object
	self bool
}

type loopKey struct {
	body *ast.BlockStmt
	post ast.Stmt
}

// loopSyntax returns the syntax facts of a loop, computed once per
// evaluation.
func (in *interp) loopSyntax(body *ast.BlockStmt, post ast.Stmt) *loopSyntax {
	key := loopKey{body, post}
	if ls, ok := in.loopSyntaxes[key]; ok {
		return ls
	}
	ls := &loopSyntax{}
	seen := map[types.Object]bool{}
	reslicedAt := map[types.Object]int{}
	add := func(e ast.Expr) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return
		}
		obj := in.info.ObjectOf(id)
		if obj == nil || seen[obj] || obj.Pos() >= body.Pos() && obj.Pos() < body.End() {
			return
		}
		seen[obj] = true
		ls.assigned = append(ls.assigned, obj)
	}
	reslice := func(n *ast.AssignStmt) {
		for i, l := range n.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok {
				continue
			}
			obj := in.info.ObjectOf(id)
			if obj == nil {
				continue
			}
			self := false
			if len(n.Lhs) == len(n.Rhs) && n.Tok == token.ASSIGN {
				if sl, ok := ast.Unparen(n.Rhs[i]).(*ast.SliceExpr); ok {
					if x, ok := ast.Unparen(sl.X).(*ast.Ident); ok && in.info.ObjectOf(x) == obj {
						self = true
					}
				}
			}
			if at, seen := reslicedAt[obj]; !seen {
				reslicedAt[obj] = len(ls.resliced)
				ls.resliced = append(ls.resliced, reslicing{obj, self})
			} else if ls.resliced[at].self {
				ls.resliced[at].self = self
			}
		}
	}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				add(l)
			}
			reslice(n)
		case *ast.IncDecStmt:
			add(n.X)
		case *ast.FuncLit:
			return false
		}
		return true
	}
	ast.Inspect(body, visit)
	if post != nil {
		ast.Inspect(post, visit)
	}
	if in.loopSyntaxes == nil {
		in.loopSyntaxes = map[loopKey]*loopSyntax{}
	}
	in.loopSyntaxes[key] = ls
	return ls
}
