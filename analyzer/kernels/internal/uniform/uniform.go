package uniform

import (
	"slices"
	"strconv"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/search"
	"github.com/smemlint/smemlint/model"
)

// Level says how widely a value is shared between threads.
type Level uint8

// Uniformity levels, from the least to the most uniform.
const (
	Varying      Level = iota // may differ between the lanes of a warp
	WarpUniform               // one value per warp, may differ between warps
	BlockUniform              // one value per block, may differ between blocks
	GridUniform               // one value for every thread of the launch
)

func (l Level) String() string {
	return [...]string{"thread-varying", "warp-uniform", "block-uniform", "grid-uniform"}[l]
}

// PredLevel returns the uniformity of a condition under the context's
// launch shape: tid < 32 is warp-uniform when the block's x size is a
// multiple of 32, a condition on the block index is block-uniform, one on
// parameters and lengths grid-uniform. A condition on data that may differ
// between lanes is thread-varying.
func PredLevel(c *ir.Context, p affine.Pred) Level {
	key := p.Format(func(s affine.Sym) string { return "s" + strconv.Itoa(int(s)) })
	if l, ok := c.Memo.Levels.Load(key); ok {
		return l.(Level)
	}
	prog := p.Compile()
	l := level(c, p.Syms(), func(env affine.Env) (int64, bool) {
		v, ok := prog(env)
		return b2i(v), ok
	})
	c.Memo.Levels.Store(key, l)
	return l
}

// ExprLevel returns the uniformity of an integer value, as PredLevel.
func ExprLevel(c *ir.Context, e affine.Expr) Level {
	if c.Shape.Block.X >= 2 && !e.DependsOn(c.IsVaryingData) {
		if k, ok := txCoefficient(c, e); ok && k != 0 {
			// Lanes 0 and 1 of the first warp differ by k: no search.
			return Varying
		}
	}
	return level(c, e.Syms(), e.Compile())
}

// txCoefficient returns k when e is k·tx plus terms free of tx.
func txCoefficient(c *ir.Context, e affine.Expr) (int64, bool) {
	isTx := func(s affine.Sym) bool { return s == c.Tx }
	k := int64(0)
	for _, t := range e.Terms {
		switch {
		case t.Atom.Op == affine.OpSym && t.Atom.Sym == c.Tx:
			k += t.Coef
		case (affine.Expr{Terms: []affine.Term{t}}).DependsOn(isTx):
			return 0, false
		}
	}
	return k, true
}

