package model

import "math/bits"

// SharedBound bounds the wavefronts of a shared-memory request whose lanes
// each take one of several addresses, which the caller cannot tell apart
// (a slice each lane chooses among shared arrays by data): cands[n] holds
// the addresses lane n may take (r.Addr is ignored; r.On, r.Size and
// r.Load are the request's). Whichever address each lane takes, the
// request costs at most the returned Wavefronts, by Shared's rule:
//
//   - each phase is bounded alone, in the mode the choice makes: unpaired,
//     or, for a wide load whose pairs of lanes may each take one address,
//     paired (the bound is the larger of the two);
//   - within a phase, a bank delivers at most its distinct rows among every
//     word any lane may touch, and at most one row per lane that can reach
//     it (a lane's access covers one word of a bank);
//   - a phase costs at most the largest of these over its banks.
//
// With one address per lane (and no pairing) the bound is Shared's figure.
// Ideal is the ideal of the mode whose bound exceeds its ideal most, so
// that Wavefronts - Ideal bounds the conflicts of every choice: 0 means
// that no choice conflicts. Ways, Bank and Lanes are that mode's worst
// phase's bound, its bank, and the lanes that can reach that bank.
func (a *Arch) SharedBound(r *Request, cands *[WarpSize][]int64) SharedCost {
	c := a.boundIn(r, cands, false)
	if a.PairedLoads && r.Load && r.Size > 4 && (mayPairAt(r.On, cands, 1) || mayPairAt(r.On, cands, 2)) {
		p := a.boundIn(r, cands, true)
		top := max(c.Wavefronts, p.Wavefronts)
		if p.Wavefronts-p.Ideal > c.Wavefronts-c.Ideal {
			c = p
		}
		c.Wavefronts = top
	}
	return c
}

// boundIn is SharedBound with every choice served in one mode.
func (a *Arch) boundIn(r *Request, cands *[WarpSize][]int64, paired bool) SharedCost {
	per := a.phaseLanes(r.Size, paired)
	c := SharedCost{Paired: paired}
	for p := 0; p < WarpSize/per; p++ {
		mask := r.On & phaseMask(p, per)
		c.Phases++
		if mask == 0 {
			continue
		}
		c.Ideal++
		ways, bank, lanes := a.boundDegree(r.Size, cands, mask)
		c.Wavefronts += ways
		if ways > c.Ways {
			c.Ways, c.Bank, c.Lanes = ways, bank, lanes
		}
	}
	return c
}

// boundDegree bounds the rows one bank must deliver for the lanes in mask,
// whichever of its candidate addresses each lane takes, and returns the
// bank with the largest bound and the lanes that can reach it.
func (a *Arch) boundDegree(size int, cands *[WarpSize][]int64, mask uint32) (ways, bank int, lanes uint32) {
	var rows [WarpSize]map[uint64]bool // distinct rows per bank
	var reach [WarpSize]int            // per bank, the rows the lanes can bring at once
	var reachers [WarpSize]uint32
	for m := mask; m != 0; m &= m - 1 {
		n := bits.TrailingZeros32(m)
		var most [WarpSize]int // per bank, the most words one candidate covers
		for _, addr := range cands[n] {
			var here [WarpSize]int
			first, last := a.wordSpan(addr, size)
			for w := first; w <= last; w++ {
				u := a.unit(w)
				b := int(u & uint64(a.Banks-1))
				if rows[b] == nil {
					rows[b] = map[uint64]bool{}
				}
				rows[b][u] = true
				here[b]++
			}
			for b := range here {
				most[b] = max(most[b], here[b])
			}
		}
		for b, k := range most {
			if k > 0 {
				reach[b] += k
				reachers[b] |= 1 << n
			}
		}
	}
	for b := 0; b < a.Banks; b++ {
		if w := min(len(rows[b]), reach[b]); w > ways {
			ways, bank, lanes = w, b, reachers[b]
		}
	}
	return ways, bank, lanes
}

// mayPairAt reports whether every pair of lanes n and n^d that are on
// may take one address: their candidates meet.
func mayPairAt(on uint32, cands *[WarpSize][]int64, d int) bool {
	for n := 0; n < WarpSize; n++ {
		m := n ^ d
		if on&(1<<n) == 0 || on&(1<<m) == 0 {
			continue
		}
		meet := false
		for _, x := range cands[n] {
			for _, y := range cands[m] {
				meet = meet || x == y
			}
		}
		if !meet {
			return false
		}
	}
	return true
}
