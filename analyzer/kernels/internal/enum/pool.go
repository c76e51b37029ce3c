package enum

import (
	"sync"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/model"
)

// buffers are what an enumerator grows and may reuse for the next access:
// allocating them afresh for each access was most of the enumeration's
// allocation, and on fresh heap pages (page faults are a quarter of a
// small vet unit's time). An enumerator's zero value has empty ones.
type buffers struct {
	prices priceMemo
	// cands holds, per lane of the warp evaluated, the addresses it may
	// take among the alternatives (enumerator.alts).
	cands [model.WarpSize][]int64
	// req is the request warps fills for each warp in turn.
	req Request
	env affine.Env
	idx []int
	// worst holds run's worst request per alignment.
	worst []alignWorst
	// classIndex's, per symbol: the class of each value, a value's
	// guard comparisons, and the keys of the classes.
	class  []int
	guards []byte
	keys   []classEntry
}

// reset empties the buffers, keeping their room.
func (b *buffers) reset() {
	b.prices.reset()
	for n := range b.cands {
		b.cands[n] = b.cands[n][:0]
	}
	b.keys = b.keys[:0]
}

// enumerators holds enumerators done with, whose buffers the next
// access reuses; the analyses run in parallel, each takes its own.
var enumerators = sync.Pool{New: func() any { return new(enumerator) }}

// newEnumerator returns an enumerator of zero fields but for its buffers.
func newEnumerator() *enumerator { return enumerators.Get().(*enumerator) }

// release returns e to the pool, its fields cleared but its buffers
// kept: nothing e built may be used after.
func (e *enumerator) release() {
	b := e.buf
	b.reset()
	*e = enumerator{buf: b}
	enumerators.Put(e)
}

// ints returns b's room for n ints, zeroed.
func ints(b *[]int, n int) []int {
	if cap(*b) < n {
		*b = make([]int, n)
	}
	s := (*b)[:n]
	clear(s)
	return s
}
