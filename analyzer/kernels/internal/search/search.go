// Package search enumerates the values of the uniform symbols of a kernel
// context: the known domains, and for unknowns (parameters, lengths,
// block indices of an unknown grid) a fixed list of candidates, within
// budgets. The engines ask their questions through it.
package search

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// The synchronisation checks ask questions of the form "are there values
// of the uniform symbols and two threads such that ...". They answer them
// by enumeration: every thread of the launch shape, and for the uniform
// symbols their known values (loop domains, block indices of a known grid)
// or, for unknowns (parameters, lengths), a fixed list of candidates tried
// in order of increasing size. A witness found this way is a real one; an
// answer "none" is exact only when every symbol had a known domain.

// candidates returns the values tried for a uniform symbol, and whether
// they are all the values it can take.
func candidates(c *ir.Context, s affine.Sym) ([]int64, bool) {
	m := c.Meta[s]
	if d := m.Domain; d != nil {
		if len(d) <= maxDomain {
			return d, true
		}
		return sample(d, maxDomain), false
	}
	switch m.Role {
	case ir.RoleBlockIdx:
		return blockCandidates, false
	case ir.RoleRank:
		return blockCandidates[:2], false
	case ir.RoleGridDim:
		return gridCandidates, false
	case ir.RoleIter:
		return iterCandidates, false
	}
	return numberCandidates(c), false
}

// searchDim is one dimension of a search: symbols set together, and the rows of
// values tried for them.
type searchDim struct {
	syms []affine.Sym
	rows [][]int64
}

// Search enumerates assignments of uniform symbols.
type Search struct {
	ctx   *ir.Context
	dims  []searchDim
	exact bool
	// charge says that Each charges its time to the context: the search
	// was handed to a check (see ChargeEach).
	charge bool
	// cut says that the context's search budget stopped Each; site and
	// what describe the search for the note (see About).
	cut  bool
	site token.Pos
	what string
	// joints are the combinations the loops make of tied symbols; an
	// assignment outside them is skipped.
	joints []*ir.Joint
	// acct pays for the threads the search visits (see ir.SearchBudget).
	acct *ir.Account
}

// About says what the search looks for and at which site, for the note
// that a search the budget cuts leaves (ir.Context.NoteCut). Without it
// the note names the kernel.
func (s *Search) About(site token.Pos, what string) { s.site, s.what = site, what }

// Draw makes the search draw its work from acct, an account shared with
// searches that run before and after it in a fixed order, instead of one
// of its own (ir.Context.QuestionBudget).
func (s *Search) Draw(acct *ir.Account) { s.acct = acct }

// Cut reports whether the context's search budget stopped the search
// before it tried every assignment it meant to.
func (s *Search) Cut() bool { return s.cut }

// ChargeEach makes Each charge its time to the context (ir.Context.Charge),
// for a search that a check runs itself; searches the engines run inside
// an entry point that charges must not.
func (s *Search) ChargeEach() { s.charge = true }

// NewSearch returns a search over the given uniform symbols of c.
func NewSearch(c *ir.Context, syms []affine.Sym) *Search {
	s := &Search{ctx: c, exact: true, acct: ir.NewAccount(c.QuestionBudget())}
	for _, sym := range syms {
		s.Add(sym, sym)
	}
	// An inner loop's variable comes with the outer ones its values
	// depend on, and only their combinations are tried.
	extra, joints := c.Tied(syms)
	for _, sym := range extra {
		s.Add(sym, sym)
	}
	s.joints = joints
	return s
}

// Add adds a dimension for sym, whose values are those of like (a symbol
// of the context; sym may be an extra symbol standing for a copy of it).
func (s *Search) Add(sym, like affine.Sym) {
	vals, exact := candidates(s.ctx, like)
	s.exact = s.exact && exact
	s.dims = append(s.dims, searchDim{syms: []affine.Sym{sym}, rows: rowsOf(slices.Clone(vals), 1)})
}

// rowsOf splits flat into rows of width w that share its storage (a
// dimension's rows are read, never grown): one allocation for the rows
// rather than one for each.
func rowsOf(flat []int64, w int) [][]int64 {
	rows := make([][]int64, len(flat)/w)
	for i := range rows {
		rows[i] = flat[i*w : (i+1)*w : (i+1)*w]
	}
	return rows
}

// Tie keeps the search to the assignments where j holds: the
// combinations tied loops make, for a search that adds its dimensions
// itself.
func (s *Search) Tie(j *ir.Joint) {
	if j != nil {
		s.joints = append(s.joints, j)
	}
}

// AddFixed adds a dimension with the single value v for sym.
func (s *Search) AddFixed(sym affine.Sym, v int64) {
	s.dims = append(s.dims, searchDim{syms: []affine.Sym{sym}, rows: [][]int64{{v}}})
}

// AddNext adds a dimension for two symbols that take consecutive values
// of the loop variable like: (v, next(v)) for consecutive values of its
// domain, or (k, k+1) for an iteration count.
func (s *Search) AddNext(like, first, second affine.Sym) {
	vals, exact := candidates(s.ctx, like)
	s.exact = s.exact && exact
	var flat []int64
	if dom := s.ctx.Meta[like].Domain; dom != nil {
		for i := 0; i+1 < len(dom) && i < maxDomain; i++ {
			flat = append(flat, dom[i], dom[i+1])
		}
	} else {
		flat = make([]int64, 0, 2*len(vals))
		for _, v := range vals {
			flat = append(flat, v, v+1)
		}
	}
	d := searchDim{syms: []affine.Sym{first, second}, rows: rowsOf(flat, 2)}
	s.dims = append(s.dims, d)
}

