package pairs

import (
	"sync"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// A finder's scratch storage: the address lists of its cache, one int64
// per thread of the block (8 KiB for 1,024 threads), and the entries and
// index of a search. A race decision fills hundreds of lists: taken fresh
// from the heap each costs clearing and page faults, which were most of
// the time a search spent on an assignment. A finder takes its scratch
// from a pool and hands it back when its decision is done (release), so
// that the next decision, of this context or another, reuses the memory.
type scratch struct {
	// cache holds per-thread addresses by access and values of its
	// symbols; syms the uniform symbols of each access; any, for
	// raceFinder, a conflict between any two threads per pair of
	// accesses; accessOK whether an access may be paired at all (see
	// pairable); progs the program of each access (see program). Each is
	// emptied when the finder is released.
	cache    map[addrsKey]addrList
	syms     map[*ir.Access][]affine.Sym
	any      map[[2]*ir.Access]*Conflict
	accessOK map[*ir.Access]bool
	progs    map[*ir.Access]*accessProgram
	// env and thread are the environments of a search and of disjoint,
	// cleared for each.
	env, thread affine.Env
	entries     []keyed
	vals        []int64
	index       keyIndex
	key         []byte
	// spare are address lists free for reuse; last is the list addrs
	// returned last, which a caller may still hold (see recycle).
	spare [][]int64
	last  []int64
}

// scratchPool holds the scratch of finders that are done. (A sync.Pool,
// safe for the analyzers that run in parallel; what it holds is only
// storage, overwritten before it is read.)
var scratchPool = sync.Pool{New: func() any {
	return &scratch{cache: map[addrsKey]addrList{}, syms: map[*ir.Access][]affine.Sym{},
		any: map[[2]*ir.Access]*Conflict{}, accessOK: map[*ir.Access]bool{},
		progs: map[*ir.Access]*accessProgram{}}
}}

// zeroEnv returns *buf cleared and of length n, grown where it is shorter.
func zeroEnv(buf *affine.Env, n int) affine.Env {
	if cap(*buf) < n {
		*buf = make(affine.Env, n)
	}
	*buf = (*buf)[:n]
	clear(*buf)
	return *buf
}

// newAddrs returns a list of n addresses, a spare one where one is long
// enough. Lists are not cleared: fill sets every thread's entry.
func (s *scratch) newAddrs(n int) []int64 {
	for len(s.spare) > 0 {
		l := s.spare[len(s.spare)-1]
		s.spare = s.spare[:len(s.spare)-1]
		if cap(l) >= n {
			return l[:n]
		}
	}
	return make([]int64, n)
}

// recycle keeps the lists of cache as spares and empties it, but the
// list returned last: run holds a's list while it asks for b's.
func (s *scratch) recycle(cache map[addrsKey]addrList) {
	for _, l := range cache {
		if len(l.addrs) > 0 && len(s.last) > 0 && &l.addrs[0] == &s.last[0] {
			continue
		}
		s.spare = append(s.spare, l.addrs)
	}
	clear(cache)
}

// release hands the finder's scratch, with every list of its cache, back
// to the pool: the finder is done and keeps no address it computed.
func (f *ConflictFinder) release() {
	if f.scratch == nil {
		return
	}
	f.last = nil
	f.recycle(f.cache)
	clear(f.syms)
	clear(f.any)
	clear(f.accessOK)
	clear(f.progs)
	scratchPool.Put(f.scratch)
	f.scratch = nil
}
