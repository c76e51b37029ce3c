package enum

import (
	"math/bits"
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// noteLaneData records, for the message, a guard conjunct assumed true
// that depends on data differing between lanes (a value read from memory
// at the thread's own index): some lanes of a warp may pass it and others
// not, so the figure of every lane passing is the worst of a range.
func (e *enumerator) noteLaneData(ctrl ir.Ctrl, conj affine.Pred) {
	c := e.ctx
	for _, s := range conj.Syms() {
		if !c.IsVaryingData(s) {
			continue
		}
		at := ""
		if ctrl.Pos.IsValid() {
			at = " (" + c.PosText(ctrl.Pos) + ")"
		}
		var text string
		switch ctrl.Kind {
		case ir.CtrlIf:
			text = "passes " + ctrlText(ctrl, conj, c) + at
		case ir.CtrlElse:
			text = "fails " + ctrlText(ctrl, conj, c) + at
		case ir.CtrlLoop:
			text = "stays in the loop" + at
		default:
			text = "stays after the " + ctrl.Via + at
		}
		if !slices.Contains(e.ev.LaneData, text) {
			e.ev.LaneData = append(e.ev.LaneData, text)
		}
		if e.ev.LaneWhy == "" {
			e.ev.LaneWhy = dataWhy(c, s)
		}
		return
	}
}

// oneLane sets OneLane: the least figure of the worst request with a
// single lane on, which is what it costs when one lane alone passes the
// guards on data.
func (e *enumerator) oneLane() {
	w := &e.ev.Worst
	if len(e.ev.LaneData) == 0 || w.Req.On == 0 {
		return
	}
	least := 0
	for m := w.Req.On; m != 0; m &= m - 1 {
		r := w.Req
		r.On = 1 << bits.TrailingZeros32(m)
		f := e.ctx.Arch.Price(&r, e.shared).Figure()
		if least == 0 || f < least {
			least = f
		}
	}
	e.ev.OneLane = least
}
