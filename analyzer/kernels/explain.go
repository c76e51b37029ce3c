package kernels

import (
	"fmt"
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/model"
)

// Culprit returns the index of the first condition of ctrl that some of
// the given threads fail under the uniform values of env (whose
// thread-index symbols it overwrites); the last index when none does.
func (c *Context) Culprit(ctrl []Ctrl, env affine.Env, threads []int) int {
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
func (c *Context) WarpThreads(w int, mask uint64) []int {
	var out []int
	for l := 0; l < model.WarpSize; l++ {
		if mask&(1<<l) != 0 && w*model.WarpSize+l < c.Threads() {
			out = append(out, w*model.WarpSize+l)
		}
	}
	return out
}

// DescribeCtrl says where a condition puts an event, for messages:
// "under thread-dependent condition tid < 512 (a.go:12)", "after a
// thread-dependent return (a.go:9, under row >= m)", "in a loop whose trip
// count is thread-dependent (for ..., a.go:7)"; kind qualifies the
// condition ("thread-dependent", "lane-dependent", "data-dependent").
func (c *Context) DescribeCtrl(ctrl Ctrl, kind string) string {
	at := c.PosText(ctrl.Pos)
	switch ctrl.Kind {
	case CtrlElse:
		if c.switchOf(ctrl.Pos) != nil {
			return fmt.Sprintf("in the default case of a %s switch (%s)", kind, at)
		}
		return fmt.Sprintf("in the else branch of %s condition %s (%s)", kind, ctrl.Text, at)
	case CtrlLoop:
		return fmt.Sprintf("in a loop whose trip count is %s (%s, %s)", kind, ctrl.Text, at)
	case CtrlExit:
		return fmt.Sprintf("after a %s %s (%s, under %s)", kind, ctrl.Via, at, ctrl.Text)
	}
	return fmt.Sprintf("under %s condition %s (%s)", kind, c.CondText(ctrl), at)
}

// CondText is the text of a branch condition: the if's condition, or
// "case X" for a case of a switch.
func (c *Context) CondText(ctrl Ctrl) string {
	if c.switchOf(ctrl.Pos) != nil {
		if ctrl.Kind == CtrlElse {
			return "default"
		}
		return "case " + ctrl.Text
	}
	return ctrl.Text
}
