package kernels

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

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

// SkippingExits returns the exits by which some threads miss the event
// in a later iteration of a loop that holds both (break, return, panic),
// in the rest of an iteration (continue, also from inside a switch or to a
// label), or jump past it or back over it (goto).
func (c *Context) SkippingExits(s *Sync) []*Exit {
	var out []*Exit
	for _, e := range c.Exits {
		switch e.Via {
		case "break":
			target := c.BreakTarget(e)
			for _, l := range e.Loops {
				if l.Pos == target && slices.Contains(s.Loops, l) {
					out = append(out, e)
				}
			}
		case "continue":
			// The rest of the iteration: events after the continue, and
			// events of the inner loops it leaves.
			target := c.BreakTarget(e)
			for i, l := range e.Loops {
				if l.Pos != target || !slices.Contains(s.Loops, l) {
					continue
				}
				inner := slices.ContainsFunc(e.Loops[i+1:], func(x *Loop) bool { return slices.Contains(s.Loops, x) })
				if s.Seq > e.Seq || inner {
					out = append(out, e)
				}
			}
		case "return", "panic":
			fn := c.FuncAt(e.Pos)
			for _, l := range e.Loops {
				if slices.Contains(s.Loops, l) && (e.Via == "panic" || c.FuncAt(l.Pos) == fn) {
					out = append(out, e)
					break
				}
			}
		case "goto":
			if jumpsOver(c, e, s) {
				out = append(out, e)
			}
		}
	}
	return out
}

// jumpsOver reports whether a goto and its label enclose the barrier (or
// the call that leads to it) in the same function invocation.
func jumpsOver(c *Context, e *Exit, s *Sync) bool {
	label := c.LabelStmt(e)
	if label == nil || len(s.Calls) < len(e.Calls) || !slices.Equal(s.Calls[:len(e.Calls)], e.Calls) {
		return false
	}
	at := s.Call.Pos()
	if len(s.Calls) > len(e.Calls) {
		at = s.Calls[len(e.Calls)]
	}
	if c.FuncAt(at) != c.FuncAt(e.Pos) {
		return false
	}
	lo, hi := min(e.Pos, label.Pos()), max(e.Pos, label.Pos())
	return at > lo && at < hi
}
