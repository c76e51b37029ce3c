package model

import (
	"math/bits"
	"slices"
)

// GlobalCost is what a global-memory request costs.
type GlobalCost struct {
	Sectors int // distinct 32-byte sectors the lanes touch
	Lines   int // distinct 128-byte cache lines
	// Ideal is the fewest sectors that could carry the bytes the lanes
	// asked for: ceil(distinct bytes / sector size). Lanes that read one
	// address share it, so a broadcast is ideal at one sector.
	Ideal int
	Bytes int // distinct bytes requested
}

// Global returns the sectors and lines of a global-memory request. The
// H100 measurements of shared/hw/RESULTS.md follow it exactly: sectors are
// counted over the lanes that are on, one request per warp instruction.
func (a *Arch) Global(r *Request) GlobalCost {
	var sectors, lines [maxUnits]int64
	var spans [WarpSize][2]int64
	s, l := sectors[:0], lines[:0]
	sp := spans[:0]
	sec, line := int64(a.SectorBytes), int64(a.LineBytes)
	for m := r.On; m != 0; m &= m - 1 {
		n := bits.TrailingZeros32(m)
		lo, hi := r.Addr[n], r.Addr[n]+int64(r.Size)-1
		for x := floorDiv(lo, sec); x <= floorDiv(hi, sec); x++ {
			s = append(s, x)
		}
		for x := floorDiv(lo, line); x <= floorDiv(hi, line); x++ {
			l = append(l, x)
		}
		sp = append(sp, [2]int64{lo, hi + 1})
	}
	slices.Sort(s)
	slices.Sort(l)
	c := GlobalCost{
		Sectors: len(slices.Compact(s)),
		Lines:   len(slices.Compact(l)),
		Bytes:   unionLength(sp),
	}
	c.Ideal = (c.Bytes + a.SectorBytes - 1) / a.SectorBytes
	return c
}

// unionLength returns the total length of a set of half-open intervals.
func unionLength(sp [][2]int64) int {
	slices.SortFunc(sp, func(x, y [2]int64) int {
		switch {
		case x[0] < y[0]:
			return -1
		case x[0] > y[0]:
			return 1
		}
		return 0
	})
	var total, end int64
	first := true
	for _, iv := range sp {
		if first || iv[0] > end {
			total += iv[1] - iv[0]
			end = iv[1]
			first = false
			continue
		}
		if iv[1] > end {
			total += iv[1] - end
			end = iv[1]
		}
	}
	return int(total)
}
