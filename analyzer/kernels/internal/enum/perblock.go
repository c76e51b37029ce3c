package enum

import "github.com/smemlint/smemlint/analyzer/kernels/internal/ir"

// perBlock sets what one block's requests of the access add up to, as a
// profiler counts them: every request of every iteration. The enumeration
// visits each combination of the values the figure depends on once, so a
// loop whose variable does not change the figure is counted once there,
// and its trip count multiplies here; a block index the figure depends on
// is enumerated over the grid, and its values divide here (the mean block).
// Left 0 where some trip count is not known or a figure rests on an
// assumption; the total alone is left 0 where only the alignment of an
// unknown offset is not known (each alignment makes as many requests).
func (e *enumerator) perBlock() {
	ev := e.ev
	if e.firstRequests == 0 || len(ev.Assumed) > 0 || e.hasHypo || ev.Skip != "" {
		return
	}
	c := e.ctx
	times := 1.0
	for _, l := range e.a.Loops {
		if !l.HasVar {
			return // a loop without a counted variable: trip count unknown
		}
		if e.enumerates(l.Var) {
			continue
		}
		if len(l.Domain) == 0 {
			return
		}
		if extra, _ := c.Tied([]ir.Sym{l.Var}); len(extra) > 0 {
			// Its trip count depends on another loop's value.
			return
		}
		times *= float64(len(l.Domain))
	}
	blocks := 1.0
	for i, s := range e.enum {
		if c.IsBlockIdx(s) || c.IsRank(s) {
			blocks *= float64(e.sizes[i])
		}
	}
	ev.BlockRequests = float64(e.firstRequests) * times / blocks
	if ev.Exact && ev.Total > 0 {
		ev.BlockTotal = float64(ev.Total) * times / blocks
	}
}

func (e *enumerator) enumerates(s ir.Sym) bool {
	for _, t := range e.enum {
		if t == s {
			return true
		}
	}
	return false
}
