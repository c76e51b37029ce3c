package pairs

// A quick answer, under one assignment of the uniform symbols, to the
// question run otherwise answers thread by thread: can a thread's instance
// of a and another's of b touch a common unit? Where both addresses are
// linear in the thread's coordinates, each access reaches a box of
// coordinates (the block, narrowed by the conditions that bound one
// coordinate), and the question becomes whether a small linear form over
// that box takes a value in an interval, which a branch-and-bound over at
// most six integer variables settles in a few steps. "No" skips the
// assignment; every other answer leaves it to the enumeration, so the
// search visits the same assignments in the same order, spends the same
// budget and finds the same witness as without it.

import (
	"cmp"
	"maps"
	"math/bits"
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// reach is where an access can go under one assignment: the address
// base + k·(x, y, z) of the thread at x, y, z, for the threads of the box
// lo..hi (inclusive); no thread outside the box makes the access.
type reach struct {
	base   int64
	k      [3]int64
	lo, hi [3]int64
}

// maxMagnitude bounds the bases and coefficients the quick answer takes,
// so that its sums and products of them and of coordinates (below 2^11)
// cannot overflow, and the addresses it reasons about are the ones the
// enumeration computes.
const maxMagnitude = 1 << 40

func small(v int64) bool { return v > -maxMagnitude && v < maxMagnitude }

// reach returns the access's reach under env; none says that no thread
// makes it, ok false that the address is not linear or too large to reason
// about. Conditions that are not linear, or bound more than one
// coordinate, are left out: they can only remove threads.
func (p *accessProgram) reach(c *ir.Context, env affine.Env) (r reach, none, ok bool) {
	if p.linAddr == nil {
		return r, false, false
	}
	p.linAddr.Bind(env)
	base, k, defined := p.linAddr.Bound()
	if !defined {
		return r, true, true // no thread has an address (noAddr)
	}
	if !small(base) || !small(k[0]) || !small(k[1]) || !small(k[2]) {
		return r, false, false
	}
	r.base, r.k = base, k
	b := c.Shape.Block
	r.hi = [3]int64{int64(b.X) - 1, int64(b.Y) - 1, int64(b.Z) - 1}
	for _, g := range p.linGuards {
		if g == nil {
			continue
		}
		g.Bind(env)
		op, gb, gk, defined := g.Bound()
		if !defined {
			return r, true, true // the condition fails for every thread
		}
		if !narrow(&r, op, gb, gk) {
			return r, true, true
		}
	}
	for _, g := range p.implied {
		g.Bind(env)
		if op, gb, gk, defined := g.Bound(); defined && !narrow(&r, op, gb, gk) {
			return r, true, true
		}
	}
	return r, false, true
}

// narrow narrows r's box to the threads for which base + k·(x, y, z) op 0
// may hold, and reports whether any thread is left.
func narrow(r *reach, op affine.CmpOp, base int64, k [3]int64) bool {
	d, n := 0, 0
	for i, ki := range k {
		if ki != 0 {
			d, n = i, n+1
		}
	}
	switch {
	case n == 0:
		return holds(op, base)
	case n > 1 || !small(base) || !small(k[d]):
		return true // not a bound on one coordinate: kept whole
	}
	// k[d]·x op -base, for x the coordinate d.
	kd, m := k[d], -base
	lo, hi := &r.lo[d], &r.hi[d]
	atMost := func(m int64) { // kd·x <= m
		if kd > 0 {
			*hi = min(*hi, floorDiv(m, kd))
		} else {
			*lo = max(*lo, ceilDiv(m, kd))
		}
	}
	atLeast := func(m int64) { // kd·x >= m
		if kd > 0 {
			*lo = max(*lo, ceilDiv(m, kd))
		} else {
			*hi = min(*hi, floorDiv(m, kd))
		}
	}
	switch op {
	case affine.LT:
		atMost(m - 1)
	case affine.LE:
		atMost(m)
	case affine.GT:
		atLeast(m + 1)
	case affine.GE:
		atLeast(m)
	case affine.EQ:
		if m%kd != 0 {
			return false
		}
		*lo, *hi = max(*lo, m/kd), min(*hi, m/kd)
	}
	return *lo <= *hi
}

// holds is the comparison v op 0.
func holds(op affine.CmpOp, v int64) bool {
	switch op {
	case affine.LT:
		return v < 0
	case affine.LE:
		return v <= 0
	case affine.GT:
		return v > 0
	case affine.GE:
		return v >= 0
	case affine.EQ:
		return v == 0
	}
	return v != 0
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// apart reports, under the current assignment, that no thread's instance
// of a and no other thread's instance of b (in another block for a pair
// across blocks) share a unit of ps.gran bytes, the test run makes; false
// when that cannot be shown quickly.
func (ps *pairSpace) apart(progA, progB *accessProgram) bool {
	ra, none, ok := progA.reach(ps.ctx, ps.env)
	if !ok || none {
		return ok
	}
	rb, none, ok := progB.reach(ps.ctx, ps.env)
	if !ok || none {
		return ok
	}
	// a's units are floor(addrA/g) and the next ceil(size/g)-1; b's the
	// same. Two of them are equal only where addrB - addrA lies in
	// [-g·nB+1, g·nA-1]: unit arithmetic loses less than one unit.
	g := ps.gran
	nA, nB := ceilDiv(int64(ps.a.Size), g), ceilDiv(int64(ps.b.Size), g)
	found, decided := reachesWithin(ra, rb, -g*nB+1, g*nA-1, !ps.rel.otherBlock)
	return decided && !found
}

// reachesWithin reports whether a thread of ra's box and a thread of rb's
// (another one when notSame) have addresses whose difference, b's less
// a's, lies in [lo, hi]; decided is false where meets could not tell.
func reachesWithin(ra, rb reach, lo, hi int64, notSame bool) (found, decided bool) {
	var buf [6]axis
	axes, distinct := threadAxes(buf[:0], ra, rb, notSame)
	found, decided = meets(axes, lo-rb.base+ra.base, hi-rb.base+ra.base, distinct)
	if found && notSame && !distinct {
		decided = false // the pair found may be one thread twice
	}
	return found, decided
}

// threadAxes appends the variables of kB·t' - kA·t, for a thread t of ra's
// box and t' of rb's, to axes. With the same coefficients it is k·(t' - t):
// one variable per coordinate, the difference of the two threads', which
// is not zero when the threads differ; those are marked distinct when
// notSame, and distinct then says so.
func threadAxes(axes []axis, ra, rb reach, notSame bool) (_ []axis, distinct bool) {
	if ra.k == rb.k {
		for d := range 3 {
			axes = append(axes, axis{k: ra.k[d], lo: rb.lo[d] - ra.hi[d], hi: rb.hi[d] - ra.lo[d], distinct: notSame})
		}
		return axes, notSame
	}
	for d := range 3 {
		axes = append(axes, axis{k: rb.k[d], lo: rb.lo[d], hi: rb.hi[d]}, axis{k: -ra.k[d], lo: ra.lo[d], hi: ra.hi[d]})
	}
	return axes, false
}

// axis is one integer variable v in [lo, hi] with its coefficient k.
type axis struct {
	k, lo, hi int64
	// distinct marks the variables of which meets, when asked, wants one
	// off zero (two threads or blocks that differ).
	distinct bool
}

// maxNodes bounds the branch-and-bound of meets.
const maxNodes = 256

// meets reports whether some integer point of the box of axes has
// Σ k·v in [lo, hi], with a distinct axis off zero when distinct; decided
// is false when the search was cut short or its sums could overflow.
func meets(axes []axis, lo, hi int64, distinct bool) (found, decided bool) {
	var buf [12]axis
	vs := buf[:0]
	for _, x := range axes {
		switch {
		case x.lo > x.hi:
			return false, true // an empty box
		case !small(x.k) || !small(x.lo) || !small(x.hi) || bits.Len64(abs(x.k))+bits.Len64(max(abs(x.lo), abs(x.hi))) > 56:
			return false, false
		case x.k == 0:
			if x.distinct && (x.lo != 0 || x.hi != 0) {
				distinct = false // a point off zero at no cost
			}
		case x.lo == x.hi:
			lo, hi = lo-x.k*x.lo, hi-x.k*x.lo
			if x.distinct && x.lo != 0 {
				distinct = false
			}
		case x.k < 0:
			vs = append(vs, axis{-x.k, -x.hi, -x.lo, x.distinct})
		default:
			vs = append(vs, x)
		}
	}
	if len(vs) > 8 || !small(lo) || !small(hi) {
		return false, false
	}
	slices.SortFunc(vs, func(a, b axis) int { return cmp.Compare(b.k, a.k) })
	// restLo[i], restHi[i]: the least and greatest Σ k·v over vs[i:].
	var restLo, restHi [9]int64
	for i := len(vs) - 1; i >= 0; i-- {
		restLo[i], restHi[i] = restLo[i+1]+vs[i].k*vs[i].lo, restHi[i+1]+vs[i].k*vs[i].hi
	}
	nodes := 0
	var walk func(i int, lo, hi int64, zero bool) (bool, bool)
	walk = func(i int, lo, hi int64, zero bool) (bool, bool) {
		if i == len(vs) {
			return lo <= 0 && 0 <= hi && !(distinct && zero), true
		}
		x := vs[i]
		from := max(x.lo, ceilDiv(lo-restHi[i+1], x.k))
		to := min(x.hi, floorDiv(hi-restLo[i+1], x.k))
		for v := from; v <= to; v++ {
			if nodes++; nodes > maxNodes {
				return false, false
			}
			found, decided := walk(i+1, lo-x.k*v, hi-x.k*v, zero && (v == 0 || !x.distinct))
			if found || !decided {
				return found, decided
			}
		}
		return false, true
	}
	return walk(0, lo, hi, true)
}

func abs(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}

// blockReach is the reach of a bound Linear address over the whole block;
// ok is false where it is undefined or too large to reason about.
func blockReach(c *ir.Context, l *affine.Linear) (r reach, ok bool) {
	base, k, defined := l.Bound()
	if !defined || !small(base) || !small(k[0]) || !small(k[1]) || !small(k[2]) {
		return r, false
	}
	b := c.Shape.Block
	return reach{base: base, k: k, hi: [3]int64{int64(b.X) - 1, int64(b.Y) - 1, int64(b.Z) - 1}}, true
}

// apartEverywhere reports that under no assignment the search would try
// do two threads' instances of a and b share a unit, shown once for all of
// them: each address is a linear function of the thread's coordinates with
// constant coefficients plus a uniform part, and b's uniform part less a's
// is linear in the symbols the search sets (the block indices of two
// blocks, a loop variable in two iterations, a parameter), each within the
// least and greatest value the search gives it. Conditions are left out:
// they only remove threads.
func (ps *pairSpace) apartEverywhere() bool {
	c := ps.ctx
	onlyCoords := func(e affine.Expr) bool {
		return !e.DependsOn(func(s affine.Sym) bool { return int(s) >= c.Syms.Len() || !c.IsCoord(s) })
	}
	ta, ua := affine.Split(ps.a.Addr, c.IsCoord)
	tb, ub := affine.Split(ps.addrB, c.IsCoord)
	if !onlyCoords(ta) || !onlyCoords(tb) {
		return false
	}
	la, okA := ta.CompileLinear(c.Coords())
	lb, okB := tb.CompileLinear(c.Coords())
	if !okA || !okB {
		return false
	}
	la.Bind(ps.env)
	lb.Bind(ps.env)
	ra, okA := blockReach(c, la)
	rb, okB := blockReach(c, lb)
	diff := affine.Sub(ub, ua)
	if !okA || !okB || !small(diff.Const) {
		return false
	}
	rb.base += diff.Const
	// The coefficient of each symbol in b's uniform part less a's.
	type term struct {
		s    affine.Sym
		coef int64
		used bool
	}
	var terms []term
	for _, t := range diff.Terms {
		if t.Atom.Op != affine.OpSym {
			return false
		}
		terms = append(terms, term{s: t.Atom.Sym, coef: t.Coef})
	}
	// coef returns the coefficient of s and marks it as taken into a
	// variable.
	coef := func(s affine.Sym) int64 {
		for i := range terms {
			if terms[i].s == s {
				terms[i].used = true
				return terms[i].coef
			}
		}
		return 0
	}
	peek := func(s affine.Sym) int64 {
		for _, t := range terms {
			if t.s == s {
				return t.coef
			}
		}
		return 0
	}
	var buf [12]axis
	axes, distinct := threadAxes(buf[:0], ra, rb, !ps.rel.otherBlock)
	if ps.rel.otherBlock {
		// The two blocks differ: a component of the block index that
		// both read the same way gives a variable, the difference of its
		// values in b's block and a's, of which one must be off zero;
		// any other component may differ freely (see blocks).
		distinct = true
		for d := range 3 {
			s, has := blockSym(c, d)
			cp, copied := ps.copies[s]
			if !has || !copied {
				if blockExtent(c, d) > 1 {
					distinct = false
				}
				continue
			}
			ka, kb := -coef(s), coef(cp)
			loA, hiA, okA := ps.search.Range(s)
			loB, hiB, okB := ps.search.Range(cp)
			switch {
			case okA && okB && ka == kb:
				axes = append(axes, axis{k: ka, lo: loB - hiA, hi: hiB - loA, distinct: true})
				continue
			case ka != 0 && !okA || kb != 0 && !okB:
				return false
			}
			distinct = false
			if ka != 0 {
				axes = append(axes, axis{k: -ka, lo: loA, hi: hiA})
			}
			if kb != 0 {
				axes = append(axes, axis{k: kb, lo: loB, hi: hiB})
			}
		}
	}
	// A symbol of two instances (a loop variable in two iterations) that
	// both read the same way gives the difference of its values; any
	// other symbol its own values.
	for _, orig := range slices.Sorted(maps.Keys(ps.copies)) {
		cp := ps.copies[orig]
		if ps.rel.otherBlock && c.IsBlockIdx(orig) {
			continue // above
		}
		ka, kb := -peek(orig), peek(cp)
		if ka != kb || ka == 0 {
			continue // each its own values, below
		}
		loA, hiA, okA := ps.search.Range(orig)
		loB, hiB, okB := ps.search.Range(cp)
		if !okA || !okB {
			return false
		}
		axes = append(axes, axis{k: ka, lo: loB - hiA, hi: hiB - loA})
		coef(orig) // (both marked used)
		coef(cp)
	}
	for _, t := range terms {
		if t.used {
			continue
		}
		lo, hi, ok := ps.search.Range(t.s)
		if !ok {
			return false
		}
		axes = append(axes, axis{k: t.coef, lo: lo, hi: hi})
	}
	g := ps.gran
	nA, nB := ceilDiv(int64(ps.a.Size), g), ceilDiv(int64(ps.b.Size), g)
	found, decided := meets(axes, -g*nB+1-rb.base+ra.base, g*nA-1-rb.base+ra.base, distinct)
	return decided && !found
}
