package pairs

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/search"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/uniform"
)

// Conflict is a witness that two threads of a block touch the same bytes
// through two accesses with no synchronisation between them that orders
// the two.
type Conflict struct {
	A, B *ir.Access
	// TA and TB are the linear indices of the threads that make A and B.
	TA, TB int
	// Offset is the byte offset, within the array, of a byte both touch.
	Offset int64
	// Loop is the loop whose iterations the two instances belong to when
	// they differ; nil when both run in the same iteration of every loop.
	Loop *ir.Loop
	// Bindings describes the uniform values of the witness; Env holds
	// them (and, past the context's symbols, the loop values of B when
	// they differ from A's).
	Bindings string
	Env      affine.Env
	Exact    bool
	// BFirst says that B's instance runs before A's (an earlier iteration
	// of Loop); Bindings then gives the loop values of B's instance first.
	BFirst bool
	// BlockA and BlockB are the block indices of the two threads when
	// they lie in different blocks (CrossBlock); Blocks says they do.
	Blocks         bool
	BlockA, BlockB [3]int64
}

// InOrder returns the conflict with the instance that runs first as A.
func (cf *Conflict) InOrder() *Conflict {
	if !cf.BFirst {
		return cf
	}
	o := *cf
	o.A, o.B, o.TA, o.TB, o.BFirst = cf.B, cf.A, cf.TB, cf.TA, false
	return &o
}

// PairQuery says which conflicts to look for.
type PairQuery struct {
	// SameWarp restricts the two threads to one warp.
	SameWarp bool
	// Ordered looks only for instances of A that run before instances of
	// B in program order (write then read, read then write).
	Ordered bool
	// CrossIteration looks only for instances in different iterations of
	// a loop (for two accesses of one statement).
	CrossIteration bool
	// CrossWarp restricts the two threads to different warps.
	CrossWarp bool
	// CrossBlock looks for two threads of different blocks, in global
	// memory: no barrier orders them, so instances in any iterations of
	// the loops around the accesses pair.
	CrossBlock bool
}

// FindConflict searches two threads whose instances of a and b touch the
// same bytes within one barrier interval: no SyncThreads or Cluster().Sync
// between them in program order, and, for two lanes of one warp, no
// SyncWarp whose mask names both. Accesses to data-dependent addresses,
// under conditions on data that varies between lanes, of another block's
// shared memory, or both atomic, are never paired.
func FindConflict(c *ir.Context, a, b *ir.Access, q PairQuery) *Conflict {
	return Conflicts(c).Find(a, b, q)
}

// ConflictFinder answers FindConflict for many pairs of one context,
// evaluating each access once per assignment of the symbols it uses.
type ConflictFinder struct {
	ctx *ir.Context
	// acct pays for the finder's searches, which it runs one after the
	// other (see ir.SearchBudget).
	acct *ir.Account
	// fixed gives parameters one value in every search (see Degenerate).
	fixed map[affine.Sym]int64
	// Scratch storage of the searches, reused from pair to pair and,
	// once the finder is released, by other finders.
	*scratch
}

// addrsKey identifies one access's addresses under one assignment of its
// uniform symbols (their values, encoded).
type addrsKey struct {
	acc  *ir.Access
	vals string
}

// maxCached bounds the per-thread address lists a ConflictFinder keeps.
// Most reuse is near (the pairs of one site, the sides of one pair), and
// every list kept is memory the process touches for the first time,
// whose page faults cost more than filling a list again: the reduction
// example's unit spends about 10% less with 64 lists than with 1,024.
const maxCached = 64

// noAddr marks a thread that does not make an access.
const noAddr = math.MinInt64

// Conflicts returns a ConflictFinder for the context.
func Conflicts(c *ir.Context) *ConflictFinder {
	return &ConflictFinder{ctx: c, acct: ir.NewAccount(ir.SearchBudget), scratch: scratchPool.Get().(*scratch)}
}