func level(c *ir.Context, syms []affine.Sym, eval func(affine.Env) (int64, bool)) Level {
	top := GridUniform
	coords, warpData := false, false
	for _, s := range syms {
		switch {
		case c.IsVaryingData(s):
			return Varying
		case c.IsWarpData(s):
			warpData = true
		case c.IsCoord(s):
			coords = true
		case c.IsBlockSym(s):
			top = BlockUniform
		}
	}
	if warpData {
		top = WarpUniform
	}
	if !coords {
		return top
	}
	if findSplit(c, affine.True, syms, eval, true) != nil {
		return Varying
	}
	if top > WarpUniform && findSplit(c, affine.True, syms, eval, false) != nil {
		return WarpUniform
	}
	return top
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// VaryingData returns a symbol of data that may differ between lanes
// which p mentions, if any.
func VaryingData(c *ir.Context, p affine.Pred) (affine.Sym, bool) {
	for _, s := range p.Syms() {
		if c.IsVaryingData(s) {
			return s, true
		}
	}
	return 0, false
}

// Split is a witness that a condition divides threads: values of the
// uniform symbols, and which threads of the block satisfy the condition.
type Split struct {
	Env    affine.Env
	Search *search.Search
	Syms   []affine.Sym
	// Within marks the threads considered; Hold those of them for which
	// the condition holds.
	Within, Hold []bool
	// Warp is the warp in which the condition divides the lanes; -1 for a
	// division of the block.
	Warp int
	// Exact is true when the search tried every value of every symbol.
	Exact bool
}

// Bindings describes the uniform values of the witness: "BlockIdx.X = 0".
func (s *Split) Bindings() string { return s.Search.Bindings(s.Env, s.Syms) }

// Skipping returns the threads considered for which the condition fails.
func (s *Split) Skipping() []bool {
	out := make([]bool, len(s.Hold))
	for i := range out {
		out[i] = s.Within[i] && !s.Hold[i]
	}
	return out
}

// BlockSplit searches values of the uniform symbols under which p holds
// for some threads of a block and fails for others, among the threads for
// which within holds. It returns nil when none is found; p and within must
// not depend on data that varies between lanes.
func BlockSplit(c *ir.Context, within, p affine.Pred) *Split {
	return predSplit(c, within, p, false)
}

// WarpSplit is BlockSplit for the lanes of one warp.
func WarpSplit(c *ir.Context, within, p affine.Pred) *Split {
	return predSplit(c, within, p, true)
}

func predSplit(c *ir.Context, within, p affine.Pred, perWarp bool) *Split {
	if !p.DependsOn(c.IsCoord) {
		return nil
	}
	syms := append(within.Syms(), p.Syms()...)
	return findSplit(c, within, syms, func(env affine.Env) (int64, bool) {
		v, err := p.Eval(env)
		return b2i(v), err == nil
	}, perWarp)
}

// findSplit searches an assignment under which eval takes two values
// among the threads (of one warp when perWarp) for which within holds.
func findSplit(c *ir.Context, within affine.Pred, syms []affine.Sym, eval func(affine.Env) (int64, bool), perWarp bool) *Split {
	if !c.Enumerable() {
		return nil
	}
	uni := c.UniformSyms([]affine.Pred{within}, nil)
	for _, s := range syms {
		if !c.IsCoord(s) {
			uni = append(uni, s)
		}
	}
	slices.Sort(uni)
	uni = slices.Compact(uni)
	srch := search.NewSearch(c, uni)
	env := c.NewEnv(0)
	n := c.Threads()
	found := -2
	withinProg := within.Compile()
	srch.Each(env, func() bool {
		group, first, have := -1, int64(0), false
		for lin := 0; lin < n; lin++ {
			g := 0
			if perWarp {
				g = lin / model.WarpSize
			}
			if g != group {
				group, have = g, false
			}
			c.SetThread(env, lin)
			if in, ok := withinProg(env); !ok || !in {
				continue
			}
			v, ok := eval(env)
			if !ok {
				continue
			}
			if !have {
				first, have = v, true
			} else if v != first {
				found = g
				if !perWarp {
					found = -1
				}
				return false
			}
		}
		return true
	})
	if found == -2 {
		return nil
	}
	sp := &Split{Env: env, Search: srch, Syms: uni, Warp: found, Exact: srch.Exact(),
		Within: make([]bool, n), Hold: make([]bool, n)}
	for lin := 0; lin < n; lin++ {
		c.SetThread(env, lin)
		ok, err := within.Eval(env)
		sp.Within[lin] = err == nil && ok
		v, ok2 := eval(env)
		sp.Hold[lin] = sp.Within[lin] && ok2 && v != 0
	}
	return sp
}

// WithoutWarpUniform returns p without its conjuncts that are warp-uniform
// (or more): such a conjunct lets a whole warp in or keeps it out, so it
// cannot make the lanes of one warp disagree about reaching a collective.
// When unknownOnly is set, only the conjuncts that mention a uniform
// symbol of unknown value go (the others are cheap to enumerate and say
// which warps take part).
func WithoutWarpUniform(c *ir.Context, p affine.Pred, unknownOnly bool) affine.Pred {
	out := affine.True
	for _, conj := range p.Conjuncts() {
		drop := warpUniformByShape(c, conj) || PredLevel(c, conj) >= WarpUniform
		if drop && unknownOnly {
			drop = false
			for _, s := range conj.Syms() {
				if !c.IsCoord(s) && c.Domain(s) == nil && !c.IsData(s) {
					drop = true
				}
			}
		}
		if !drop {
			out = affine.AndP(out, conj)
		}
	}
	return out
}

// warpUniformByShape reports, without enumerating, conditions that every
// warp sees whole: with blocks whose x size is a multiple of the warp
// size, a warp is 32 consecutive values of tx in one row, so ty, tz and
// tx/d for d a multiple of 32 are the same for all its lanes. It is
// sufficient, not necessary: false sends the caller to PredLevel.
func warpUniformByShape(c *ir.Context, p affine.Pred) bool {
	if c.Shape.Block.X%model.WarpSize != 0 || p.DependsOn(c.IsData) {
		return false
	}
	_, x, y, ok := p.Comparison()
	return ok && TxWarpUniform(c, x) && TxWarpUniform(c, y)
}

// TxWarpUniform reports whether every occurrence of tx in e sits in an
// atom (tx + multiples of d)/d with d a multiple of the warp size.
func TxWarpUniform(c *ir.Context, e affine.Expr) bool {
	isTx := func(s affine.Sym) bool { return s == c.Tx }
	for _, t := range e.Terms {
		a := t.Atom
		if !(affine.Expr{Terms: []affine.Term{t}}).DependsOn(isTx) {
			continue
		}
		d, ok := a.Y.IsConst()
		// Truncation is floor only for a dividend that cannot be negative.
		if a.Op != affine.OpDiv || !ok || d <= 0 || d%model.WarpSize != 0 || !affine.NonNegative(a.X, c.NonNeg) {
			return false
		}
		for _, u := range a.X.Terms {
			one := affine.Expr{Terms: []affine.Term{u}}
			switch {
			case u.Atom.Op == affine.OpSym && u.Atom.Sym == c.Tx && u.Coef == 1:
			case !one.DependsOn(isTx) && u.Coef%d == 0:
			default:
				return false
			}
		}
		if a.X.Const%d != 0 {
			return false
		}
	}
	return true
}
