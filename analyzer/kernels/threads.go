package kernels

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/model"
)

// The synchronisation checks ask questions of the form "are there values
// of the uniform symbols and two threads such that ...". They answer them
// by enumeration: every thread of the launch shape, and for the uniform
// symbols their known values (loop domains, block indices of a known grid)
// or, for unknowns (parameters, lengths), a fixed list of candidates tried
// in order of increasing size. A witness found this way is a real one; an
// answer "none" is exact only when every symbol had a known domain.

// maxAssignments bounds the assignments of uniform symbols tried for one
// question.
const maxAssignments = 512

// maxDomain bounds the values of one known domain that are tried; longer
// domains are sampled.
const maxDomain = 48

// candidates for symbols of unknown value, by role, smallest first.
var (
	blockCandidates = []int64{0, 1, 2, 3, 5, 7}
	gridCandidates  = []int64{1, 2, 3, 4, 8, 100}
	iterCandidates  = []int64{0, 1, 2, 3}
)

// numberCandidates are the values tried for an unknown number (a
// parameter, a length): small ones, and those around the warp size, the
// block size and their halves and doubles, where conditions split threads.
func (c *Context) numberCandidates() []int64 {
	out := []int64{1, 0, 2, 3, 4, 5, 7, 8}
	for _, m := range []int64{model.WarpSize / 2, model.WarpSize, 2 * model.WarpSize,
		int64(c.Threads() / 2), int64(c.Threads()), int64(2 * c.Threads())} {
		out = append(out, m-1, m, m+1)
	}
	out = append(out, 100, 1000, 1<<20)
	var uniq []int64
	for _, v := range out {
		if v >= 0 && !slices.Contains(uniq, v) {
			uniq = append(uniq, v)
		}
	}
	return uniq
}

// Threads returns the number of threads of a block.
func (c *Context) Threads() int { return c.Shape.Block.Threads() }

// SetThread sets the thread-index symbols of env to those of the thread
// with linear index lin.
func (c *Context) SetThread(env affine.Env, lin int) {
	b := c.Shape.Block
	bx, by, bz := int64(b.X), int64(b.Y), int64(b.Z)
	x, y, z, l := env[c.tx], env[c.ty], env[c.tz], int64(lin)
	// Callers walk the threads in order: the next thread of a row is the
	// common case, and needs no division.
	if x >= 0 && x+1 < bx && y >= 0 && y < by && z >= 0 && z < bz && l == x+1+bx*(y+by*z) {
		env[c.tx] = x + 1
		return
	}
	env[c.tx], env[c.ty], env[c.tz] = l%bx, l/bx%by, l/(bx*by)
}

// NewEnv returns an environment for the context's symbols and extra
// symbols numbered after them.
func (c *Context) NewEnv(extra int) affine.Env { return make(affine.Env, c.Syms.Len()+extra) }

// IsCoord reports whether s is a thread-index symbol.
func (c *Context) IsCoord(s affine.Sym) bool { return int(s) < len(c.meta) && c.isCoord(s) }

// IsVaryingData reports whether s is a value read from memory or computed
// opaquely that may differ between the lanes of a warp.
func (c *Context) IsVaryingData(s affine.Sym) bool {
	return int(s) < len(c.meta) && c.meta[s].role == roleData && c.Syms.IsThread(s) && !c.meta[s].warp
}

// IsWarpData reports whether s is a value that is the same for the lanes
// of a warp and may differ between warps (a vote's result).
func (c *Context) IsWarpData(s affine.Sym) bool {
	return int(s) < len(c.meta) && c.meta[s].role == roleData && c.meta[s].warp
}

// IsData reports whether s is a value read from memory or computed
// opaquely, uniform or not.
func (c *Context) IsData(s affine.Sym) bool {
	return int(s) < len(c.meta) && c.meta[s].role == roleData
}

// IsBlockSym reports whether s may differ between blocks: a block index,
// a cluster rank, or data read inside the block.
func (c *Context) IsBlockSym(s affine.Sym) bool {
	if int(s) >= len(c.meta) {
		return false
	}
	switch c.meta[s].role {
	case roleBlockIdx, roleRank, roleData:
		return true
	}
	return false
}

