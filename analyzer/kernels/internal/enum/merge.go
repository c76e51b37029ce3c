package enum

import (
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// Merge is a thread's loads of adjacent, aligned elements that an
// optimising compiler (nvcc -O3) may turn into one 8- or 16-byte load:
// several loads in straight-line code, or one load in a loop whose
// consecutive iterations read consecutive elements, once the loop is
// unrolled. Vector is that load, priced by the same model as the rest.
type Merge struct {
	Parts  []*ir.Access // the loads merged, lowest address first; one for a loop
	N      int          // elements per merged load
	Loop   *ir.Loop     // the unrolled loop, or nil
	Vector *ir.Access   // the merged load
}

// vectorWidths are the widths, largest first, of the loads a thread may
// make of adjacent elements (LDG/LDS .64 and .128).
var vectorWidths = []int{16, 8}

// Merges finds the loads of c that a compiler may merge. Straight-line
// loads merge when they read one array under the same conditions and
// loops, at constant distances, with neither a store to that array nor a
// barrier between them, and the first is aligned to the merged width for
// every thread.
func Merges(c *ir.Context) []*Merge {
	var out []*Merge
	used := map[*ir.Access]bool{}
	groups := map[*ir.Array][]*ir.Access{}
	var arrays []*ir.Array
	for _, a := range c.Accesses {
		// An alternative of a chosen reference (a.Request) is priced
		// with the others of its instruction, not as a vector of its own.
		if a.Store || a.Atomic || a.Remote || a.Size > 8 || a.Request != nil {
			continue
		}
		if groups[a.Array] == nil {
			arrays = append(arrays, a.Array)
		}
		groups[a.Array] = append(groups[a.Array], a)
	}
	for _, arr := range arrays {
		out = append(out, straightLine(c, groups[arr], used)...)
	}
	for _, a := range c.Accesses {
		if a.Store || a.Atomic || a.Remote || a.Request != nil || used[a] {
			continue
		}
		if m := unrolled(c, a); m != nil {
			out = append(out, m)
		}
	}
	return out
}

// straightLine merges the loads of one array.
func straightLine(c *ir.Context, loads []*ir.Access, used map[*ir.Access]bool) []*Merge {
	var out []*Merge
	for i, a := range loads {
		if used[a] {
			continue
		}
		// The loads at a constant distance from a, by distance.
		at := map[int64]*ir.Access{}
		for _, b := range loads[i:] {
			// The pieces of one access split by width (an unaligned
			// array copy) are one source access, not several.
			if used[b] || b.Size != a.Size || b != a && b.Node == a.Node || !sameWay(a, b) || separated(c, a, b) {
				continue
			}
			d, ok := affine.Sub(b.Addr, a.Addr).IsConst()
			if !ok || d < 0 || d%int64(a.Size) != 0 {
				continue
			}
			if _, dup := at[d]; !dup {
				at[d] = b
			}
		}
		for _, w := range vectorWidths {
			n := w / a.Size
			if n < 2 || !aligned(a.Addr, int64(w)) {
				continue
			}
			parts := make([]*ir.Access, 0, n)
			for k := 0; k < n; k++ {
				if b, ok := at[int64(k*a.Size)]; ok {
					parts = append(parts, b)
				}
			}
			if len(parts) != n {
				continue
			}
			for _, p := range parts {
				used[p] = true
			}
			v := *a
			v.Size = w
			out = append(out, &Merge{Parts: parts, N: n, Vector: &v})
			break
		}
	}
	return out
}

// unrolled returns the merge of a load whose innermost loop's consecutive
// iterations read consecutive elements, from an aligned start: unrolled
// by the compiler, n iterations read one aligned vector.
func unrolled(c *ir.Context, a *ir.Access) *Merge {
	if len(a.Loops) == 0 {
		return nil
	}
	l := a.Loops[len(a.Loops)-1]
	if !l.HasVar || len(l.Domain) < 2 || writesInLoop(c, a, l) {
		return nil
	}
	k := affine.S(l.Var)
	step, ok := affine.Sub(affine.Subst(a.Addr, l.Var, affine.Add(k, affine.C(1))), a.Addr).IsConst()
	if !ok || step != int64(a.Size) {
		return nil
	}
	for i := 1; i < len(l.Domain); i++ {
		if l.Domain[i] != l.Domain[i-1]+1 {
			return nil
		}
	}
	for _, w := range vectorWidths {
		n := w / a.Size
		if n < 2 || l.Domain[0]%int64(n) != 0 || len(l.Domain)%n != 0 {
			continue
		}
		// Iteration n*k reads the vector; the same loop values, scaled,
		// give every vector the loop reads.
		addr := affine.Subst(a.Addr, l.Var, affine.Scale(k, int64(n)))
		if !aligned(addr, int64(w)) {
			continue
		}
		v := *a
		v.Size, v.Addr = w, addr
		return &Merge{Parts: []*ir.Access{a}, N: n, Loop: l, Vector: &v}
	}
	return nil
}

// sameWay reports whether two accesses run under the same conditions, in
// the same loops and calls.
func sameWay(a, b *ir.Access) bool {
	if len(a.Ctrl) != len(b.Ctrl) || len(a.Loops) != len(b.Loops) || len(a.Calls) != len(b.Calls) {
		return false
	}
	for i := range a.Ctrl {
		if a.Ctrl[i].Pos != b.Ctrl[i].Pos || a.Ctrl[i].Kind != b.Ctrl[i].Kind {
			return false
		}
	}
	for i := range a.Loops {
		if a.Loops[i] != b.Loops[i] {
			return false
		}
	}
	for i := range a.Calls {
		if a.Calls[i] != b.Calls[i] {
			return false
		}
	}
	return true
}

// separated reports whether a barrier or a store that may alias the array
// comes between two loads, which keeps a compiler from merging them.
func separated(c *ir.Context, a, b *ir.Access) bool {
	lo, hi := min(a.Seq, b.Seq), max(a.Seq, b.Seq)
	for _, s := range c.Syncs {
		if s.Seq > lo && s.Seq < hi {
			return true
		}
	}
	for _, x := range c.Accesses {
		if x.Seq > lo && x.Seq < hi && mayAlias(a, x) {
			return true
		}
	}
	return false
}

// writesInLoop reports whether loop l, around a, holds a barrier or a
// store that may alias a's array: the compiler cannot then move one
// iteration's load past the next iteration's store (measured: PolyBench
// gemm, whose k loop stores c[i][j], reads a[i][k] with scalar loads under
// -O3; see testdata/realcode/hw/O3).
func writesInLoop(c *ir.Context, a *ir.Access, l *ir.Loop) bool {
	for _, s := range c.Syncs {
		if slices.Contains(s.Loops, l) {
			return true
		}
	}
	for _, x := range c.Accesses {
		if slices.Contains(x.Loops, l) && mayAlias(a, x) {
			return true
		}
	}
	return false
}

// mayAlias reports whether x writes memory a load a may read: a store to
// its shared array, or to any global array (two slices may overlap).
func mayAlias(a, x *ir.Access) bool {
	if !x.Store && !x.Atomic {
		return false
	}
	return x.Array == a.Array || !a.Shared() && !x.Shared()
}

// aligned reports whether every value of addr is a multiple of w.
func aligned(addr affine.Expr, w int64) bool {
	if addr.Const%w != 0 {
		return false
	}
	for _, t := range addr.Terms {
		if t.Coef%w != 0 {
			return false
		}
	}
	return true
}
