package pairs

// Races for some data: the peer suites (GPUVerify, Faial) call a kernel
// racy when some data makes it race, and so does smemlint where the data
// is input the kernel cannot see, or the slots an atomic counter hands
// out (distinct for the threads that share the counter, whatever its
// start). An unchecked pair is a race of the check that owns its witness
// when every data symbol it depends on is input (read from a global array
// no access of the kernel stores to) or, in an index, a counter's old
// value, and it is not one of the shapes commonly correct by a
// precondition the kernel does not state:
//   - a scatter through an index array (out[perm[i]] = v): correct when
//     the array is a permutation, which is how it is written;
//   - the same constant stored by every thread that passes a condition
//     (if in[i] > t { *found = 1 }): a benign flag;
//   - data the kernel fills itself (shared memory, a global array it also
//     writes, arithmetic on a counter's value): its values follow from the
//     kernel, which the pair search does not model.
// Those stay notes (not checked), with their reason.

import (
	"go/ast"
	"go/token"
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// decideData sets u.Race, u.Scope and, for an index on data, u.C,
// u.Vals and u.Uses where u races for some data the kernel cannot see.
func (f *raceFinder) decideData(u *Unchecked) {
	c := f.ctx
	if u.Index {
		if cf, vals, uses := f.indexWitness(u.A, u.B); cf != nil {
			u.C, u.Vals, u.Uses, u.Race = cf, vals, uses, true
		}
	} else {
		u.Race = allInput(c, u.A.Guard(), u.B.Guard()) && !sameConstant(c, u.A, u.B)
	}
	if u.Race {
		u.Scope = scopeOf(u.C)
	}
}

// scopeOf is the check a witness belongs to.
func scopeOf(cf *Conflict) Scope {
	switch {
	case cf.Blocks:
		return AcrossBlocks
	case cf.TA/model.WarpSize != cf.TB/model.WarpSize:
		return AcrossWarps
	}
	return InWarp
}

// allInput reports whether every data symbol of the predicates is input.
func allInput(c *ir.Context, ps ...affine.Pred) bool {
	for _, p := range ps {
		for _, s := range p.Syms() {
			if c.IsData(s) && !c.IsInput(s) {
				return false
			}
		}
	}
	return true
}

// sameConstant reports whether a and b are stores of one constant (the
// flag idiom): whichever thread stores last, the word holds that value.
func sameConstant(c *ir.Context, a, b *ir.Access) bool {
	if !a.Store || !b.Store {
		return false
	}
	va, okA := storedConstant(c, a)
	vb, okB := storedConstant(c, b)
	return okA && okB && va == vb
}

// storedConstant returns the literal x's statement stores, where it is an
// assignment of one literal (s[0] = 1, *done = true).
func storedConstant(c *ir.Context, x *ir.Access) (string, bool) {
	as, ok := c.StmtKey(x.Node.Pos()).(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || as.Tok != token.ASSIGN {
		return "", false
	}
	switch v := ast.Unparen(as.Rhs[0]).(type) {
	case *ast.BasicLit:
		return v.Value, true
	case *ast.Ident:
		if v.Name == "true" || v.Name == "false" {
			return v.Name, true
		}
	}
	return "", false
}

// indexWitness looks for two threads whose accesses a and b meet for
// some values of the data in their addresses, and returns them with those
// values (at C.TA, C.TB) and whether each address depends on its value.
// The data is input (any values) or the old value an atomic returns from
// a counter: threads that update one counter get distinct values, so two
// threads sharing a counter (one block's, in shared memory, or the
// grid's) meet only where their values differ or one address does not
// depend on its value (slot 12 for thread 13, the counter's slots for the
// others). An address that is input data alone is a scatter through an
// index array, left a note. Pairs are tried across blocks (global memory,
// several blocks), then across warps, then within a warp: the first kind
// that races decides the check, as for any race.
func (f *raceFinder) indexWitness(a, b *ir.Access) (*Conflict, [2]int64, [2]bool) {
	c := f.ctx
	var vals [2]int64
	var uses [2]bool
	da, okA := dataIndex(c, a)
	db, okB := dataIndex(c, b)
	if !okA || !okB || da < 0 && db < 0 {
		return nil, vals, uses
	}
	input := (da < 0 || c.IsInput(da)) && (db < 0 || c.IsInput(db))
	if input && !threadPart(c, a) && !threadPart(c, b) {
		return nil, vals, uses
	}
	if !input && da >= 0 && db >= 0 && da != db {
		// Two atomics' values: whether they share a counter is not
		// modelled.
		return nil, vals, uses
	}
	n := c.Threads()
	cands := func(ta int) []int {
		var out []int
		for _, t := range []int{0, 1, model.WarpSize, model.WarpSize + 1, ta - 1, ta + 1} {
			if t >= 0 && t < n && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
		return out
	}
	for _, kind := range []Scope{AcrossBlocks, AcrossWarps, InWarp} {
		if kind == AcrossBlocks && (a.Shared() || blockExtent(c, 0) < 2) {
			continue
		}
		for ta := range min(n, 1024) {
			for _, tb := range cands(ta) {
				sameWarp := ta/model.WarpSize == tb/model.WarpSize
				switch {
				case kind == AcrossWarps && sameWarp, kind == InWarp && (!sameWarp || ta == tb):
					continue
				}
				w := witness{c: c, a: a, b: b, da: da, db: db, ta: ta, tb: tb, blocks: kind == AcrossBlocks}
				if cf, ok := w.meet(); ok {
					return cf, w.vals, w.uses
				}
			}
		}
	}
	return nil, vals, uses
}

// dataIndex returns the one data symbol of x's address (-1 for none)
// when it is input or a counter's old value, the address depends on
// nothing else but the thread and the block, and the guard on nothing
// but those.
func dataIndex(c *ir.Context, x *ir.Access) (affine.Sym, bool) {
	d := affine.Sym(-1)
	for _, s := range x.Addr.Syms() {
		switch {
		case c.IsData(s):
			if _, counter := c.CounterShared(s); !c.IsInput(s) && !counter || d >= 0 && s != d {
				return 0, false
			}
			d = s
		case c.IsCoord(s), c.IsBlockIdx(s):
		default:
			return 0, false
		}
	}
	for _, s := range x.Guard().Syms() {
		if !c.IsCoord(s) && !c.IsBlockIdx(s) {
			return 0, false
		}
	}
	return d, true
}

// threadPart reports whether x's address depends on the thread index apart
// from data.
func threadPart(c *ir.Context, x *ir.Access) bool { return x.Addr.DependsOn(c.IsCoord) }

// witness is one try of indexWitness: a at thread ta (block 0), b at
// thread tb (block 1 where blocks, else 0).
type witness struct {
	c      *ir.Context
	a, b   *ir.Access
	da, db affine.Sym
	ta, tb int
	blocks bool
	vals   [2]int64
	uses   [2]bool
}

// at evaluates x's address at thread t of block bx with its data at v; ok
// is false where the thread does not make the access.
func (w *witness) at(x *ir.Access, d affine.Sym, t int, bx, v int64) (int64, bool) {
	env := w.c.NewEnv(0)
	w.c.SetThread(env, t)
	if s, ok := blockSym(w.c, 0); ok {
		env[s] = bx
	}
	if d >= 0 {
		env[d] = v
	}
	in, err := x.Guard().Eval(env)
	if err != nil || !in {
		return 0, false
	}
	addr, err := x.Addr.Eval(env)
	return addr, err == nil
}

// meet finds data values that make a's and b's addresses start at one
// byte: 0 at ta, and at tb what that takes (or the other way round where
// only a's address depends on data), checked by evaluating both again.
func (w *witness) meet() (*Conflict, bool) {
	bb := int64(0)
	if w.blocks {
		bb = 1
	}
	a0, okA := w.at(w.a, w.da, w.ta, 0, 0)
	a1, _ := w.at(w.a, w.da, w.ta, 0, 1)
	b0, okB := w.at(w.b, w.db, w.tb, bb, 0)
	b1, _ := w.at(w.b, w.db, w.tb, bb, 1)
	if !okA || !okB {
		return nil, false
	}
	w.uses = [2]bool{a1 != a0, b1 != b0}
	switch {
	case w.uses[1] && (b0-a0)%(b1-b0) == 0:
		w.vals[1] = (a0 - b0) / (b1 - b0)
	case !w.uses[1] && w.uses[0] && (a0-b0)%(a1-a0) == 0:
		w.vals[0] = (b0 - a0) / (a1 - a0)
	default:
		return nil, false
	}
	ea, _ := w.at(w.a, w.da, w.ta, 0, w.vals[0])
	eb, _ := w.at(w.b, w.db, w.tb, bb, w.vals[1])
	if ea != eb || !w.possible() {
		return nil, false
	}
	cf := &Conflict{A: w.a, B: w.b, TA: w.ta, TB: w.tb, Env: w.c.NewEnv(0), Offset: ea - w.a.Array.Base}
	if w.blocks {
		cf.Blocks, cf.BlockB = true, [3]int64{1, 0, 0}
	}
	return cf, true
}

// possible reports whether the values can occur: for a counter's values,
// two threads that share the counter and both use their value get
// distinct ones.
func (w *witness) possible() bool {
	d := w.da
	if d < 0 {
		d = w.db
	}
	shared, counter := w.c.CounterShared(d)
	if !counter || !w.uses[0] || !w.uses[1] {
		return true
	}
	sharesCounter := !w.blocks || !shared
	return !sharesCounter || w.vals[0] != w.vals[1]
}