// Find is FindConflict.
func (f *ConflictFinder) Find(a, b *ir.Access, q PairQuery) *Conflict {
	c := f.ctx
	defer c.Charge(ir.StartMeter())
	defer c.Catch(a.Node.Pos(), "searching for threads that race", nil)
	if !c.Enumerable() || !f.pairable(a, b) {
		return nil
	}
	common := commonLoops(a.Loops, b.Loops)
	if q.CrossBlock {
		if !blockPairable(c, a, b) {
			return nil
		}
		rel := relation{otherBlock: true}
		if len(common) > 0 {
			rel.loop = common[0]
		}
		return f.search(a, b, q, rel)
	}
	if !q.CrossIteration && (!q.Ordered || a.Seq < b.Seq) {
		lo, hi := min(a.Seq, b.Seq), max(a.Seq, b.Seq)
		if !barrierWhere(c, func(s *ir.Sync) bool { return s.Seq > lo && s.Seq < hi }) {
			if cf := f.search(a, b, q, relation{}); cf != nil {
				return cf
			}
		}
	}
	for p := len(common) - 1; p >= 0; p-- {
		l := common[p]
		inLoop := func(s *ir.Sync) bool { return slices.Contains(s.Loops, l) }
		if !barrierWhere(c, inLoop) {
			if cf := f.search(a, b, q, relation{loop: l, level: p}); cf != nil {
				return cf
			}
			continue
		}
		// The loop has a barrier: only consecutive iterations can share an
		// interval, when no barrier follows the earlier instance or
		// precedes the later one.
		consecutive := func(x, y *ir.Access) bool {
			return !barrierWhere(c, func(s *ir.Sync) bool { return inLoop(s) && (s.Seq > x.Seq || s.Seq < y.Seq) })
		}
		if consecutive(a, b) {
			if cf := f.search(a, b, q, relation{loop: l, level: p, next: true}); cf != nil {
				return cf
			}
		}
		if !q.Ordered && consecutive(b, a) {
			if cf := f.search(a, b, q, relation{loop: l, level: p, next: true, bFirst: true}); cf != nil {
				return cf
			}
		}
	}
	return nil
}

// pairable reports whether two accesses may be compared at all.
func (f *ConflictFinder) pairable(a, b *ir.Access) bool {
	if a.Array != b.Array || a.Remote || b.Remote || a.Atomic && b.Atomic || !a.Store && !b.Store {
		return false
	}
	return f.accessPairable(a) && f.accessPairable(b)
}

// accessPairable reports whether x's address is free of data and its
// guard of data that varies between lanes, remembered per access.
func (f *ConflictFinder) accessPairable(x *ir.Access) bool {
	ok, seen := f.accessOK[x]
	if !seen {
		ok = !x.Addr.DependsOn(f.ctx.IsData)
		if ok {
			_, varying := uniform.VaryingData(f.ctx, x.Guard())
			ok = !varying
		}
		f.accessOK[x] = ok
	}
	return ok
}

func commonLoops(a, b []*ir.Loop) []*ir.Loop {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n]
}

// barrierWhere reports whether a block-wide barrier satisfies f.
func barrierWhere(c *ir.Context, f func(*ir.Sync) bool) bool {
	for _, s := range c.Syncs {
		if (s.Kind == ir.SyncThreads || s.Kind == ir.ClusterSync) && f(s) {
			return true
		}
	}
	return false
}

// relation is how the instances of two accesses are placed: in the same
// iteration of every common loop, or in different iterations of common
// loop number level (consecutive ones when next).
type relation struct {
	loop   *ir.Loop
	level  int
	next   bool
	bFirst bool // next: b's instance is the earlier one
	// otherBlock: b's instance is made by a thread of another block, in
	// any iteration of every loop (from level 0).
	otherBlock bool
}

// pairSpace is one relation made concrete: b's expressions with the loop
// symbols that differ renamed to extra symbols.
type pairSpace struct {
	ctx       *ir.Context
	finder    *ConflictFinder
	pinned    []affine.Sym // symbols fixed at their most permissive value
	a, b      *ir.Access
	rel       relation
	q         PairQuery
	addrB     affine.Expr
	guardB    affine.Pred
	copies    map[affine.Sym]affine.Sym // original -> copy
	gran      int64
	shift     int // log2 of gran where it is a power of two, else -1
	warpSyncs []*ir.Sync
	search    *search.Search
	syms      []affine.Sym
	env       affine.Env
}

