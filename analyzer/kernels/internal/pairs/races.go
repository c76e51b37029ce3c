package pairs

import (
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/uniform"
	"github.com/smemlint/smemlint/model"
)

// Scope says which check a race belongs to: the fix that orders its
// threads.
type Scope uint8

// The scopes.
const (
	// InWarp: every racing pair of threads of the two sites lies in one
	// warp; a SyncWarp orders them (the warpsync check).
	InWarp Scope = iota
	// AcrossWarps: some racing pair of threads lies in two warps of one
	// block; only a SyncThreads orders them (the smemrace check in shared
	// memory, globalrace in global memory).
	AcrossWarps
	// AcrossBlocks: some racing pair of threads lies in two blocks, in
	// global memory; no barrier orders them (the globalrace check).
	AcrossBlocks
)

// Race is the one decision about a pair of sites (statements): the later
// site B, the earlier (or the same) site A, and a witness. A Conflict's B
// access is in site B.
type Race struct {
	Scope        Scope
	SiteA, SiteB any // statements, as ir.Context.StmtKey gives them
	C            *Conflict
	// Degenerate, when set, says that the race needs a row pitch smaller
	// than the rows it separates: none is found with the pitch at
	// LargePitch.
	Degenerate *Degenerate
}

// Degenerate is a race whose witness gives a parameter that multiplies a
// thread-dependent index (a row pitch: out[y*n+x]) a small value, and
// which no pair of threads makes with that parameter at LargePitch. Below
// the width of the rows it separates (x's extent), a pitch makes rows
// overlap: two threads of different rows address one element. A kernel
// with a row pitch is written for pitches at least that wide (the launch
// of examples/transpose covers n = 1024 with its grid), so such a race is
// the launch's mismatch with n, not a defect of the kernel for any n it
// is launched for.
type Degenerate struct {
	Pitches []affine.Sym
}

// LargePitch is the value a row pitch is given to tell a race for any
// pitch from a race of overlapping rows: wider than any row a launch
// covers.
const LargePitch = 1 << 20

// pitches returns the parameters of unknown value that the witness binds
// and that multiply, in the address of either access, an index that
// depends on the thread, the block or a loop (y*n with y = BlockIdx.X*32 +
// ThreadIdx.Y).
func pitches(c *ir.Context, cf *Conflict) []affine.Sym {
	varying := func(s affine.Sym) bool {
		if c.IsCoord(s) || c.IsBlockIdx(s) {
			return true
		}
		r := c.Meta[s].Role
		return r == ir.RoleLoop || r == ir.RoleIter
	}
	isParam := func(s affine.Sym) bool {
		return int(s) < len(c.Meta) && c.Meta[s].Role == ir.RoleParam && c.Meta[s].Domain == nil
	}
	var out []affine.Sym
	var walk func(e affine.Expr)
	walk = func(e affine.Expr) {
		for _, t := range e.Terms {
			a := t.Atom
			if a.Op == affine.OpSym {
				continue
			}
			if a.Op == affine.OpMul {
				for _, pair := range [2][2]affine.Expr{{a.X, a.Y}, {a.Y, a.X}} {
					if !pair[1].DependsOn(varying) {
						continue
					}
					for _, s := range pair[0].Syms() {
						if isParam(s) && !slices.Contains(out, s) {
							out = append(out, s)
						}
					}
				}
			}
			walk(a.X)
			walk(a.Y)
		}
	}
	walk(cf.A.Addr)
	walk(cf.B.Addr)
	return out
}

// Races decides, once for the context, which pairs of sites race and
// which check owns each, so that warpsync, smemrace and globalrace never
// report one pair twice. Each site gets at most one race. The nearest
// partner site with a race of any kind (itself first, then earlier ones)
// decides: a pair of threads in two blocks (global memory) makes it a race
// across blocks, else a pair in two warps a race across warps (a
// SyncThreads there orders the warp's lanes too). Failing both, a race
// within a warp is looked for with the nearest earlier partner, the site
// itself last (see warpPairable for global memory within a warp).
func Races(c *ir.Context) []*Race {
	races, _ := Decide(c)
	return races
}

