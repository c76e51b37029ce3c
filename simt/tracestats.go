package simt

import (
	"maps"
	"math/bits"
	"slices"
	"sort"

	"github.com/smemlint/smemlint/model"
)

// traceStats is what traced requests and races add up to, per site.
type traceStats struct {
	sites   map[statKey]*siteStat
	hazards map[hazardKey]*TraceHazard
}

type statKey struct {
	site      int32
	op, space uint8
}

type siteStat struct {
	requests int
	split    int // requests that are one space or width of an execution
	figures  map[int]int
	worst    model.Request
	block    Dim3
	warp     int
	figure   int
	ideal    int
}

type hazardKey struct {
	kind, op      string
	first, second int32
}

func newTraceStats() *traceStats {
	return &traceStats{sites: map[statKey]*siteStat{}, hazards: map[hazardKey]*TraceHazard{}}
}

// add counts one priced request.
func (s *traceStats) add(r *pendReq, block Dim3, warp, figure, ideal int) {
	k := statKey{r.site, r.op, r.space}
	st := s.sites[k]
	if st == nil {
		st = &siteStat{figures: map[int]int{}}
		s.sites[k] = st
	}
	st.requests++
	if r.split {
		st.split++
	}
	st.figures[figure]++
	if st.requests == 1 || figure > st.figure {
		st.worst, st.block, st.warp, st.figure, st.ideal = r.req, block, warp, figure, ideal
	}
}

// merge adds o's counts to s. A tie for the worst request keeps the one
// of the lower block, so that the result does not depend on which worker
// ran which block.
func (s *traceStats) merge(o *traceStats) {
	for k, x := range o.sites {
		st := s.sites[k]
		if st == nil {
			c := *x
			c.figures = maps.Clone(x.figures)
			s.sites[k] = &c
			continue
		}
		st.requests += x.requests
		st.split += x.split
		for f, n := range x.figures {
			st.figures[f] += n
		}
		if x.figure > st.figure || x.figure == st.figure && lessBlock(x.block, x.warp, st.block, st.warp) {
			st.worst, st.block, st.warp, st.figure, st.ideal = x.worst, x.block, x.warp, x.figure, x.ideal
		}
	}
	for k, h := range o.hazards {
		if e := s.hazards[k]; e != nil {
			e.Count += h.Count
			if lessBlock(h.Block, 0, e.Block, 0) {
				c := *h
				c.Count = e.Count
				*e = c
			}
			continue
		}
		c := *h
		s.hazards[k] = &c
	}
}

func lessBlock(a Dim3, wa int, b Dim3, wb int) bool {
	if a != b {
		if a.Z != b.Z {
			return a.Z < b.Z
		}
		if a.Y != b.Y {
			return a.Y < b.Y
		}
		return a.X < b.X
	}
	return wa < wb
}

// export returns the sites and hazards in a stable order.
func (s *traceStats) export() ([]TraceSite, []TraceHazard) {
	sites := make([]TraceSite, 0, len(s.sites))
	for k, st := range s.sites {
		w := TraceRequest{Block: st.block, Warp: st.warp, On: st.worst.On, Size: st.worst.Size,
			Figure: st.figure, Ideal: st.ideal}
		for m := st.worst.On; m != 0; m &= m - 1 {
			w.Addr = append(w.Addr, st.worst.Addr[bits.TrailingZeros32(m)])
		}
		if k.space == spaceGlobal && len(w.Addr) > 0 {
			// Go's addresses change from run to run; their distances
			// to a 256-byte boundary, which decide the sectors, do not.
			base := slices.Min(w.Addr) &^ (model.GlobalAlign - 1)
			for i := range w.Addr {
				w.Addr[i] -= base
			}
		}
		sites = append(sites, TraceSite{Site: k.site, Space: spaceNames[k.space], Op: opNames[k.op],
			Requests: st.requests, Split: st.split, Figures: st.figures, Worst: w})
	}
	sort.Slice(sites, func(i, j int) bool {
		a, b := sites[i], sites[j]
		if a.Site != b.Site {
			return a.Site < b.Site
		}
		if a.Op != b.Op {
			return a.Op < b.Op
		}
		return a.Space < b.Space
	})
	hazards := make([]TraceHazard, 0, len(s.hazards))
	for _, h := range s.hazards {
		hazards = append(hazards, *h)
	}
	sort.Slice(hazards, func(i, j int) bool {
		a, b := hazards[i], hazards[j]
		if a.First.Site != b.First.Site {
			return a.First.Site < b.First.Site
		}
		if a.Second.Site != b.Second.Site {
			return a.Second.Site < b.Second.Site
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Op < b.Op
	})
	return sites, hazards
}
