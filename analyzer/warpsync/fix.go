package warpsync

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// fixFor returns the fix that inserts a SyncWarp before the statement
// that holds the later access, in the innermost block that also holds the
// earlier one, with the mask of the lanes that reach that point; nil when
// there is no such place or the lanes differ between warps.
func fixFor(h *Hazard) (*analysis.SuggestedFix, kernels.WarpSyncAt) {
	c, ctx := h.C, h.Ctx
	var at kernels.WarpSyncAt
	sa, sb := ctx.StmtAt(c.A.Node.Pos()), ctx.StmtAt(c.B.Node.Pos())
	if c.Loop != nil || sa == nil || sb == nil || ctx.FuncAt(sa.Pos()) != ctx.FuncAt(sb.Pos()) {
		return nil, at
	}
	target := insertionPoint(ctx.Path(sb.Pos()), sa)
	if target == nil {
		return nil, at
	}
	fn := ctx.FuncAt(target.Pos())
	guard := affine.True
	var ctrls []kernels.Ctrl
	for _, ctrl := range c.B.Ctrl {
		if ctx.FuncAt(ctrl.Pos) != fn || ctrl.Pos < target.Pos() {
			guard = affine.AndP(guard, ctrl.Pred)
			ctrls = append(ctrls, ctrl)
		}
	}
	var loops []*kernels.Loop
	for _, l := range c.B.Loops {
		if l.Pos < target.Pos() {
			loops = append(loops, l)
		}
	}
	mask, ok := ctx.WarpMask(guard, slices.Clone(c.Env))
	t := ctx.ThreadParam(target.Pos())
	if !ok || t == "" {
		return nil, at
	}
	at = kernels.WarpSyncAt{Before: target.Pos(), End: target.End(), Mask: uint32(mask), Ctrl: ctrls, Loops: loops}
	call := fmt.Sprintf("%s.SyncWarp(0x%08x)", t, mask)
	indent := strings.Repeat("\t", ctx.Fset().Position(target.Pos()).Column-1)
	return &analysis.SuggestedFix{
		Message:   "insert " + call + " between the two steps",
		TextEdits: []analysis.TextEdit{{Pos: target.Pos(), End: target.Pos(), NewText: []byte(call + "\n" + indent)}},
	}, at
}

// insertionPoint returns the statement of path (innermost first) that
// sits directly in the innermost block holding the statement before, and
// after it.
func insertionPoint(path []ast.Node, before ast.Stmt) ast.Stmt {
	for i, n := range path {
		blk, ok := n.(*ast.BlockStmt)
		if !ok || before.Pos() < blk.Pos() || before.End() > blk.End() || i == 0 {
			continue
		}
		target, ok := path[i-1].(ast.Stmt)
		if !ok || !slices.Contains(blk.List, target) || before.End() > target.Pos() {
			return nil
		}
		return target
	}
	return nil
}

// splitFor returns the fix that splits a step that races with itself
// (s[tid] += s[tid+16]: lane 16 stores what lane 0 loads in one
// statement) into a load into a new variable, a SyncWarp and the store,
// with the insertions that place the SyncWarp after the load: one per
// instance of the statement (a device function called twice holds it
// twice). nil when the statement is not a single assignment whose right
// side holds the loads. In global memory as in shared memory a SyncWarp
// orders the memory accesses of the lanes it names.
func splitFor(h *Hazard, taken map[string]bool) (*analysis.SuggestedFix, []kernels.WarpSyncAt) {
	ctx := h.Ctx
	as, ok := ctx.StmtAt(h.C.B.Node.Pos()).(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok == token.DEFINE || h.C.Loop != nil {
		return nil, nil
	}
	rhs := as.Rhs[0]
	// The last load of the right side, per instance of the statement.
	last := map[string]*kernels.Access{}
	var order []string
	for _, a := range ctx.Accesses {
		if a.Node.Pos() < rhs.Pos() || a.Node.End() > rhs.End() {
			continue
		}
		if a.Store {
			return nil, nil
		}
		k := fmt.Sprint(a.Calls)
		if l, ok := last[k]; !ok || a.Seq > l.Seq {
			if !ok {
				order = append(order, k)
			}
			last[k] = a
		}
	}
	if last[fmt.Sprint(h.C.B.Calls)] == nil {
		return nil, nil
	}
	guard := affine.True
	for _, ctrl := range h.C.B.Ctrl {
		guard = affine.AndP(guard, ctrl.Pred)
	}
	mask, ok := ctx.WarpMask(guard, slices.Clone(h.C.Env))
	t := ctx.ThreadParam(as.Pos())
	name := freshName(ctx, as.Pos(), taken)
	if !ok || t == "" || name == "" {
		return nil, nil
	}
	fset := ctx.Fset()
	src, err := sourceOf(fset, rhs)
	if err != nil {
		return nil, nil
	}
	indent := strings.Repeat("\t", fset.Position(as.Pos()).Column-1)
	call := fmt.Sprintf("%s.SyncWarp(0x%08x)", t, mask)
	taken[name] = true
	var at []kernels.WarpSyncAt
	for _, k := range order {
		l := last[k]
		at = append(at, kernels.WarpSyncAt{Mask: uint32(mask), Ctrl: l.Ctrl, Loops: l.Loops, After: l})
	}
	return &analysis.SuggestedFix{
		Message: "load into " + name + ", then " + call + ", then store",
		TextEdits: []analysis.TextEdit{
			{Pos: as.Pos(), End: as.Pos(), NewText: []byte(name + " := " + src + "\n" + indent + call + "\n" + indent)},
			{Pos: rhs.Pos(), End: rhs.End(), NewText: []byte(name)},
		},
	}, at
}

// freshName returns a variable name not visible at pos nor taken by
// another edit of the fix: v, v1, v2, …
func freshName(ctx *kernels.Context, pos token.Pos, taken map[string]bool) string {
	scope := ctx.Pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return ""
	}
	for i := 0; i < 100; i++ {
		name := "v"
		if i > 0 {
			name = fmt.Sprintf("v%d", i)
		}
		if _, obj := scope.LookupParent(name, pos); obj == nil && !taken[name] {
			return name
		}
	}
	return ""
}

// sourceOf prints an expression as written.
func sourceOf(fset *token.FileSet, e ast.Expr) (string, error) {
	var b bytes.Buffer
	if err := format.Node(&b, fset, e); err != nil {
		return "", err
	}
	return b.String(), nil
}