// Decide is Races, with the sites whose races could not be decided: a
// site with no race, paired with a site whose access to the same array
// at an index that depends on data, or under a condition on data, may
// race or not depending on that data (see Unchecked).
func Decide(c *ir.Context) ([]*Race, []*Unchecked) {
	st := sitesOf(c)
	f := newRaceFinder(c)
	defer f.release()
	var out []*Race
	var unchecked []*Unchecked
	for i, sb := range st.keys {
		if r := st.decide(f, i); r != nil {
			out = append(out, r)
			continue
		}
		for j := i; j >= 0; j-- {
			if u := f.unchecked(st.accs[st.keys[j]], st.accs[sb]); u != nil {
				u.SiteA, u.SiteB = st.keys[j], sb
				unchecked = append(unchecked, u)
				break
			}
		}
	}
	return out, unchecked
}

// RacesAt is Races for the sites stmts (statements, as
// ir.Context.StmtKey gives them) alone, decided in the kernel's order
// until stop (when not nil) holds for a race: a site's race depends on
// the accesses of the site and of earlier sites, never on the races of
// other sites, so each is decided as Races decides it. The searches draw
// from an account of their own (ir.SearchBudget), which deciding fewer
// sites leaves more of.
func RacesAt(c *ir.Context, stmts []any, stop func(*Race) bool) []*Race {
	st := sitesOf(c)
	f := newRaceFinder(c)
	defer f.release()
	var out []*Race
	for i, s := range st.keys {
		if !slices.Contains(stmts, s) {
			continue
		}
		if r := st.decide(f, i); r != nil {
			out = append(out, r)
			if stop != nil && stop(r) {
				break
			}
		}
	}
	return out
}

// siteTable lists a context's sites, the statements of its accesses (but
// those of another block's shared memory), in order of their first
// access, with each site's accesses.
type siteTable struct {
	ctx  *ir.Context
	keys []any
	accs map[any][]*ir.Access
}

func sitesOf(c *ir.Context) *siteTable {
	st := &siteTable{ctx: c, accs: map[any][]*ir.Access{}}
	for _, a := range c.Accesses {
		if a.Remote {
			continue
		}
		s := c.StmtKey(a.Node.Pos())
		if _, ok := st.accs[s]; !ok {
			st.keys = append(st.keys, s)
		}
		st.accs[s] = append(st.accs[s], a)
	}
	return st
}

func newRaceFinder(c *ir.Context) *raceFinder {
	return &raceFinder{ConflictFinder: Conflicts(c)}
}

// decide returns the race of site i, searched with f, or nil. A race
// found with a small row pitch (out[y*n+x] with n = 1) is looked for
// again with the pitch large: one found there is the race reported; none,
// and the race needs rows that overlap (see Degenerate).
func (st *siteTable) decide(f *raceFinder, i int) *Race {
	r := st.search(f, i)
	if r == nil {
		return nil
	}
	if ps := pitches(st.ctx, r.C); len(ps) > 0 {
		fixed := map[affine.Sym]int64{}
		for _, p := range ps {
			fixed[p] = LargePitch
		}
		g := newRaceFinder(st.ctx)
		g.fixed = fixed
		defer g.release()
		if r2 := st.search(g, i); r2 != nil {
			r = r2
		} else {
			r.Degenerate = &Degenerate{Pitches: ps}
		}
	}
	return r
}

// search decides the race of site i with the partners f finds.
func (st *siteTable) search(f *raceFinder, i int) *Race {
	sb := st.keys[i]
	var r *Race
	// The nearest partner with a race of any kind decides: the search
	// stops there, as a search of every partner for a pair across warps
	// would spend the context's search budget on long chains.
	for j := i; j >= 0 && r == nil; j-- {
		as, bs := st.accs[st.keys[j]], st.accs[sb]
		if cf := pairOf(f, as, bs, PairQuery{CrossBlock: true}, globalOnly); cf != nil {
			r = &Race{Scope: AcrossBlocks, SiteA: st.keys[j], SiteB: sb, C: cf}
		} else if cf := pairOf(f, as, bs, PairQuery{CrossWarp: true}, crossPairable); cf != nil {
			r = &Race{Scope: AcrossWarps, SiteA: st.keys[j], SiteB: sb, C: cf}
		} else if pairOf(f, as, bs, PairQuery{}, sameSpace) != nil {
			break
		}
	}
	// Within a warp: the nearest earlier site first (two steps that a
	// SyncWarp between them orders), the site itself last.
	for k := 1; k <= i+1 && r == nil; k++ {
		j := (i - k + i + 1) % (i + 1)
		if cf := pairOf(f, st.accs[st.keys[j]], st.accs[sb], PairQuery{SameWarp: true}, warpPairable); cf != nil {
			r = &Race{Scope: InWarp, SiteA: st.keys[j], SiteB: sb, C: cf}
		}
	}
	return r
}