// IsRank reports whether s is the block's rank in its cluster.
func (c *Context) IsRank(s affine.Sym) bool {
	return int(s) < len(c.meta) && c.meta[s].role == roleRank
}

// IsBlockIdx reports whether s is a component of the block index.
func (c *Context) IsBlockIdx(s affine.Sym) bool {
	return int(s) < len(c.meta) && c.meta[s].role == roleBlockIdx
}

// Domain returns the known values of s, or nil.
func (c *Context) Domain(s affine.Sym) []int64 {
	if int(s) >= len(c.meta) {
		return nil
	}
	return c.meta[s].domain
}

// candidates returns the values tried for a uniform symbol, and whether
// they are all the values it can take.
func (c *Context) candidates(s affine.Sym) ([]int64, bool) {
	m := c.meta[s]
	if d := m.domain; d != nil {
		if len(d) <= maxDomain {
			return d, true
		}
		return sample(d, maxDomain), false
	}
	switch m.role {
	case roleBlockIdx:
		return blockCandidates, false
	case roleRank:
		return blockCandidates[:2], false
	case roleGridDim:
		return gridCandidates, false
	case roleIter:
		return iterCandidates, false
	}
	return c.numberCandidates(), false
}

// sample keeps n values of d: both ends and evenly spaced ones between.
func sample(d []int64, n int) []int64 {
	out := make([]int64, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, d[i*(len(d)-1)/(n-1)])
	}
	return slices.Compact(out)
}

// searchDim is one dimension of a search: symbols set together, and the rows of
// values tried for them.
type searchDim struct {
	syms []affine.Sym
	rows [][]int64
}

// Search enumerates assignments of uniform symbols.
type Search struct {
	ctx   *Context
	dims  []searchDim
	exact bool
}

// NewSearch returns a search over the given uniform symbols of c.
func (c *Context) NewSearch(syms []affine.Sym) *Search {
	s := &Search{ctx: c, exact: true}
	for _, sym := range syms {
		s.Add(sym, sym)
	}
	return s
}

// Add adds a dimension for sym, whose values are those of like (a symbol
// of the context; sym may be an extra symbol standing for a copy of it).
func (s *Search) Add(sym, like affine.Sym) {
	vals, exact := s.ctx.candidates(like)
	s.exact = s.exact && exact
	d := searchDim{syms: []affine.Sym{sym}}
	for _, v := range vals {
		d.rows = append(d.rows, []int64{v})
	}
	s.dims = append(s.dims, d)
}

// addFixed adds a dimension with the single value v for sym.
func (s *Search) addFixed(sym affine.Sym, v int64) {
	s.dims = append(s.dims, searchDim{syms: []affine.Sym{sym}, rows: [][]int64{{v}}})
}

// addNext adds a dimension for two symbols that take consecutive values
// of the loop variable like: (v, next(v)) for consecutive values of its
// domain, or (k, k+1) for an iteration count.
func (s *Search) addNext(like, first, second affine.Sym) {
	vals, exact := s.ctx.candidates(like)
	s.exact = s.exact && exact
	d := searchDim{syms: []affine.Sym{first, second}}
	if dom := s.ctx.meta[like].domain; dom != nil {
		for i := 0; i+1 < len(dom) && i < maxDomain; i++ {
			d.rows = append(d.rows, []int64{dom[i], dom[i+1]})
		}
	} else {
		for _, v := range vals {
			d.rows = append(d.rows, []int64{v, v + 1})
		}
	}
	s.dims = append(s.dims, d)
}

// Exact reports whether the search tries every value of every symbol.
func (s *Search) Exact() bool {
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
	budget, stopped := maxAssignments, false
	// Assignments by increasing total index: small values of every
	// symbol are tried before large values of one.
	var rec func(i, left int)
	rec = func(i, left int) {
		last := i == len(s.dims)-1
		for v := 0; v <= left && v < len(s.dims[i].rows) && !stopped && budget > 0; v++ {
			idx[i] = v
			if !last {
				rec(i+1, left-v)
				continue
			}
			if v != left {
				continue
			}
			budget--
			s.set(env, idx)
			stopped = !visit()
		}
	}
	for total := 0; total <= maxTotal && !stopped && budget > 0; total++ {
		rec(0, total)
	}
	return stopped
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
		if int(sym) >= len(s.ctx.meta) || s.ctx.isCoord(sym) {
			continue
		}
		switch s.ctx.meta[sym].role {
		case roleLoop, roleIter:
			continue
		}
		parts = append(parts, fmt.Sprintf("%s = %d", s.ctx.Syms.Name(sym), env[sym]))
	}
	return strings.Join(parts, ", ")
}

