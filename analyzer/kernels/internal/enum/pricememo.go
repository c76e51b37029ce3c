package enum

import (
	"math/bits"

	"github.com/smemlint/smemlint/model"
)

// The enumerator prices up to search.MaxRequests requests per access, and
// most of them repeat: across loop values and warps, a request is often
// the same lane pattern moved by a whole number of cache lines (global) or
// bank rows (shared), which the model prices alike (TestPriceShift).
// Past an access's first 64 requests (priced directly: for fewer, looking
// up cost more than pricing), each distinct pattern is priced once per
// access; with the memo, pricing was 2% of the old mix's analysis
// (docs/design.md, Performance).

// priceKey is a request up to a move by the pricing period: the lanes
// that are on, each lane's offset from the first lane that is on (a
// request whose offsets do not fit in 32 bits is priced directly), and
// that lane's address modulo the period.
type priceKey struct {
	on   uint32
	base int64
	rel  [model.WarpSize]int32
}

// memoAfter is the requests of an access priced before the memo is used.
const memoAfter = 64

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

// priceEntry is one remembered pattern; next is the index of the
// previous entry whose key has the same hash, or -1.
type priceEntry struct {
	key  priceKey
	cost model.Cost
	next int32
}

// priceMemo maps a pattern's hash to its entries, newest first: the map
// holds small slots and grows cheaply, where one keyed by the pattern
// itself copied every slot at each growth and hashed the whole key on
// every look-up (a tenth of the users mix's enumeration).
type priceMemo struct {
	first   map[uint64]int32 // hash -> index of its newest entry
	entries []priceEntry
}

// hash mixes the lanes that are on, the base and the offsets of the
// first few lanes and the last, which tell most patterns apart; the
// entries of one hash are told apart by their whole keys.
func (k *priceKey) hash() uint64 {
	h := uint64(k.on)*0x9e3779b97f4a7c15 ^ uint64(k.base)*0xff51afd7ed558ccd
	last := 31 - bits.LeadingZeros32(k.on)
	h ^= uint64(uint32(k.rel[last])) << 32
	m := k.on
	for range 4 {
		if m == 0 {
			break
		}
		h = (h ^ uint64(uint32(k.rel[bits.TrailingZeros32(m)]))) * 0x100000001b3
		m &= m - 1
	}
	return h ^ h>>29
}

// price is Arch.Price of r, remembered by lane pattern.
//
// The first memoAfter requests of an access are priced directly: most
// accesses make few, and for them the memo cost more than it saved.
func (e *enumerator) price(r *model.Request) model.Cost {
	if e.priced++; r.On == 0 || e.priced <= memoAfter {
		return e.ctx.Arch.Price(r, e.shared)
	}
	first := bits.TrailingZeros32(r.On)
	base := r.Addr[first]
	k := priceKey{on: r.On}
	for m := r.On; m != 0; m &= m - 1 {
		n := bits.TrailingZeros32(m)
		a := r.Addr[n]
		d := a - base
		if a > priceLimit || a < -priceLimit || d != int64(int32(d)) {
			return e.ctx.Arch.Price(r, e.shared)
		}
		k.rel[n] = int32(d)
	}
	p := e.pricePeriod()
	k.base = ((base % p) + p) % p
	h := k.hash()
	m := &e.prices
	head, ok := m.first[h]
	if ok {
		for i := head; i >= 0; i = m.entries[i].next {
			if m.entries[i].key == k {
				return m.entries[i].cost
			}
		}
	} else {
		head = -1
	}
	c := e.ctx.Arch.Price(r, e.shared)
	if m.first == nil {
		m.first = map[uint64]int32{}
	}
	if len(m.entries) < maxPriceMemo {
		if m.entries == nil {
			m.entries = make([]priceEntry, 0, 8)
		}
		m.entries = append(m.entries, priceEntry{key: k, cost: c, next: head})
		m.first[h] = int32(len(m.entries) - 1)
	}
	return c
}