// globalOnly admits pairs of global-memory accesses.
func globalOnly(_ *raceFinder, a, b *ir.Access) bool { return !a.Shared() && !b.Shared() }

// crossPairable admits the pairs whose race between warps is looked for:
// in shared memory every pair; in global memory those under no condition
// on data. Which threads take a condition on a value read from global
// memory is decided at run time (a last-block election: every thread of
// the block that counted last resets the counter), so such a pair is left
// out, as it is between blocks.
func crossPairable(f *raceFinder, a, b *ir.Access) bool {
	if a.Shared() && b.Shared() {
		return true
	}
	c := f.ctx
	return !a.Guard().DependsOn(c.IsData) && !b.Guard().DependsOn(c.IsData)
}

// sameSpace admits every pair (an array lives in one space).
func sameSpace(_ *raceFinder, a, b *ir.Access) bool { return a.Shared() == b.Shared() }

// warpPairable admits the pairs whose race within a warp is a defect: in
// shared memory every pair; in global memory two stores unless both store
// to one word from every lane (a flag, the same value from each: the pair
// is left out, as examples/reduction's doneBlockCount[0] = 0), and a load
// and a store at a lane-varying address; never an atomic.
func warpPairable(f *raceFinder, a, b *ir.Access) bool {
	if a.Shared() && b.Shared() {
		return true
	}
	if a.Atomic || b.Atomic {
		return false
	}
	uniformStore := func(x *ir.Access) bool {
		if !x.Store {
			return false
		}
		u, ok := f.uniformStore[x]
		if !ok {
			u = uniform.ExprLevel(f.ctx, x.Addr) != uniform.Varying
			if f.uniformStore == nil {
				f.uniformStore = map[*ir.Access]bool{}
			}
			f.uniformStore[x] = u
		}
		return u
	}
	if a.Store && b.Store {
		return !uniformStore(a) || !uniformStore(b)
	}
	return !uniformStore(a) && !uniformStore(b)
}

// raceFinder remembers, per pair of accesses, a conflict between any two
// threads: a pair with none needs no search restricted to one warp or to
// two, and most pairs have none.
type raceFinder struct {
	*ConflictFinder // (its scratch holds the conflicts: any)
	// uniformStore remembers, per store, whether its address is the same
	// for the lanes of a warp (warpPairable asks it of every pair).
	uniformStore map[*ir.Access]bool
	// relaxedCopy holds the copy of an access that unchecked pairs with its
	// conditions on data dropped (see relax).
	relaxedCopy map[*ir.Access]*ir.Access
}

// find is ConflictFinder.Find, asked first without the restriction.
func (f *raceFinder) find(a, b *ir.Access, q PairQuery) *Conflict {
	if q.CrossBlock {
		return f.Find(a, b, q)
	}
	k := [2]*ir.Access{a, b}
	cf, ok := f.any[k]
	if !ok {
		cf = f.Find(a, b, PairQuery{})
		f.any[k] = cf
	}
	if cf == nil {
		return nil
	}
	cross := cf.TA/model.WarpSize != cf.TB/model.WarpSize
	if q.CrossWarp && cross || q.SameWarp && !cross || !q.CrossWarp && !q.SameWarp {
		return cf
	}
	return f.Find(a, b, q)
}

// pairOf tries every pair of an access of as and a later (or the same)
// access of bs that admit admits.
func pairOf(f *raceFinder, as, bs []*ir.Access, q PairQuery, admit func(*raceFinder, *ir.Access, *ir.Access) bool) *Conflict {
	for _, b := range bs {
		for _, a := range as {
			if a.Seq > b.Seq || a.Array != b.Array || !admit(f, a, b) {
				continue
			}
			if cf := f.find(a, b, q); cf != nil {
				return cf
			}
		}
	}
	return nil
}