func (f *ConflictFinder) search(a, b *ir.Access, q PairQuery, rel relation) *Conflict {
	c := f.ctx
	ps := &pairSpace{ctx: c, finder: f, a: a, b: b, rel: rel, q: q, copies: map[affine.Sym]affine.Sym{},
		addrB: b.Addr, guardB: b.Guard(), gran: int64(min(a.Size, b.Size)), shift: -1}
	if g := ps.gran; g > 0 && g&(g-1) == 0 {
		ps.shift = bits.TrailingZeros64(uint64(g))
	}
	if rel.loop != nil || rel.otherBlock {
		if rel.loop != nil {
			for _, l := range commonLoops(a.Loops, b.Loops)[rel.level:] {
				if l.HasVar {
					ps.copies[l.Var] = affine.Sym(c.Syms.Len() + len(ps.copies))
				}
			}
		}
		if rel.otherBlock {
			for _, s := range append(b.Guard().Syms(), b.Addr.Syms()...) {
				if _, ok := ps.copies[s]; !ok && c.IsBlockIdx(s) {
					ps.copies[s] = affine.Sym(c.Syms.Len() + len(ps.copies))
				}
			}
		}
		rename := func(s affine.Sym) (affine.Expr, bool) {
			if cp, ok := ps.copies[s]; ok {
				return affine.S(cp), true
			}
			return affine.Expr{}, false
		}
		ps.addrB = affine.Map(b.Addr, rename)
		ps.guardB = affine.MapP(ps.guardB, rename)
	}
	if !rel.otherBlock && ps.disjoint() {
		return nil
	}
	ps.plan()
	if ps.apartEverywhere() {
		// The search would visit every assignment and find nothing:
		// it is spent as it would be, for the budget of the searches
		// after it and the note of a cut.
		ps.search.Each(ps.env, func() bool { return true })
		return nil
	}
	return ps.run()
}

// plan sets up the search over the uniform symbols of both sides.
func (ps *pairSpace) plan() {
	c := ps.ctx
	var syms []affine.Sym
	for _, x := range []affine.Pred{ps.a.Guard(), ps.guardB} {
		syms = append(syms, x.Syms()...)
	}
	syms = append(syms, ps.a.Addr.Syms()...)
	syms = append(syms, ps.addrB.Syms()...)
	if l := ps.rel.loop; l != nil && l.HasVar {
		syms = append(syms, l.Var, ps.copies[l.Var])
	}
	slices.Sort(syms)
	syms = slices.Compact(syms)
	ps.search = search.NewSearch(c, nil)
	ps.search.Draw(ps.finder.acct)
	ps.search.About(ps.b.Node.Pos(), fmt.Sprintf("the search for two threads that touch the same bytes through %s and %s", ps.a.Text, ps.b.Text))
	var adjacent affine.Sym = -1
	if ps.rel.next && ps.rel.loop.HasVar {
		adjacent = ps.rel.loop.Var
	}
	isCopy := func(s affine.Sym) bool { return int(s) >= c.Syms.Len() }
	guards := []affine.Pred{ps.a.Guard(), ps.guardB}
	cmps := comparisonsOf(guards)
	inAddr := func(s affine.Sym) bool {
		is := func(x affine.Sym) bool { return x == s }
		return ps.a.Addr.DependsOn(is) || ps.addrB.DependsOn(is)
	}
	for _, s := range syms {
		if v, ok := ps.finder.fixed[s]; ok {
			ps.search.AddFixed(s, v)
			continue
		}
		like := ps.original(s)
		if !isCopy(s) && c.IsCoord(s) || s == adjacent || isCopy(s) && like == adjacent {
			continue
		}
		if ps.rel.otherBlock && c.IsBlockIdx(like) {
			continue
		}
		if c.Meta[like].Domain == nil && !inAddr(s) {
			if v, ok := permissive(c, s, like, guards); ok {
				ps.search.AddFixed(s, v)
				ps.pinned = append(ps.pinned, s)
			}
		}
	}
	for _, s := range syms {
		_, fixed := ps.finder.fixed[s]
		switch {
		case isCopy(s) || c.IsCoord(s) || slices.Contains(ps.pinned, s) || fixed:
		case ps.rel.otherBlock && c.IsBlockIdx(s) && ps.copied(s):
			ps.search.AddPair(s, s, ps.copies[s])
		case s == adjacent:
			first, second := s, ps.copies[s]
			if ps.rel.bFirst {
				first, second = second, first
			}
			ps.search.AddNext(s, first, second)
		default:
			ps.search.AddHinted(s, s, append(hints(cmps, s), ps.addrHints(s)...))
		}
		// (The block indices of a pair across blocks are stated with the
		// threads, not among the bindings.)
		if !isCopy(s) && !c.IsCoord(s) && !slices.Contains(ps.pinned, s) && !(ps.rel.otherBlock && c.IsBlockIdx(s)) {
			ps.syms = append(ps.syms, s)
		}
	}
	for orig, cp := range ps.copies {
		paired := ps.rel.otherBlock && c.IsBlockIdx(orig) && slices.Contains(syms, orig)
		if orig != adjacent && !paired && slices.Contains(syms, cp) && !slices.Contains(ps.pinned, cp) {
			ps.search.AddHinted(cp, orig, hints(cmps, cp))
		}
	}
	ps.tie(syms)
	ps.env = zeroEnv(&ps.finder.env, c.Syms.Len()+len(ps.copies))
	for _, s := range c.Syncs {
		if s.Kind == ir.SyncWarp {
			ps.warpSyncs = append(ps.warpSyncs, s)
		}
	}
}

