package enum

import (
	"math/bits"

	"github.com/smemlint/smemlint/model"
)

// The enumerator prices up to search.MaxRequests requests per access, and
// most of them repeat: across loop values and warps, a request is often
// the same lane pattern moved by a whole number of cache lines (global) or
// bank rows (shared), which the model prices alike (TestPriceShift).
// Pricing is the largest part of the enumeration, so each distinct pattern
// is priced once per access.

// priceKey is a request up to a move by the pricing period: the lanes
// that are on, each lane's offset from the first lane that is on, and
// that lane's address modulo the period.
type priceKey struct {
	on   uint32
	base int64
	rel  [model.WarpSize]int64
}

// maxPriceMemo bounds the patterns remembered per access; past it,
// requests are priced directly.
const maxPriceMemo = 1 << 12

// priceLimit bounds the addresses the memo takes: far from overflow, a
// move by the period cannot change how the model rounds.
const priceLimit = 1 << 60

// pricePeriod is the move that leaves a request's price unchanged: a
// cache line for global memory, a bank row of every bank for shared.
func (e *enumerator) pricePeriod() int64 {
	if e.shared {
		return int64(e.ctx.Arch.Banks * e.ctx.Arch.RowWidth)
	}
	return int64(e.ctx.Arch.LineBytes)
}

// price is Arch.Price of r, remembered by lane pattern.
func (e *enumerator) price(r *model.Request) model.Cost {
	if r.On == 0 {
		return e.ctx.Arch.Price(r, e.shared)
	}
	first := bits.TrailingZeros32(r.On)
	base := r.Addr[first]
	k := priceKey{on: r.On}
	for m := r.On; m != 0; m &= m - 1 {
		n := bits.TrailingZeros32(m)
		a := r.Addr[n]
		if a > priceLimit || a < -priceLimit {
			return e.ctx.Arch.Price(r, e.shared)
		}
		k.rel[n] = a - base
	}
	p := e.pricePeriod()
	k.base = ((base % p) + p) % p
	if c, ok := e.prices[k]; ok {
		return c
	}
	c := e.ctx.Arch.Price(r, e.shared)
	if e.prices == nil {
		e.prices = map[priceKey]model.Cost{}
	}
	if len(e.prices) < maxPriceMemo {
		e.prices[k] = c
	}
	return c
}
