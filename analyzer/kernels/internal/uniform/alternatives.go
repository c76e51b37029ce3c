package uniform

import (
	"slices"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
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
func CollectiveGuard(c *ir.Context, s *ir.Sync) affine.Pred {
	g := s.Guard()
	for _, o := range c.Syncs {
		if o != s && sameCollective(s, o) && slices.Equal(o.Loops, s.Loops) && exclusive(c, s.Ctrl, o.Ctrl) {
			g = affine.OrP(g, o.Guard())
		}
	}
	return g
}

func sameCollective(a, b *ir.Sync) bool {
	if a.Kind != b.Kind || !affine.Equal(a.Mask, b.Mask) {
		return false
	}
	switch a.Kind {
	case ir.Shuffle, ir.Vote:
		return strings.TrimSuffix(a.Name, "Width") == strings.TrimSuffix(b.Name, "Width") &&
			(a.Kind == ir.Vote || affine.Equal(a.Width, b.Width))
	}
	return a.Kind == ir.SyncWarp
}

// exclusive reports whether two control lists part at two branches of one
// if or one switch, after a common prefix.
func exclusive(c *ir.Context, a, b []ir.Ctrl) bool {
	i := 0
	for i < len(a) && i < len(b) && a[i].Kind == b[i].Kind && a[i].Pos == b[i].Pos && a[i].Via == b[i].Via {
		i++
	}
	if i == len(a) || i == len(b) {
		return false
	}
	x, y := a[i], b[i]
	branch := func(k ir.CtrlKind) bool { return k == ir.CtrlIf || k == ir.CtrlElse }
	if !branch(x.Kind) || !branch(y.Kind) {
		return false
	}
	if x.Pos == y.Pos {
		return x.Kind != y.Kind // then and else of one if
	}
	sx, sy := c.SwitchOf(x.Pos), c.SwitchOf(y.Pos)
	return sx != nil && sx == sy
}
