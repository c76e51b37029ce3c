package enum

import (
	"math/rand/v2"
	"testing"

	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// randomRequest draws a request of the shapes the enumerator makes: lanes
// at a stride, scattered, or all at one address, some lanes off.
func randomRequest(rng *rand.Rand, size int, load bool) model.Request {
	r := model.Request{Size: size, Load: load, On: rng.Uint32() | 1}
	if rng.IntN(3) == 0 {
		r.On = ^uint32(0)
	}
	base := rng.Int64N(1<<20) - 1<<19
	stride := []int64{0, 1, 2, 4, 8, 16, 33, 128, 132}[rng.IntN(9)]
	for n := range model.WarpSize {
		r.Addr[n] = base + int64(n)*stride
		if rng.IntN(4) == 0 {
			r.Addr[n] = base + rng.Int64N(4096)
		}
	}
	return r
}

// TestPriceShift wants the model's price unchanged by a move of every lane
// by a multiple of the period the memo keys on, on every architecture,
// width and direction: the memo's one assumption.
func TestPriceShift(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	for _, name := range model.Names() {
		arch := model.MustLookup(name)
		for _, shared := range []bool{false, true} {
			e := &enumerator{ctx: &ir.Context{Arch: arch}, shared: shared}
			p := e.pricePeriod()
			for _, size := range []int{1, 2, 4, 8, 16} {
				for _, load := range []bool{false, true} {
					for range 200 {
						r := randomRequest(rng, size, load)
						want := arch.Price(&r, shared)
						for _, k := range []int64{-5, 1, 3, 1000} {
							moved := r
							for n := range moved.Addr {
								moved.Addr[n] += k * p
							}
							if got := arch.Price(&moved, shared); got != want {
								t.Fatalf("%s shared=%v size %d: moved by %d×%d: %+v, want %+v", name, shared, size, k, p, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestPriceMemo wants the memo to give what the model gives, for requests
// that repeat as moved patterns and for new ones, past the memo's bound
// too, and again after a reset, as for the next access.
func TestPriceMemo(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	for _, shared := range []bool{false, true} {
		arch := model.MustLookup("")
		e := &enumerator{ctx: &ir.Context{Arch: arch}, shared: shared}
		for round := range 3 {
			var seen []model.Request
			for i := range 3 * maxPriceMemo >> round {
				var r model.Request
				if len(seen) > 0 && i%2 == 0 {
					r = seen[rng.IntN(len(seen))]
					d := rng.Int64N(1 << 16)
					for n := range r.Addr {
						r.Addr[n] += d
					}
				} else {
					r = randomRequest(rng, 4+4*round, true)
					seen = append(seen, r)
				}
				if got, want := e.price(&r), arch.Price(&r, shared); got != want {
					t.Fatalf("shared=%v round %d request %d: memo %+v, model %+v", shared, round, i, got, want)
				}
			}
			if len(e.buf.prices.entries) > maxPriceMemo {
				t.Errorf("memo holds %d patterns, bound %d", len(e.buf.prices.entries), maxPriceMemo)
			}
			e.buf.reset()
		}
	}
}
