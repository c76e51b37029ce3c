package warpsync

import (
	"fmt"
	"go/ast"
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
