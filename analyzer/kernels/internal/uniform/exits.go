package uniform

import (
	"slices"

	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// SkippingExits returns the exits by which some threads miss the event
// in a later iteration of a loop that holds both (break, return, panic),
// in the rest of an iteration (continue, also from inside a switch or to a
// label), or jump past it or back over it (goto).
func SkippingExits(c *ir.Context, s *ir.Sync) []*ir.Exit {
	var out []*ir.Exit
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
				inner := slices.ContainsFunc(e.Loops[i+1:], func(x *ir.Loop) bool { return slices.Contains(s.Loops, x) })
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
func jumpsOver(c *ir.Context, e *ir.Exit, s *ir.Sync) bool {
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
