package model

import (
	"cmp"
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
// H100 measurements of docs/hardware.md follow it exactly: sectors are
// counted over the lanes that are on, one request per warp instruction.
func (a *Arch) Global(r *Request) GlobalCost {
	var sectors, lines [maxUnits]int64
	var spans [WarpSize][2]int64
	ns, nl, np := 0, 0, 0
	for m := r.On; m != 0; m &= m - 1 {
		n := bits.TrailingZeros32(m)
		lo, hi := r.Addr[n], r.Addr[n]+int64(r.Size)-1
		// Arithmetic shifts divide by the powers of two rounding down.
		for x := lo >> a.sectorShift; x <= hi>>a.sectorShift && ns < len(sectors); x++ {
			sectors[ns] = x
			ns++
		}
		for x := lo >> a.lineShift; x <= hi>>a.lineShift && nl < len(lines); x++ {
			lines[nl] = x
			nl++
		}
		spans[np] = [2]int64{lo, hi + 1}
		np++
	}
	c := GlobalCost{
		Sectors: distinct(sectors[:ns]),
		Lines:   distinct(lines[:nl]),
		Bytes:   unionLength(spans[:np]),
	}
	c.Ideal = (c.Bytes + a.SectorBytes - 1) / a.SectorBytes
	return c
}

// distinct sorts xs and returns how many different values it holds. The
// values of a request come nearly sorted (lanes in address order), for
// which insertion sort is linear.
func distinct(xs []int64) int {
	sortInts(xs)
	n := 0
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			n++
		}
	}
	return n
}

// sortInts is an insertion sort: the units of one request are few and
// nearly sorted.
func sortInts(xs []int64) {
	for i := 1; i < len(xs); i++ {
		x := xs[i]
		j := i
		for ; j > 0 && x < xs[j-1]; j-- {
			xs[j] = xs[j-1]
		}
		xs[j] = x
	}
}

// unionLength returns the total length of a set of half-open intervals.
func unionLength(sp [][2]int64) int {
	for i := 1; i < len(sp); i++ {
		x := sp[i]
		j := i
		for ; j > 0 && x[0] < sp[j-1][0]; j-- {
			sp[j] = sp[j-1]
		}
		sp[j] = x
	}
	var total, end int64
	for i, iv := range sp {
		if i == 0 || iv[0] > end {
			total += iv[1] - iv[0]
			end = iv[1]
			continue
		}
		if iv[1] > end {
			total += iv[1] - end
			end = iv[1]
		}
	}
	return int(total)
}

// Sector is one sector of a global request: its first byte, the lanes
// whose access begins in it, and how many of its bytes the lanes use.
type Sector struct {
	Start int64
	Lanes uint32
	Used  int
}

// Sectors returns the sectors of a global request in address order, as
// Global counts them, and for each lane that is on the index of the
// sector its access begins in: what explain draws.
func (a *Arch) Sectors(r *Request) (list []Sector, first [WarpSize]int) {
	size := int64(a.SectorBytes)
	used := map[int64]map[int64]bool{} // sector start -> bytes used
	for m := r.On; m != 0; m &= m - 1 {
		lane := bits.TrailingZeros32(m)
		for b := r.Addr[lane]; b < r.Addr[lane]+int64(r.Size); b++ {
			s := floorDiv(b, size) * size
			if used[s] == nil {
				used[s] = map[int64]bool{}
			}
			used[s][b] = true
		}
	}
	for s, bytes := range used {
		list = append(list, Sector{Start: s, Used: len(bytes)})
	}
	slices.SortFunc(list, func(x, y Sector) int { return cmp.Compare(x.Start, y.Start) })
	for m := r.On; m != 0; m &= m - 1 {
		lane := bits.TrailingZeros32(m)
		start := floorDiv(r.Addr[lane], size) * size
		i, _ := slices.BinarySearchFunc(list, start, func(s Sector, t int64) int { return cmp.Compare(s.Start, t) })
		first[lane] = i
		list[i].Lanes |= 1 << lane
	}
	return list, first
}
