package pairs

// Sites whose races depend on data: the pair search leaves out accesses
// at addresses that depend on data and, in part, accesses under
// conditions on data (see pairable, crossPairable, blockPairable). Such
// a site is not passed over in silence: where a race is possible for some
// data, it is said to be unchecked, and why.

import (
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/uniform"
)

// Unchecked is a site (B's statement) whose race with another site
// (A's) could not be decided: whether two threads touch the same bytes
// depends on data read at run time.
type Unchecked struct {
	SiteA, SiteB any
	A, B         *ir.Access
	// Index is true when an address depends on data, false when a
	// condition of one of the accesses does. Data is that data's symbol.
	Index bool
	Data  affine.Sym
	// C is, for a condition on data, two threads that race when the data
	// lets both make their accesses; for an index on data where Race is
	// set, two threads that race when the data makes their addresses
	// meet.
	C *Conflict
	// Race says that the pair races for some data the kernel cannot see,
	// a finding of the check Scope names (see decideData). For an index on
	// data, Vals are the data's values at C.TA and C.TB, and Uses says
	// whether each address depends on its value.
	Race  bool
	Scope Scope
	Vals  [2]int64
	Uses  [2]bool
}

// unchecked returns the first pair of an access of as and a later (or the
// same) access of bs that may race depending on data.
func (f *raceFinder) unchecked(as, bs []*ir.Access) *Unchecked {
	c := f.ctx
	for _, b := range bs {
		for _, a := range as {
			if a.Seq > b.Seq || a.Array != b.Array || a.Remote || b.Remote || a.Atomic && b.Atomic || !a.Store && !b.Store {
				continue
			}
			if s, ok := dataIn(c, a.Addr, b.Addr); ok {
				if f.mayMeet(a, b) {
					u := &Unchecked{A: a, B: b, Index: true, Data: s}
					f.decideData(u)
					return u
				}
				continue
			}
			s, ok := dataIn(c, a.Guard(), b.Guard())
			if !ok || a.Shared() && !c.IsVaryingData(s) && !anyVarying(c, a, b) {
				// A condition on data the same for every thread of the
				// block was searched with candidate values already.
				continue
			}
			if exclusive(c, a, b) {
				// No data lets both in (in[0] > 5, in[0] < 3).
				continue
			}
			if cf := f.relaxed(a, b); cf != nil {
				u := &Unchecked{A: a, B: b, Data: s, C: cf}
				f.decideData(u)
				return u
			}
		}
	}
	return nil
}

// anyVarying reports whether a condition of a or b depends on data that
// varies between threads.
func anyVarying(c *ir.Context, a, b *ir.Access) bool {
	for _, x := range []*ir.Access{a, b} {
		if _, ok := uniform.VaryingData(c, x.Guard()); ok {
			return true
		}
	}
	return false
}

// dataIn returns a data symbol that one of the expressions (affine.Expr
// or affine.Pred) depends on.
func dataIn(c *ir.Context, xs ...interface{ Syms() []affine.Sym }) (affine.Sym, bool) {
	for _, x := range xs {
		for _, s := range x.Syms() {
			if c.IsData(s) {
				return s, true
			}
		}
	}
	return 0, false
}

// relaxed looks for two threads that race through a and b when every
// condition on data lets them through: the conditions' conjuncts on data
// are dropped, so the threads that make each access can only grow.
func (f *raceFinder) relaxed(a, b *ir.Access) *Conflict {
	ra, rb := f.relax(a), f.relax(b)
	if ra.Shared() {
		// A pair across warps first: where one exists, the race is
		// smemrace's, whatever pairs within a warp there are too.
		if cf := f.Find(ra, rb, PairQuery{CrossWarp: true}); cf != nil {
			return cf
		}
		return f.Find(ra, rb, PairQuery{})
	}
	if cf := f.Find(ra, rb, PairQuery{CrossBlock: true}); cf != nil {
		return cf
	}
	if cf := f.Find(ra, rb, PairQuery{CrossWarp: true}); cf != nil {
		return cf
	}
	// Within a warp, two stores of every lane to one word are a race
	// here (warpPairable leaves such a flag out): which lanes store, and
	// so what is stored last, depends on the data.
	if !ra.Atomic && !rb.Atomic {
		return f.Find(ra, rb, PairQuery{SameWarp: true})
	}
	return nil
}

// relax is relax, once per access of the finder: the searches of the
// copy's pairs then share its program and addresses.
func (f *raceFinder) relax(x *ir.Access) *ir.Access {
	r, ok := f.relaxedCopy[x]
	if !ok {
		r = relax(f.ctx, x)
		if f.relaxedCopy == nil {
			f.relaxedCopy = map[*ir.Access]*ir.Access{}
		}
		f.relaxedCopy[x] = r
	}
	return r
}

// relax returns a copy of x whose conditions keep only their conjuncts
// free of data.
func relax(c *ir.Context, x *ir.Access) *ir.Access {
	cp := *x
	cp.Ctrl = make([]ir.Ctrl, len(x.Ctrl))
	for i, ctrl := range x.Ctrl {
		p := affine.True
		for _, conj := range ctrl.Pred.Conjuncts() {
			if !conj.DependsOn(c.IsData) {
				p = affine.AndP(p, conj)
			}
		}
		ctrl.Pred = p
		cp.Ctrl[i] = ctrl
	}
	return &cp
}

// mayMeet reports whether instances of a and b may run with nothing to
// order them: in two blocks (global memory, a launch of several blocks),
// or in one barrier interval of a block.
func (f *raceFinder) mayMeet(a, b *ir.Access) bool {
	c := f.ctx
	if !a.Shared() && manyBlocks(c) {
		return true
	}
	lo, hi := min(a.Seq, b.Seq), max(a.Seq, b.Seq)
	if !barrierWhere(c, func(s *ir.Sync) bool { return s.Seq > lo && s.Seq < hi }) {
		return true
	}
	for _, l := range commonLoops(a.Loops, b.Loops) {
		inLoop := func(s *ir.Sync) bool { return slices.Contains(s.Loops, l) }
		if !barrierWhere(c, inLoop) {
			return true
		}
		consecutive := func(x, y *ir.Access) bool {
			return !barrierWhere(c, func(s *ir.Sync) bool { return inLoop(s) && (s.Seq > x.Seq || s.Seq < y.Seq) })
		}
		if consecutive(a, b) || consecutive(b, a) {
			return true
		}
	}
	return false
}
