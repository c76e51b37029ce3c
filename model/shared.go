package model

import (
	"math/bits"
	"slices"
)

// Request is one warp-level memory request: one execution of one access
// site by the lanes of one warp that are on (active and not predicated off).
type Request struct {
	Addr [WarpSize]int64 // byte address of each lane's access; ignored for lanes that are off
	On   uint32          // bit n set: lane n takes part
	Size int             // access width in bytes: 1, 2, 4, 8 or 16
	Load bool            // false for a store
}

// Lanes returns how many lanes take part.
func (r *Request) Lanes() int { return bits.OnesCount32(r.On) }

// SharedCost is what a shared-memory request costs.
type SharedCost struct {
	Wavefronts int // total wavefronts (the H100's l1tex wavefront metric)
	// Ideal is the cost of the same request without bank conflicts: one
	// wavefront for each phase that holds a lane that is on.
	Ideal int
	// Ways is the largest number of distinct bank rows one bank must deliver
	// within one phase: the "n" of an n-way bank conflict.
	Ways   int
	Bank   int    // the bank that needs Ways rows (the lowest, on a tie)
	Lanes  uint32 // the lanes of that phase that touch Bank
	Phases int    // phases the request was split into (empty ones included)
	Paired bool   // served in the paired mode of 8- and 16-byte loads
}

// Conflicts is the bank-conflict counter: wavefronts beyond the ideal.
func (c SharedCost) Conflicts() int { return c.Wavefronts - c.Ideal }

// phaseLanes returns how many consecutive lanes form one phase.
func (a *Arch) phaseLanes(size int, paired bool) int {
	switch {
	case a.HalfWarpRequests:
		return WarpSize / 2
	case a.WideWarpPhase8:
		if size <= 8 {
			return WarpSize
		}
		return WarpSize / 2
	case size <= 4:
		return WarpSize
	case size <= 8:
		if paired {
			return WarpSize
		}
		return WarpSize / 2
	default:
		if paired {
			return WarpSize / 2
		}
		return WarpSize / 4
	}
}

// paired reports whether a wide load is served in the paired mode: lanes
// n and n^1 (or n and n^2) that are both on read one address, for every
// such pair. A lane whose partner is off imposes nothing (measured: the
// partial-warp tables of docs/hardware.md).
func (a *Arch) paired(r *Request) bool {
	if !a.PairedLoads || !r.Load || r.Size <= 4 {
		return false
	}
	return pairedAt(r, 1) || pairedAt(r, 2)
}

func pairedAt(r *Request, d int) bool {
	for n := 0; n < WarpSize; n++ {
		m := n ^ d
		if r.On&(1<<n) != 0 && r.On&(1<<m) != 0 && r.Addr[n] != r.Addr[m] {
			return false
		}
	}
	return true
}

// Shared returns the wavefronts of a shared-memory request. The rule
// reproduces every H100 measurement in docs/hardware.md:
//
//   - a lane touches the bank rows of every bank word its access covers;
//   - lanes are grouped into fixed phases (whole warp for 4 bytes and less,
//     half warps for 8, quarter warps for 16; one step wider for paired
//     loads); a phase with no lane on costs nothing;
//   - an 8-byte paired phase that would need more than one wavefront is
//     served as its two half-warps instead (see phases; a 16-byte one is
//     not);
//   - a phase costs the largest number of distinct rows one bank must
//     deliver (lanes reading one row share it: broadcast);
//   - the request costs the sum over its phases.
func (a *Arch) Shared(r *Request) SharedCost {
	var buf [maxPhases]uint32
	masks, paired, ideal := a.phases(r, &buf)
	c := SharedCost{Paired: paired, Phases: len(masks), Ideal: ideal}
	for _, mask := range masks {
		if mask == 0 {
			continue
		}
		ways, bank := a.degree(r, mask)
		c.Wavefronts += ways
		if ways > c.Ways {
			c.Ways, c.Bank = ways, bank
			c.Lanes = a.lanesOnBank(r, mask, bank)
		}
	}
	return c
}

