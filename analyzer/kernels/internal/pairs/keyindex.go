package pairs

import (
	"cmp"
	"slices"
	"sort"

	"github.com/smemlint/smemlint/model"
)

// keyed is a thread and one key of its access (a byte address, or the
// address in units of the smaller access of a pair).
type keyed struct {
	key int64
	t   int32
}

// keyIndex lists, for each key, the threads that have it in ascending
// order, so that a search for a partner thread can restrict itself to a
// warp or skip one with two binary searches, and no thread is dropped.
// Keys within a small range are counted into place, others sorted.
type keyIndex struct {
	lo      int64
	dense   bool
	start   []int32 // dense: the threads of key lo+i are threads[start[i]:start[i+1]]
	keys    []int64 // sparse: the key of each entry of threads, ascending
	threads []int32
}

// build indexes entries, given in ascending thread order. It reuses the
// index's storage.
func (x *keyIndex) build(entries []keyed) {
	x.threads = x.threads[:0]
	x.keys = x.keys[:0]
	x.start = x.start[:0]
	x.dense = false
	if len(entries) == 0 {
		return
	}
	lo, hi := entries[0].key, entries[0].key
	for _, e := range entries {
		lo, hi = min(lo, e.key), max(hi, e.key)
	}
	x.lo = lo
	if span := hi - lo; span >= 0 && span < int64(4*len(entries)+64) {
		x.dense = true
		x.start = slices.Grow(x.start, int(span)+2)[:span+2]
		clear(x.start)
		for _, e := range entries {
			x.start[e.key-lo+1]++
		}
		for i := 1; i < len(x.start); i++ {
			x.start[i] += x.start[i-1]
		}
		x.threads = slices.Grow(x.threads, len(entries))[:len(entries)]
		// Place each thread at the next free slot of its key, keeping
		// thread order; start[k] moves to the end of key k meanwhile,
		// which is the start of key k+1 before the pass.
		for _, e := range entries {
			k := e.key - lo
			x.threads[x.start[k]] = e.t
			x.start[k]++
		}
		copy(x.start[1:], x.start[:len(x.start)-1])
		x.start[0] = 0
		return
	}
	// Entries come in thread order, and addresses mostly grow with the
	// thread: often they are in key order already. Otherwise they are
	// sorted by key and then thread, the order a stable sort by key gives.
	if !slices.IsSortedFunc(entries, func(a, b keyed) int { return cmp.Compare(a.key, b.key) }) {
		slices.SortFunc(entries, func(a, b keyed) int {
			if c := cmp.Compare(a.key, b.key); c != 0 {
				return c
			}
			return cmp.Compare(a.t, b.t)
		})
	}
	for _, e := range entries {
		x.keys = append(x.keys, e.key)
		x.threads = append(x.threads, e.t)
	}
}

// of returns the threads with key k, ascending.
func (x *keyIndex) of(k int64) []int32 {
	if x.dense {
		i := k - x.lo
		if i < 0 || i >= int64(len(x.start)-1) {
			return nil
		}
		return x.threads[x.start[i]:x.start[i+1]]
	}
	i := sort.Search(len(x.keys), func(i int) bool { return x.keys[i] >= k })
	j := i
	for j < len(x.keys) && x.keys[j] == k {
		j++
	}
	return x.threads[i:j]
}

// partners calls f, in ascending order, for the threads of ts (ascending)
// that a query admits as partners of thread t by warps, until f returns
// true; it reports whether f did.
func partners(ts []int32, t int, sameWarp, crossWarp bool, f func(u int) bool) bool {
	if len(ts) == 0 {
		return false
	}
	if !sameWarp && !crossWarp {
		// Every thread: no warp to look for.
		for _, u := range ts {
			if f(int(u)) {
				return true
			}
		}
		return false
	}
	w0 := int32(t / model.WarpSize * model.WarpSize)
	from := sort.Search(len(ts), func(i int) bool { return ts[i] >= w0 })
	to := from + sort.Search(len(ts)-from, func(i int) bool { return ts[from+i] >= w0+model.WarpSize })
	each := func(us []int32) bool {
		for _, u := range us {
			if f(int(u)) {
				return true
			}
		}
		return false
	}
	switch {
	case sameWarp:
		return each(ts[from:to])
	case crossWarp:
		return each(ts[:from]) || each(ts[to:])
	}
	return each(ts)
}