// renamed reports whether b's address and guard have symbols renamed
// for its instance (addrB, guardB).
func (ps *pairSpace) renamed() bool { return ps.rel.loop != nil || ps.rel.otherBlock }

// copied reports whether s has a copy for b's instance.
func (ps *pairSpace) copied(s affine.Sym) bool { _, ok := ps.copies[s]; return ok }

// comparison is one comparison of a guard, as x - y op 0.
type comparison struct {
	op affine.CmpOp
	d  affine.Expr
}

// comparisonsOf lists the comparisons of the guards, in order, for hints
// to ask about each symbol.
func comparisonsOf(guards []affine.Pred) []comparison {
	var out []comparison
	for _, g := range guards {
		for _, cmp := range g.Comparisons() {
			op, x, y, _ := cmp.Comparison()
			out = append(out, comparison{op, affine.Sub(x, y)})
		}
	}
	return out
}

// hints returns the values of s that a comparison of the guards (cmps)
// with s and constants alone singles out: c for s == c, and the values
// either side of a bound, so that a search over a sampled domain tries
// them.
func hints(cmps []comparison, s affine.Sym) []int64 {
	var out []int64
	for _, cmp := range cmps {
		if !cmp.d.DependsOn(func(t affine.Sym) bool { return t == s }) {
			continue // (no term on s: dep is empty)
		}
		dep, rest := affine.Split(cmp.d, func(t affine.Sym) bool { return t == s })
		c, ok := rest.IsConst()
		if !ok || len(dep.Terms) != 1 || dep.Terms[0].Atom.Op != affine.OpSym || dep.Terms[0].Coef == 0 {
			continue
		}
		a := dep.Terms[0].Coef
		if c%a != 0 {
			continue
		}
		v := -c / a
		if cmp.op == affine.EQ {
			out = append(out, v)
		} else {
			out = append(out, v, v-1, v+1)
		}
	}
	return out
}