// phases returns the lanes that are on, phase by phase (empty phases
// included), whether the request was paired, and the ideal cost: one
// wavefront for each phase of the pairing that holds a lane that is on.
//
// A paired phase is not split by a bank conflict: the hardware counter
// reads 2 for an 8-byte load whose lanes n and n^1 are a bank row apart
// and n and n^2 alike (probe cases S8A, S8B, S8F and S8I in
// docs/hardware.md; fuzz seeds 354 and 1870 line by line, 2 per request),
// where Nsight Compute's per-instruction figure, which splits the warp into
// its half-warps, reads 4; and 3 for a 16-byte load with lanes 0-1 on one
// row of a bank and lanes 2-31 on another (probe case H3_2), where the
// per-instruction figure reads 4.
//
// The masks are appended to buf[:0], which holds them all: a phase is at
// least a quarter warp. (An append that grew a new slice for each request
// was most of the allocation of pricing.)
func (a *Arch) phases(r *Request, buf *[maxPhases]uint32) (masks []uint32, paired bool, ideal int) {
	paired = a.paired(r)
	per := a.phaseLanes(r.Size, paired)
	masks = buf[:0]
	for p := 0; p < WarpSize/per; p++ {
		mask := r.On & phaseMask(p, per)
		if mask != 0 {
			ideal++
		}
		masks = append(masks, mask)
	}
	return masks, paired, ideal
}

func phaseMask(p, per int) uint32 {
	if per == WarpSize {
		return ^uint32(0)
	}
	return (uint32(1)<<per - 1) << (p * per)
}

// maxUnits bounds the bank words one phase can touch: 32 lanes, each at
// most five words (a misaligned 16-byte access).
const maxUnits = WarpSize * 5

// degree returns the largest number of distinct rows one bank must deliver
// for the lanes in mask, and that bank.
func (a *Arch) degree(r *Request, mask uint32) (ways, bank int) {
	var buf [maxUnits]uint64
	units := buf[:0]
	for m := mask; m != 0; m &= m - 1 {
		n := bits.TrailingZeros32(m)
		first, last := a.wordSpan(r.Addr[n], r.Size)
		for w := first; w <= last; w++ {
			units = append(units, a.unit(w))
		}
	}
	sortUnits(units)
	var perBank [WarpSize]int
	for i, u := range units {
		if i > 0 && u == units[i-1] {
			continue // lanes sharing a row of a bank: broadcast
		}
		perBank[u&uint64(a.Banks-1)]++ // u % Banks
	}
	for b := 0; b < a.Banks; b++ {
		if perBank[b] > ways {
			ways, bank = perBank[b], b
		}
	}
	return ways, bank
}

// sortUnits is an insertion sort: a phase's units are few and usually
// come in order.
func sortUnits(xs []uint64) {
	for i := 1; i < len(xs); i++ {
		x := xs[i]
		j := i
		for ; j > 0 && x < xs[j-1]; j-- {
			xs[j] = xs[j-1]
		}
		xs[j] = x
	}
}

// wordSpan returns the first and last bank word an access covers.
func (a *Arch) wordSpan(addr int64, size int) (first, last int64) {
	return addr >> a.bankWidthShift, (addr + int64(size) - 1) >> a.bankWidthShift
}

// unit identifies the bank and the row within it of bank word w, encoded so
// that unit % Banks is the bank.
func (a *Arch) unit(w int64) uint64 {
	bank := w & int64(a.Banks-1)
	row := (w << a.bankWidthShift) >> a.rowShift
	return uint64(row)*uint64(a.Banks) + uint64(bank)
}

func (a *Arch) lanesOnBank(r *Request, mask uint32, bank int) uint32 {
	var lanes uint32
	for m := mask; m != 0; m &= m - 1 {
		n := bits.TrailingZeros32(m)
		first, last := a.wordSpan(r.Addr[n], r.Size)
		for w := first; w <= last; w++ {
			if int(w&int64(a.Banks-1)) == bank { // Banks is a power of two
				lanes |= 1 << n
			}
		}
	}
	return lanes
}

// BankOf returns the bank of a shared-memory byte address.
func (a *Arch) BankOf(addr int64) int {
	return int(floorMod(floorDiv(addr, int64(a.BankWidth)), int64(a.Banks)))
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 { return a - floorDiv(a, b)*b }

// PhaseMasks returns the lanes of a shared request that are on, phase by
// phase, as Shared groups them: what explain draws.
func (a *Arch) PhaseMasks(r *Request) []uint32 {
	var buf [maxPhases]uint32
	masks, _, _ := a.phases(r, &buf)
	return slices.Clone(masks)
}

// maxPhases is the most phases a request is split into (phaseLanes).
const maxPhases = WarpSize / 8
