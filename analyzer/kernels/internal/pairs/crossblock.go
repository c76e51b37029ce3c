package pairs

// Races between blocks: no barrier orders two blocks, so two accesses to
// global memory race when threads of two blocks touch the same bytes in
// any instances, whatever lies between them.

import (
	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// blockPairable reports whether two accesses may be compared between
// blocks: both to global memory, in a launch of more than one block, with
// conditions free of data (a value read from memory may differ between
// blocks: a last-block election reads a counter).
func blockPairable(c *ir.Context, a, b *ir.Access) bool {
	if a.Shared() || b.Shared() || !manyBlocks(c) {
		return false
	}
	for _, x := range []*ir.Access{a, b} {
		if x.Guard().DependsOn(c.IsData) {
			return false
		}
	}
	return true
}

// manyBlocks reports whether the launch may have more than one block.
func manyBlocks(c *ir.Context) bool {
	for d := range 3 {
		if blockExtent(c, d) != 1 {
			return true
		}
	}
	return false
}

// blockExtent is the number of blocks along dimension d: the grid's when
// the launch gives it, else 1. A launch whose grid is not known is taken
// to be one block, as the peer suites take it: a race between blocks is
// reported only where a launch or //smemlint:launch says there are two.
func blockExtent(c *ir.Context, d int) int {
	return max(1, [3]int{c.Shape.Grid.X, c.Shape.Grid.Y, c.Shape.Grid.Z}[d])
}

// blockSym returns the symbol of block index component d, if the kernel
// reads it.
func blockSym(c *ir.Context, d int) (affine.Sym, bool) {
	name := [3]string{"BlockIdx.X", "BlockIdx.Y", "BlockIdx.Z"}[d]
	for s := range c.Syms.Len() {
		if c.IsBlockIdx(affine.Sym(s)) && c.Syms.Name(affine.Sym(s)) == name {
			return affine.Sym(s), true
		}
	}
	return 0, false
}

// blocks returns the block indices of a's and b's threads under the
// current assignment, and false when they are the same block. A component
// that one access does not depend on is free: it is moved to differ when
// the others agree.
func (ps *pairSpace) blocks() (ba, bb [3]int64, ok bool) {
	c, env := ps.ctx, ps.env
	uses := func(x affine.Pred, e affine.Expr, s affine.Sym) bool {
		is := func(y affine.Sym) bool { return y == s }
		return x.DependsOn(is) || e.DependsOn(is)
	}
	var freeA, freeB [3]bool
	for d := range 3 {
		s, has := blockSym(c, d)
		freeA[d], freeB[d] = true, true
		if has && uses(ps.a.Guard(), ps.a.Addr, s) {
			ba[d], freeA[d] = env[s], false
		}
		bb[d] = ba[d]
		if cp, copied := ps.copies[s]; has && copied {
			bb[d], freeB[d] = env[cp], false
		}
	}
	if ba != bb {
		return ba, bb, true
	}
	for d := range 3 {
		ext := int64(blockExtent(c, d))
		if ext == 1 {
			continue
		}
		other := ba[d] + 1
		if other >= ext {
			other = ba[d] - 1
		}
		switch {
		case freeB[d]:
			bb[d] = other
			return ba, bb, true
		case freeA[d]:
			ba[d] = other
			return ba, bb, true
		}
	}
	return ba, bb, false
}