// Range returns the least and the greatest value that Each may give sym,
// and false when no dimension of the search sets it.
func (s *Search) Range(sym affine.Sym) (lo, hi int64, ok bool) {
	for _, d := range s.dims {
		j := slices.Index(d.syms, sym)
		if j < 0 {
			continue
		}
		for _, row := range d.rows {
			if v := row[j]; !ok {
				lo, hi, ok = v, v, true
			} else {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	return lo, hi, ok
}

// Exact reports whether the search tries every value of every symbol.
func (s *Search) Exact() bool {
	if s.cut {
		return false
	}
	n := 1
	for _, d := range s.dims {
		n *= max(len(d.rows), 1)
		if n > maxAssignments {
			return false
		}
	}
	return s.exact
}

// Each sets env to each assignment in turn, smallest candidates first,
// until visit returns false or the budget is spent. It reports whether
// visit stopped it.
func (s *Search) Each(env affine.Env, visit func() bool) bool {
	if s.charge {
		defer s.ctx.Charge(ir.StartMeter())
	}
	if len(s.dims) == 0 {
		return !visit()
	}
	maxTotal := 0
	for _, d := range s.dims {
		if len(d.rows) == 0 {
			return false
		}
		maxTotal += len(d.rows) - 1
	}
	idx := make([]int, len(s.dims))
	threads := int64(max(s.ctx.Threads(), 1))
	budget, stopped := maxAssignments, false
	// Assignments by increasing total index: small values of every
	// symbol are tried before large values of one.
	var rec func(i, left int)
	rec = func(i, left int) {
		last := i == len(s.dims)-1
		for v := 0; v <= left && v < len(s.dims[i].rows) && !stopped && !s.cut && budget > 0; v++ {
			idx[i] = v
			if !last {
				rec(i+1, left-v)
				continue
			}
			if v != left {
				continue
			}
			s.set(env, idx)
			if !ir.HoldAll(s.joints, env) {
				continue
			}
			if !s.acct.Spend(threads) {
				s.cutShort()
				return
			}
			budget--
			stopped = !visit()
		}
	}
	for total := 0; total <= maxTotal && !stopped && !s.cut && budget > 0; total++ {
		rec(0, total)
	}
	return stopped
}

// cutShort stops the search for the context's budget and leaves a note.
func (s *Search) cutShort() {
	s.cut = true
	site, what := s.site, s.what
	if what == "" {
		site, what = s.ctx.Pos, "a search over the values of its uniform symbols"
	}
	s.ctx.NoteCut(site, what)
}

func (s *Search) set(env affine.Env, idx []int) {
	for k, d := range s.dims {
		for j, sym := range d.syms {
			env[sym] = d.rows[idx[k]][j]
		}
	}
}

// Bindings describes the values of the given symbols in env, for messages:
// "BlockIdx.X = 0, n = 1". Loop variables and iteration counts are left
// out: the message names the loop.
func (s *Search) Bindings(env affine.Env, syms []affine.Sym) string {
	var parts []string
	for _, sym := range syms {
		if int(sym) >= len(s.ctx.Meta) || s.ctx.IsCoord(sym) {
			continue
		}
		switch s.ctx.Meta[sym].Role {
		case ir.RoleLoop, ir.RoleIter:
			continue
		}
		parts = append(parts, fmt.Sprintf("%s = %d", s.ctx.Syms.Name(sym), env[sym]))
	}
	return strings.Join(parts, ", ")
}

// AddPair adds a dimension for two symbols that take values of like
// independently, as the block indices of two blocks do: every ordered pair
// of a few of its values (the first four and the last two), different
// values first.
func (s *Search) AddPair(like, first, second affine.Sym) {
	vals, exact := candidates(s.ctx, like)
	if d := s.ctx.Meta[like].Domain; d != nil {
		vals, exact = d, true // the first values, not a sample's
	}
	var few []int64
	for i, v := range vals {
		if i < 4 || i >= len(vals)-2 {
			few = append(few, v)
		}
	}
	s.exact = s.exact && exact && len(few) == len(vals)
	flat := make([]int64, 0, 2*len(few)*len(few))
	for dist := 1; dist < len(few); dist++ {
		for i := 0; i+dist < len(few); i++ {
			flat = append(flat, few[i], few[i+dist], few[i+dist], few[i])
		}
	}
	for _, v := range few {
		flat = append(flat, v, v)
	}
	d := searchDim{syms: []affine.Sym{first, second}, rows: rowsOf(flat, 2)}
	s.dims = append(s.dims, d)
}

// AddHinted is Add with values of like tried first: those a condition
// singles out (i == 1 in a loop of 100), which a sample of a long domain
// may miss. Hints outside a known domain are dropped; a domain tried
// whole keeps its order.
func (s *Search) AddHinted(sym, like affine.Sym, hints []int64) {
	vals, exact := candidates(s.ctx, like)
	dom := s.ctx.Meta[like].Domain
	if exact {
		hints = nil
	}
	var front []int64
	for _, h := range hints {
		if (dom == nil || slices.Contains(dom, h)) && !slices.Contains(front, h) {
			front = append(front, h)
		}
	}
	s.exact = s.exact && exact
	flat := make([]int64, 0, len(front)+len(vals))
	flat = append(flat, front...)
	for _, v := range vals {
		if !slices.Contains(front, v) {
			flat = append(flat, v)
		}
	}
	d := searchDim{syms: []affine.Sym{sym}, rows: rowsOf(flat, 1)}
	s.dims = append(s.dims, d)
}