// UniformSyms returns the symbols other than the thread index that the
// predicates and expressions mention, sorted and without repeats.
func (c *Context) UniformSyms(ps []affine.Pred, es []affine.Expr) []affine.Sym {
	var out []affine.Sym
	for _, p := range ps {
		out = append(out, p.Syms()...)
	}
	for _, e := range es {
		out = append(out, e.Syms()...)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	return slices.DeleteFunc(out, func(s affine.Sym) bool { return int(s) < len(c.meta) && c.isCoord(s) })
}

// FormatThreads describes a set of threads of a block by ranges of linear
// indices, "threads 512..1023", naming at most three ranges.
func FormatThreads(set []bool) string {
	var parts []string
	count, ranges := 0, 0
	for i := 0; i < len(set); {
		if !set[i] {
			i++
			continue
		}
		j := i
		for j+1 < len(set) && set[j+1] {
			j++
		}
		count += j - i + 1
		ranges++
		if ranges <= 3 {
			if i == j {
				parts = append(parts, fmt.Sprint(i))
			} else {
				parts = append(parts, fmt.Sprintf("%d..%d", i, j))
			}
		}
		i = j + 1
	}
	text := strings.Join(parts, ", ")
	if ranges > 3 {
		text += fmt.Sprintf(", … (%d threads)", count)
	}
	if count == 1 {
		return "thread " + text
	}
	return "threads " + text
}

// FormatLanes describes a lane mask: "lanes 16..31", "lane 0".
func FormatLanes(mask uint64) string {
	set := make([]bool, model.WarpSize)
	for l := range set {
		set[l] = mask&(1<<l) != 0
	}
	return strings.Replace(FormatThreads(set), "thread", "lane", 1)
}

// BlockText names the block shape for messages: "block 1024", "block
// 32×8", "block 256 (assumed: no launch or //smemlint:launch found)".
func (c *Context) BlockText() string {
	s := c.Shape
	s.Source = FromLaunch
	text := s.Describe()
	if c.Shape.Source == Assumed {
		text += " (assumed: no launch or //smemlint:launch found)"
	}
	return text
}

// PosText formats a position as "file.go:line".
func (c *Context) PosText(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", shortFile(p.Filename), p.Line)
}

// ThreadText names the thread of linear index lin: "thread 16" in a
// one-dimensional block, "thread (3,1)" in a two-dimensional one.
func (c *Context) ThreadText(lin int) string {
	b := c.Shape.Block
	x, y, z := lin%b.X, lin/b.X%max(b.Y, 1), lin/(b.X*max(b.Y, 1))
	switch {
	case b.Y <= 1 && b.Z <= 1:
		return fmt.Sprintf("thread %d", lin)
	case b.Z <= 1:
		return fmt.Sprintf("thread (%d,%d)", x, y)
	}
	return fmt.Sprintf("thread (%d,%d,%d)", x, y, z)
}

// Values formats the values of symbols in env: "offset = 32, s = 4".
func (c *Context) Values(env affine.Env, syms []affine.Sym) string {
	parts := make([]string, 0, len(syms))
	for _, s := range syms {
		if int(s) < c.Syms.Len() && !c.isCoord(s) {
			parts = append(parts, fmt.Sprintf("%s = %d", c.Syms.Name(s), env[s]))
		}
	}
	return strings.Join(parts, ", ")
}

// Enumerable reports whether the context's block can be enumerated thread
// by thread: a valid launch of the architecture. The checks that enumerate
// threads say nothing about others (the launch itself fails).
func (c *Context) Enumerable() bool {
	n := c.Threads()
	return n > 0 && (c.Arch == nil || n <= c.Arch.MaxThreadsPerBlock)
}
