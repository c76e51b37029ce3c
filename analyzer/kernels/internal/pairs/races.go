package pairs

import (
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
	var accs []*ir.Access
	for _, a := range c.Accesses {
		if !a.Remote {
			accs = append(accs, a)
		}
	}
	var sites []any
	bySite := map[any][]*ir.Access{}
	for _, a := range accs {
		s := c.StmtKey(a.Node.Pos())
		if _, ok := bySite[s]; !ok {
			sites = append(sites, s)
		}
		bySite[s] = append(bySite[s], a)
	}
	f := &raceFinder{ConflictFinder: Conflicts(c), any: map[[2]*ir.Access]*Conflict{}}
	var out []*Race
	var unchecked []*Unchecked
	for i, sb := range sites {
		var r *Race
		// The nearest partner with a race of any kind decides: the search
		// stops there, as a search of every partner for a pair across
		// warps would spend the context's search budget on long chains.
		for j := i; j >= 0 && r == nil; j-- {
			as, bs := bySite[sites[j]], bySite[sb]
			if cf := pairOf(f, as, bs, PairQuery{CrossBlock: true}, globalOnly); cf != nil {
				r = &Race{Scope: AcrossBlocks, SiteA: sites[j], SiteB: sb, C: cf}
			} else if cf := pairOf(f, as, bs, PairQuery{CrossWarp: true}, crossPairable); cf != nil {
				r = &Race{Scope: AcrossWarps, SiteA: sites[j], SiteB: sb, C: cf}
			} else if pairOf(f, as, bs, PairQuery{}, sameSpace) != nil {
				break
			}
		}
		// Within a warp: the nearest earlier site first (two steps that a
		// SyncWarp between them orders), the site itself last.
		for k := 1; k <= i+1 && r == nil; k++ {
			j := (i - k + i + 1) % (i + 1)
			if cf := pairOf(f, bySite[sites[j]], bySite[sb], PairQuery{SameWarp: true}, warpPairable); cf != nil {
				r = &Race{Scope: InWarp, SiteA: sites[j], SiteB: sb, C: cf}
			}
		}
		if r != nil {
			out = append(out, r)
			continue
		}
		for j := i; j >= 0; j-- {
			if u := f.unchecked(bySite[sites[j]], bySite[sb]); u != nil {
				u.SiteA, u.SiteB = sites[j], sb
				unchecked = append(unchecked, u)
				break
			}
		}
	}
	return out, unchecked
}

// globalOnly admits pairs of global-memory accesses.
func globalOnly(_ *ir.Context, a, b *ir.Access) bool { return !a.Shared() && !b.Shared() }

// crossPairable admits the pairs whose race between warps is looked for:
// in shared memory every pair; in global memory those under no condition
// on data. Which threads take a condition on a value read from global
// memory is decided at run time (a last-block election: every thread of
// the block that counted last resets the counter), so such a pair is left
// out, as it is between blocks.
func crossPairable(c *ir.Context, a, b *ir.Access) bool {
	if a.Shared() && b.Shared() {
		return true
	}
	return !a.Guard().DependsOn(c.IsData) && !b.Guard().DependsOn(c.IsData)
}

// sameSpace admits every pair (an array lives in one space).
func sameSpace(_ *ir.Context, a, b *ir.Access) bool { return a.Shared() == b.Shared() }

// warpPairable admits the pairs whose race within a warp is a defect: in
// shared memory every pair; in global memory two stores unless both store
// to one word from every lane (a flag, the same value from each: the pair
// is left out, as examples/reduction's doneBlockCount[0] = 0), and a load
// and a store at a lane-varying address; never an atomic.
func warpPairable(c *ir.Context, a, b *ir.Access) bool {
	if a.Shared() && b.Shared() {
		return true
	}
	if a.Atomic || b.Atomic {
		return false
	}
	uniformStore := func(x *ir.Access) bool {
		return x.Store && uniform.ExprLevel(c, x.Addr) != uniform.Varying
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
	*ConflictFinder
	any map[[2]*ir.Access]*Conflict
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
func pairOf(f *raceFinder, as, bs []*ir.Access, q PairQuery, admit func(*ir.Context, *ir.Access, *ir.Access) bool) *Conflict {
	for _, b := range bs {
		for _, a := range as {
			if a.Seq > b.Seq || a.Array != b.Array || !admit(f.ctx, a, b) {
				continue
			}
			if cf := f.find(a, b, q); cf != nil {
				return cf
			}
		}
	}
	return nil
}
