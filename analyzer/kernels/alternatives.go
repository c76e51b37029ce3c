package kernels

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/smemlint/smemlint/affine"
)

// Warp collectives (SyncWarp, shuffles, votes) match across call sites:
// lanes of a warp that take the two branches of an if, each with the same
// collective and mask, meet in it. Block barriers do not: CUDA leaves a
// __syncthreads in divergent code undefined, and the simulator, like
// inlined device code, tells the barriers of two branches apart even when
// both call one device function.

// CollectiveGuard returns the predicate of the lanes that reach the warp
// collective s or one of its alternatives: the same collective with the
// same mask in another branch of the same if or switch, in the same loops.
func (c *Context) CollectiveGuard(s *Sync) affine.Pred {
	g := s.Guard()
	for _, o := range c.Syncs {
		if o != s && sameCollective(s, o) && slices.Equal(o.Loops, s.Loops) && c.exclusive(s.Ctrl, o.Ctrl) {
			g = affine.OrP(g, o.Guard())
		}
	}
	return g
}

func sameCollective(a, b *Sync) bool {
	if a.Kind != b.Kind || !affine.Equal(a.Mask, b.Mask) {
		return false
	}
	switch a.Kind {
	case Shuffle, Vote:
		return strings.TrimSuffix(a.Name, "Width") == strings.TrimSuffix(b.Name, "Width") &&
			(a.Kind == Vote || affine.Equal(a.Width, b.Width))
	}
	return a.Kind == SyncWarp
}

// exclusive reports whether two control lists part at two branches of one
// if or one switch, after a common prefix.
func (c *Context) exclusive(a, b []Ctrl) bool {
	i := 0
	for i < len(a) && i < len(b) && a[i].Kind == b[i].Kind && a[i].Pos == b[i].Pos && a[i].Via == b[i].Via {
		i++
	}
	if i == len(a) || i == len(b) {
		return false
	}
	x, y := a[i], b[i]
	branch := func(k CtrlKind) bool { return k == CtrlIf || k == CtrlElse }
	if !branch(x.Kind) || !branch(y.Kind) {
		return false
	}
	if x.Pos == y.Pos {
		return x.Kind != y.Kind // then and else of one if
	}
	sx, sy := c.switchOf(x.Pos), c.switchOf(y.Pos)
	return sx != nil && sx == sy
}

// switchOf returns the switch statement of the case clause at pos.
func (c *Context) switchOf(pos token.Pos) ast.Node {
	path := c.Path(pos)
	for i, n := range path {
		if cc, ok := n.(*ast.CaseClause); ok && cc.Pos() == pos && i+2 < len(path) {
			if sw, ok := path[i+2].(*ast.SwitchStmt); ok {
				return sw
			}
		}
	}
	return nil
}