// addrHints returns the value of s, an unknown in the addresses, that
// makes the two addresses equal for the threads the guards single out
// (ThreadIdx.X == 15 against ThreadIdx.X == 200; a coordinate no
// equality pins is taken as 0): a[tid+x] against a[200] under those
// guards races only for x = 185, which no list of candidates holds.
//
// Only a parameter gets such a value: any value is one it may take, while
// a loop variable's start is not among its guards.
func (ps *pairSpace) addrHints(s affine.Sym) []int64 {
	c := ps.ctx
	if int(s) >= len(c.Meta) || c.Meta[s].Role != ir.RoleParam || c.Meta[s].Domain != nil {
		return nil
	}
	at := func(guard affine.Pred, addr affine.Expr) affine.Expr {
		pin := map[affine.Sym]int64{}
		for _, conj := range guard.Conjuncts() {
			op, x, y, ok := conj.Comparison()
			if !ok || op != affine.EQ {
				continue
			}
			d := affine.Sub(x, y)
			if len(d.Terms) != 1 || d.Terms[0].Atom.Op != affine.OpSym || d.Terms[0].Coef == 0 {
				continue
			}
			sym, coef := d.Terms[0].Atom.Sym, d.Terms[0].Coef
			if c.IsCoord(sym) && d.Const%coef == 0 {
				pin[sym] = -d.Const / coef
			}
		}
		return affine.Map(addr, func(t affine.Sym) (affine.Expr, bool) {
			if c.IsCoord(t) {
				return affine.C(pin[t]), true
			}
			return affine.Expr{}, false
		})
	}
	diff := affine.Sub(at(ps.a.Guard(), ps.a.Addr), at(ps.guardB, ps.addrB))
	dep, rest := affine.Split(diff, func(t affine.Sym) bool { return t == s })
	k, ok := rest.IsConst()
	if !ok || len(dep.Terms) != 1 || dep.Terms[0].Atom.Op != affine.OpSym || dep.Terms[0].Coef == 0 {
		return nil
	}
	if a := dep.Terms[0].Coef; k%a == 0 {
		return []int64{-k / a}
	}
	return nil
}

// original returns the symbol a copy stands for, or s itself.
// tie keeps the search to the combinations tied loops make (stride :=
// size/2 under size) on each side: a loop's variable comes with the outer
// ones its values depend on, and the second side's copies are tied alike.
// Without it, a pair could rest on values the loops never take together.
func (ps *pairSpace) tie(syms []affine.Sym) {
	c := ps.ctx
	var origs []affine.Sym
	for _, s := range syms {
		if o := ps.original(s); !c.IsCoord(o) && !slices.Contains(origs, o) {
			origs = append(origs, o)
		}
	}
	extra, joints := c.Tied(origs)
	for _, e := range extra {
		ps.search.AddHinted(e, e, nil)
	}
	for _, j := range joints {
		ps.search.Tie(j)
		mapped := slices.Clone(j.Syms)
		moved := false
		for i, s := range mapped {
			if cp, ok := ps.copies[s]; ok && slices.Contains(syms, cp) {
				mapped[i], moved = cp, true
			}
		}
		if moved {
			ps.search.Tie(ir.NewJoint(mapped, j.Rows))
		}
	}
}

func (ps *pairSpace) original(s affine.Sym) affine.Sym {
	for orig, cp := range ps.copies {
		if cp == s {
			return orig
		}
	}
	return s
}

// separates reports whether a SyncWarp lies between the two instances of
// the relation (for lanes it names).
func (ps *pairSpace) separates(s *ir.Sync) bool {
	a, b := ps.a, ps.b
	if ps.rel.loop == nil {
		return s.Seq > min(a.Seq, b.Seq) && s.Seq < max(a.Seq, b.Seq)
	}
	if !slices.Contains(s.Loops, ps.rel.loop) {
		return false
	}
	if !ps.rel.next {
		return ps.separatesApart(s)
	}
	first, second := a, b
	if ps.rel.bFirst {
		first, second = b, a
	}
	return s.Seq > first.Seq || s.Seq < second.Seq
}

// separatesApart decides separates for instances in iterations that may
// differ, from the iterations of the current assignment: the same one,
// consecutive ones, or iterations further apart, which hold a whole body.
func (ps *pairSpace) separatesApart(s *ir.Sync) bool {
	l := ps.rel.loop
	if !l.HasVar {
		return true
	}
	pa, pb := iterPos(ps.ctx, l, ps.env[l.Var]), iterPos(ps.ctx, l, ps.env[ps.copies[l.Var]])
	switch {
	case pa == pb:
		return s.Seq > min(ps.a.Seq, ps.b.Seq) && s.Seq < max(ps.a.Seq, ps.b.Seq)
	case pa+1 == pb:
		return s.Seq > ps.a.Seq || s.Seq < ps.b.Seq
	case pb+1 == pa:
		return s.Seq > ps.b.Seq || s.Seq < ps.a.Seq
	}
	return true
}
