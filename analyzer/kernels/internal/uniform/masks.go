package uniform

import (
	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/search"
	"github.com/smemlint/smemlint/model"
)

// MaskFault is a witness that the mask of a warp collective (SyncWarp, a
// shuffle, a vote) does not match the lanes that make the call.
type MaskFault struct {
	Env    affine.Env
	Search *search.Search
	Syms   []affine.Sym
	Exact  bool
	Warp   int
	Lane   int    // a lane that makes the call
	Mask   uint64 // its mask
	Reach  uint64 // the lanes of the warp that make the call
	// Missing are lanes the mask names that exist but do not make the
	// call; Absent lanes it names that the warp does not have.
	Missing, Absent uint64
	// NotIn is true when the calling lane is not in its own mask.
	NotIn bool
}

// FullMask is the mask of every lane of a warp.
const FullMask = 1<<model.WarpSize - 1

// MaskFault searches values of the uniform symbols and a warp in which the
// lanes that satisfy guard call a collective whose mask, evaluated per
// lane, names a lane that does not call it, or a lane the warp does not
// have, or leaves the caller out. It returns nil when none is found or
// when the guard or the mask depends on data.
func FindMaskFault(c *ir.Context, guard affine.Pred, mask affine.Expr) *MaskFault {
	if !c.Enumerable() || mask.DependsOn(c.IsData) {
		return nil
	}
	if _, ok := VaryingData(c, guard); ok {
		return nil
	}
	guard = WithoutWarpUniform(c, guard, false)
	syms := c.UniformSyms([]affine.Pred{guard}, []affine.Expr{mask})
	srch := search.NewSearch(c, syms)
	env := c.NewEnv(0)
	n := c.Threads()
	guardProg, maskProg := guard.Compile(), mask.Compile()
	var out *MaskFault
	srch.Each(env, func() bool {
		for w := 0; w*model.WarpSize < n; w++ {
			if f := warpMaskFault(c, env, guardProg, maskProg, w); f != nil {
				f.Env, f.Search, f.Syms, f.Exact = env, srch, syms, srch.Exact()
				out = f
				return false
			}
		}
		return true
	})
	return out
}

// warpMaskFault checks one warp under one assignment.
func warpMaskFault(c *ir.Context, env affine.Env, guard affine.PredProgram, mask affine.Program, w int) *MaskFault {
	n := c.Threads()
	var present, reach uint64
	var masks [model.WarpSize]uint64
	for l := 0; l < model.WarpSize && w*model.WarpSize+l < n; l++ {
		present |= 1 << l
		c.SetThread(env, w*model.WarpSize+l)
		if on, ok := guard(env); !ok || !on {
			continue
		}
		m, ok := mask(env)
		if !ok {
			continue
		}
		reach |= 1 << l
		masks[l] = uint64(m) & FullMask
	}
	for l := 0; l < model.WarpSize; l++ {
		if reach&(1<<l) == 0 {
			continue
		}
		m := masks[l]
		missing, absent, notIn := m&present&^reach, m&^present, m&(1<<l) == 0
		if missing != 0 || absent != 0 || notIn {
			return &MaskFault{Warp: w, Lane: l, Mask: m, Reach: reach, Missing: missing, Absent: absent, NotIn: notIn}
		}
	}
	return nil
}

// ClusterSplit is a witness that a condition holds in some blocks of a
// cluster and fails in others.
type ClusterSplit struct {
	Env    affine.Env
	Search *search.Search
	Syms   []affine.Sym
	// Hold and Fail are the ranks, within the cluster, of blocks in which
	// some thread satisfies the condition and some thread fails it.
	Hold, Fail []int
}

