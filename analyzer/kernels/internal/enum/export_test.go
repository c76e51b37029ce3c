package enum

import "github.com/smemlint/smemlint/analyzer/kernels/internal/ir"

// ShiftsWarps reports whether the symbolic proof that a's unknown stride
// moves whole warps holds (proved), and whether evaluating the block with
// several values of the unknown agrees (tried).
func ShiftsWarps(c *ir.Context, a *ir.Access) (proved, tried bool) {
	e := &enumerator{ctx: c, a: a, shared: a.Shared(), ev: &Eval{Access: a}, fast: true}
	if !e.plan() || !e.hasHypo || !e.shiftsWarpsByShape() {
		return false, false
	}
	return true, e.shiftsWarpsTried()
}
