package enum

import (
	"math/bits"

	"github.com/smemlint/smemlint/model"
)

// The enumerator prices up to search.MaxRequests requests per access, and
// most of them repeat: across loop values and warps, a request is often
// the same lane pattern moved by a whole number of cache lines (global) or
// bank rows (shared), which the model prices alike (TestPriceShift).
// Each distinct pattern is priced once per access. The memo is reused from
// access to access (pool.go), so that looking up costs no allocation, and
// an access's first requests are looked up too: in the old mix, whose
// accesses make at most 64 requests, 55% of them repeat a pattern, and
// pricing them directly was twice the time of the memo (docs/design.md,
// Performance).

// priceKey is a request up to a move by the pricing period: the lanes
// that are on, each lane's offset from the first lane that is on (a
// request whose offsets do not fit in 32 bits is priced directly), and
// that lane's address modulo the period.
type priceKey struct {
	on   uint32
	base int64
	rel  [model.WarpSize]int32
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

// priceEntry is one remembered pattern, with its key's hash.
type priceEntry struct {
	key  priceKey
	hash uint64
	cost model.Cost
}

// priceMemo is an open-addressed table of the patterns of one access.
// The enumerator that owns it is reused from access to access (see
// pool.go), and so is the memo: reset empties it by moving to a new
// generation, without clearing its slots, and the slots and entries keep
// the room they grew to. A Go map here was rebuilt and grown for each
// access (maps.newTable, rehash and the clearing of its memory were a
// tenth of a small unit's analysis).
type priceMemo struct {
	// slots, a power of two of them, each the index of an entry and the
	// generation that wrote it: a slot of another generation is empty.
	slots   []priceSlot
	gen     uint32
	entries []priceEntry
}

type priceSlot struct {
	gen   uint32
	entry int32
}

// minPriceSlots is the table's first size.
const minPriceSlots = 64

// reset empties the memo for another access.
func (m *priceMemo) reset() {
	m.entries = m.entries[:0]
	if m.gen++; m.gen == 0 {
		// The generation wrapped: an old slot could pass for a new one.
		clear(m.slots)
		m.gen = 1
	}
}

// find returns the entry of k, whose hash is h, or the slot where it
// goes; entry is nil when there is none.
func (m *priceMemo) find(k *priceKey, h uint64) (entry *priceEntry, slot int) {
	mask := len(m.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		s := m.slots[i]
		if s.gen != m.gen {
			return nil, i
		}
		if en := &m.entries[s.entry]; en.hash == h && en.key == *k {
			return en, i
		}
	}
}

// add remembers the cost of k, at slot (find's), within maxPriceMemo
// patterns; the table doubles past half full.
func (m *priceMemo) add(k *priceKey, h uint64, cost model.Cost, slot int) {
	if len(m.entries) >= maxPriceMemo {
		return
	}
	m.entries = append(m.entries, priceEntry{key: *k, hash: h, cost: cost})
	m.slots[slot] = priceSlot{gen: m.gen, entry: int32(len(m.entries) - 1)}
	if 2*len(m.entries) > len(m.slots) {
		m.grow(2 * len(m.slots))
	}
}

// grow makes the table n slots and places the entries again.
func (m *priceMemo) grow(n int) {
	if cap(m.slots) >= n {
		m.slots = m.slots[:n]
		clear(m.slots)
	} else {
		m.slots = make([]priceSlot, n)
	}
	if m.gen == 0 {
		m.gen = 1
	}
	mask := n - 1
	for j := range m.entries {
		i := int(m.entries[j].hash) & mask
		for m.slots[i].gen == m.gen {
			i = (i + 1) & mask
		}
		m.slots[i] = priceSlot{gen: m.gen, entry: int32(j)}
	}
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
		d := a - base
		if a > priceLimit || a < -priceLimit || d != int64(int32(d)) {
			return e.ctx.Arch.Price(r, e.shared)
		}
		k.rel[n] = int32(d)
	}
	p := e.pricePeriod()
	k.base = ((base % p) + p) % p
	h := k.hash()
	m := &e.buf.prices
	if m.slots == nil {
		m.grow(minPriceSlots)
	}
	en, slot := m.find(&k, h)
	if en != nil {
		return en.cost
	}
	c := e.ctx.Arch.Price(r, e.shared)
	m.add(&k, h, c, slot)
	return c
}
