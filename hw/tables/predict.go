package main

import (
	"fmt"

	"github.com/smemlint/smemlint/model"
)

// Prediction is what the model says a case costs over its whole launch.
type Prediction struct {
	Requests int // warp requests with at least one lane on
	Figure   int // wavefronts (shared) or sectors (global), summed
	Lanes    int // lanes on, summed over the requests
}

// PerRequest returns the average figure per request, 0 without requests.
func (p Prediction) PerRequest() float64 {
	if p.Requests == 0 {
		return 0
	}
	return float64(p.Figure) / float64(p.Requests)
}

// predict runs a case's launch through the model: every warp of every
// block becomes one request of the lanes that are on, each at byte address
// index × width from the start of its buffer (micro.cu's buffers start
// aligned to 16 bytes and more). It fails when an index leaves its buffer.
func predict(a *model.Arch, cs *Cases, c *Case) (Prediction, error) {
	var p Prediction
	size := int64(c.Size())
	limit := cs.GlobalBytes
	if c.Shared() {
		limit = cs.SharedBytes
	}
	threads := c.Block[0] * c.Block[1]
	for by := 0; by < c.Grid[1]; by++ {
		for bx := 0; bx < c.Grid[0]; bx++ {
			for w := 0; w*model.WarpSize < threads; w++ {
				r := model.Request{Size: c.Size(), Load: c.Load()}
				for lane := 0; lane < model.WarpSize; lane++ {
					tid := w*model.WarpSize + lane
					if tid >= threads {
						break
					}
					v := vars{tid: int64(tid), tx: int64(tid % c.Block[0]), ty: int64(tid / c.Block[0]), bidx: int64(bx), bidy: int64(by)}
					on, err := c.on(&v)
					if err != nil {
						return p, fmt.Errorf("case %s: on: %w", c.ID, err)
					}
					idx := c.idx
					if on == 0 {
						idx = c.xidx
					}
					e, err := idx(&v)
					if err != nil {
						return p, fmt.Errorf("case %s: index: %w", c.ID, err)
					}
					if addr := e * size; addr+size > limit {
						return p, fmt.Errorf("case %s: thread %d of block (%d,%d) reaches byte %d, beyond the %d-byte buffer", c.ID, tid, bx, by, addr+size, limit)
					}
					r.Addr[lane] = e * size
					if on != 0 {
						r.On |= 1 << lane
					}
				}
				if r.On == 0 {
					continue // a warp with no lane on makes no request
				}
				p.Requests++
				p.Lanes += r.Lanes()
				if c.Shared() {
					p.Figure += a.Shared(&r).Wavefronts
				} else {
					p.Figure += a.Global(&r).Sectors
				}
			}
		}
	}
	return p, nil
}
