package kernels

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/smemlint/smemlint/affine"
)

// Exit is a statement by which threads leave the normal flow of a kernel
// context: a return, break, continue, goto or panic. The interpreter
// records where they are and under which conditions they run, so that the
// checks can tell which later or repeated events the leaving threads miss.
type Exit struct {
	Stmt ast.Stmt
	Via  string    // "return", "break", "continue", "goto", "panic"
	Pos  token.Pos // the statement
	// Target is, for a labelled branch or a goto, the position of the
	// label's statement; token.NoPos otherwise.
	Target token.Pos
	Ctrl   []Ctrl
	Loops  []*Loop
	Calls  []token.Pos
	Seq    int
}

// Guard returns the predicate of the threads that take the exit.
func (e *Exit) Guard() affine.Pred { return guardOf(e.Ctrl) }

// recordExit notes an exit statement s in the current control context.
func (in *interp) recordExit(s ast.Stmt, via string) {
	if in.dry > 0 {
		return
	}
	e := &Exit{Stmt: s, Via: via, Pos: s.Pos()}
	if br, ok := s.(*ast.BranchStmt); ok && br.Label != nil {
		if l, ok := in.info.Uses[br.Label].(*types.Label); ok {
			e.Target = l.Pos()
		}
	}
	e.Ctrl = append([]Ctrl(nil), in.ctrl...)
	e.Loops = append([]*Loop(nil), in.loops...)
	e.Calls = append([]token.Pos(nil), in.calls...)
	in.seq++
	e.Seq = in.seq
	in.ctx.Exits = append(in.ctx.Exits, e)
}
