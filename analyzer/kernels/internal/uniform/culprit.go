package uniform

import (
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// Culprit returns the index of the first condition of ctrl that some of
// the given threads fail under the uniform values of env (whose
// thread-index symbols it overwrites); the last index when none does.
func Culprit(c *ir.Context, ctrl []ir.Ctrl, env affine.Env, threads []int) int {
	live := slices.Clone(threads)
	for i, x := range ctrl {
		failed := false
		live = slices.DeleteFunc(live, func(t int) bool {
			c.SetThread(env, t)
			ok, err := x.Pred.Eval(env)
			if err != nil || !ok {
				failed = true
				return true
			}
			return false
		})
		if failed {
			return i
		}
	}
	return len(ctrl) - 1
}

// WarpThreads returns the linear indices of the lanes of mask in warp w.
func WarpThreads(c *ir.Context, w int, mask uint64) []int {
	var out []int
	for l := 0; l < model.WarpSize; l++ {
		if mask&(1<<l) != 0 && w*model.WarpSize+l < c.Threads() {
			out = append(out, w*model.WarpSize+l)
		}
	}
	return out
}
