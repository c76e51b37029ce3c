package model

// Cost is what one request costs, in the figure its space is priced in:
// a shared-memory request in wavefronts, a global one in sectors (the
// Nsight Compute counters the measurements of docs/hardware.md use).
// The simulator's trace and the analyzer's enumerator both price through
// Arch.Price, so a measured and a predicted figure are the same kind.
type Cost struct {
	InShared bool
	Shared   SharedCost // when InShared
	Global   GlobalCost // otherwise
}

// Price returns the cost of a request to shared memory (shared) or to
// global memory.
func (a *Arch) Price(r *Request, shared bool) Cost {
	if shared {
		return Cost{InShared: true, Shared: a.Shared(r)}
	}
	return Cost{Global: a.Global(r)}
}

// Figure is the request's figure: wavefronts or sectors.
func (c Cost) Figure() int {
	if c.InShared {
		return c.Shared.Wavefronts
	}
	return c.Global.Sectors
}

// Ideal is the figure of the request without conflicts or waste.
func (c Cost) Ideal() int {
	if c.InShared {
		return c.Shared.Ideal
	}
	return c.Global.Ideal
}
