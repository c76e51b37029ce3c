package interp

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// recordExit notes an exit statement s in the current control context.
func (in *interp) recordExit(s ast.Stmt, via string) { in.recordExitCtrl(s, via, nil) }

// recordExitCtrl is recordExit with ctrl, when not nil, a copy of the
// current conditions already made, which the exit then shares: neither
// is ever changed.
func (in *interp) recordExitCtrl(s ast.Stmt, via string, ctrl []ir.Ctrl) {
	if in.dry > 0 {
		return
	}
	e := &ir.Exit{Stmt: s, Via: via, Pos: s.Pos()}
	if br, ok := s.(*ast.BranchStmt); ok && br.Label != nil {
		if l, ok := in.info.Uses[br.Label].(*types.Label); ok {
			e.Target = l.Pos()
		}
	}
	if ctrl == nil {
		ctrl = append([]ir.Ctrl(nil), in.ctrl...)
	}
	e.Ctrl = ctrl
	e.Loops = append([]*ir.Loop(nil), in.loops...)
	e.Calls = append([]token.Pos(nil), in.calls...)
	in.seq++
	e.Seq = in.seq
	in.ctx.Exits = append(in.ctx.Exits, e)
}