// ClusterSplit searches values of the uniform symbols under which p holds
// for threads of one block of a cluster and fails for threads of another.
// It needs a known cluster of more than one block, and returns nil when p
// depends on data.
func FindClusterSplit(c *ir.Context, p affine.Pred) *ClusterSplit {
	cl := c.Shape.Cluster
	if !c.Enumerable() || !cl.Known() || cl.Threads() < 2 || p.DependsOn(c.IsData) {
		return nil
	}
	var blockSyms [3]affine.Sym
	hasBlock := [3]bool{}
	rank, hasRank := affine.Sym(0), false
	var others []affine.Sym
	for _, s := range c.UniformSyms([]affine.Pred{p}, nil) {
		switch {
		case c.IsRank(s):
			rank, hasRank = s, true
		case c.IsBlockIdx(s):
			i := int(c.Syms.Name(s)[len("BlockIdx.")] - 'X')
			blockSyms[i], hasBlock[i] = s, true
		default:
			others = append(others, s)
		}
	}
	if !hasRank && !hasBlock[0] && !hasBlock[1] && !hasBlock[2] {
		return nil
	}
	srch := search.NewSearch(c, others)
	env := c.NewEnv(0)
	var out *ClusterSplit
	srch.Each(env, func() bool {
		sp := &ClusterSplit{Env: env, Search: srch, Syms: others}
		for r := 0; r < cl.Threads(); r++ {
			coord := [3]int64{int64(r % cl.X), int64(r / cl.X % cl.Y), int64(r / (cl.X * cl.Y))}
			for i := range blockSyms {
				if hasBlock[i] {
					env[blockSyms[i]] = coord[i]
				}
			}
			if hasRank {
				env[rank] = int64(r)
			}
			hold, fail := holdsIn(c, env, p)
			if hold {
				sp.Hold = append(sp.Hold, r)
			}
			if fail {
				sp.Fail = append(sp.Fail, r)
			}
		}
		if len(sp.Hold) > 0 && len(sp.Fail) > 0 && (len(sp.Hold) > 1 || len(sp.Fail) > 1 || sp.Hold[0] != sp.Fail[0]) {
			out = sp
			return false
		}
		return true
	})
	return out
}

// holdsIn reports whether p holds for some thread and fails for some
// thread of the block under env.
func holdsIn(c *ir.Context, env affine.Env, p affine.Pred) (hold, fail bool) {
	for t := 0; t < c.Threads() && !(hold && fail); t++ {
		c.SetThread(env, t)
		v, err := p.Eval(env)
		if err != nil {
			continue
		}
		hold, fail = hold || v, fail || !v
	}
	return hold, fail
}

// WarpMask returns the lanes that satisfy p under the uniform values of
// env, when they are the same lanes in every warp in which any lane does;
// ok is false otherwise. env's thread-index symbols are overwritten.
func WarpMask(c *ir.Context, p affine.Pred, env affine.Env) (mask uint64, ok bool) {
	if !c.Enumerable() {
		return 0, false
	}
	n, found := c.Threads(), false
	for w := 0; w*model.WarpSize < n; w++ {
		var m uint64
		for l := 0; l < model.WarpSize && w*model.WarpSize+l < n; l++ {
			c.SetThread(env, w*model.WarpSize+l)
			if v, err := p.Eval(env); err == nil && v {
				m |= 1 << l
			}
		}
		switch {
		case m == 0:
		case !found:
			mask, found = m, true
		case m != mask:
			return 0, false
		}
	}
	return mask, found
}

// FindCollectiveFault looks for a warp in which the warp collective s's
// mask names a lane that does not make the call: among the lanes that
// reach s or one of its alternatives (CollectiveGuard), and then for each
// exit that lets threads skip s, among the lanes that stay. It returns the
// fault and the exit behind it (nil for the first kind), or nil.
func FindCollectiveFault(c *ir.Context, s *ir.Sync) (*MaskFault, *ir.Exit) {
	guard := CollectiveGuard(c, s)
	if mf := FindMaskFault(c, guard, s.Mask); mf != nil {
		return mf, nil
	}
	for _, e := range SkippingExits(c, s) {
		if mf := FindMaskFault(c, affine.AndP(guard, affine.NotP(e.Guard())), s.Mask); mf != nil && mf.Missing != 0 {
			return mf, e
		}
	}
	return nil, nil
}
