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
	// AcrossWarps: some racing pair of threads lies in two warps; only a
	// SyncThreads orders them (the smemrace check).
	AcrossWarps
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
// which check owns each, so that warpsync and smemrace never both report
// one pair. Each site gets at most one race: one whose threads cross
// warps if the nearest partner site with a race (itself first, then
// earlier ones) has one (a SyncThreads there orders the warp's lanes
// too), else one within a warp, with the nearest earlier partner. Cross-warp pairs are looked for in
// shared memory only (see warpPairable for global memory within a warp).
func Races(c *ir.Context) []*Race {
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
	for i, sb := range sites {
		// Across warps: the site itself first, then the nearest earlier.
		var r *Race
		// The nearest partner with a race of any kind decides: the search
		// stops there, as a search of every partner for a pair across
		// warps would spend the context's search budget on long chains.
		for j := i; j >= 0 && r == nil; j-- {
			if cf := pairOf(f, bySite[sites[j]], bySite[sb], PairQuery{CrossWarp: true}, sharedOnly); cf != nil {
				r = &Race{Scope: AcrossWarps, SiteA: sites[j], SiteB: sb, C: cf}
			} else if pairOf(f, bySite[sites[j]], bySite[sb], PairQuery{}, sharedOnly) != nil {
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
		}
	}
	return out
}

// sharedOnly admits pairs of shared-memory accesses.
func sharedOnly(_ *ir.Context, a, b *ir.Access) bool { return a.Shared() && b.Shared() }

// warpPairable admits the pairs whose race within a warp is a defect: in
// shared memory every pair; in global memory a load and a store at a
// lane-varying address, neither atomic. Every lane storing to one global
// word (a flag, the same value from each) and two stores to global memory
// are left out, as the warpsync check always has.
func warpPairable(c *ir.Context, a, b *ir.Access) bool {
	if a.Shared() && b.Shared() {
		return true
	}
	if a.Atomic || b.Atomic || a.Store && b.Store {
		return false
	}
	for _, x := range []*ir.Access{a, b} {
		if x.Store && uniform.ExprLevel(c, x.Addr) != uniform.Varying {
			return false
		}
	}
	return true
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
