package pairs

// Races for some data: the peer suites (GPUVerify, Faial) call a kernel
// racy when some data makes it race, and so does smemlint where the data
// is input the kernel cannot see. An unchecked pair is a race of the
// check that owns its witness when every data symbol it depends on is
// input (read from a global array no access of the kernel stores to) and
// it is not one of the shapes commonly correct by a precondition the
// kernel does not state:
//   - a scatter through an index array (out[perm[i]] = v): correct when
//     the array is a permutation, which is how it is written;
//   - the same constant stored by every thread that passes a condition
//     (if in[i] > t { *found = 1 }): a benign flag;
//   - data the kernel fills itself (shared memory, an atomic's old value,
//     a global array it also writes): its values follow from the kernel,
//     which the pair search does not model.
// Those stay notes (not checked), with their reason.

import (
	"go/ast"
	"go/token"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// decideData sets u.Race, u.Scope and, for an index on data, u.C and
// u.Shift where u races for some input data.
func (f *raceFinder) decideData(u *Unchecked) {
	c := f.ctx
	if u.Index {
		if cf, shift := f.indexWitness(u.A, u.B); cf != nil {
			u.C, u.Shift, u.Race = cf, shift, true
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

// indexWitness looks for two threads of one block whose accesses a and b
// meet when an input value in their addresses differs between them by
// shift (its value at thread TA is 0, at TB shift; where only a's address
// depends on it, its value at TA is shift). The addresses must also depend
// on the thread apart from the data (y[i+offset[i]]): an address that is
// the data alone is a scatter through an index array, left a note. The
// pair is taken across warps where the block has two, else in one warp.
func (f *raceFinder) indexWitness(a, b *ir.Access) (*Conflict, int64) {
	c := f.ctx
	da, okA := inputIndex(c, a)
	db, okB := inputIndex(c, b)
	if !okA || !okB || da < 0 && db < 0 || !threadPart(c, a) && !threadPart(c, b) {
		return nil, 0
	}
	n := c.Threads()
	var pairs [][2]int
	if n > model.WarpSize {
		pairs = append(pairs, [2]int{0, model.WarpSize})
	}
	if n > 1 {
		pairs = append(pairs, [2]int{0, 1})
	}
	for _, p := range pairs {
		for _, tp := range [][2]int{p, {p[1], p[0]}} {
			if cf, shift, ok := meetAt(c, a, b, da, db, tp[0], tp[1]); ok {
				return cf, shift
			}
		}
	}
	return nil, 0
}

// inputIndex returns the one data symbol of x's address (-1 for none)
// when it is input, the address depends on nothing else but the thread
// and the block, and the guard on nothing but the thread.
func inputIndex(c *ir.Context, x *ir.Access) (affine.Sym, bool) {
	d := affine.Sym(-1)
	for _, s := range x.Addr.Syms() {
		switch {
		case c.IsData(s):
			if !c.IsInput(s) || d >= 0 && s != d {
				return 0, false
			}
			d = s
		case c.IsCoord(s), c.IsBlockIdx(s):
		default:
			return 0, false
		}
	}
	for _, s := range x.Guard().Syms() {
		if !c.IsCoord(s) {
			return 0, false
		}
	}
	return d, true
}

// threadPart reports whether x's address depends on the thread index apart
// from data.
func threadPart(c *ir.Context, x *ir.Access) bool { return x.Addr.DependsOn(c.IsCoord) }

// meetAt evaluates a at thread ta (its data da, when not -1, at 0) and b
// at thread tb (block 0), and finds the value of db (else of da) that
// makes them start at one byte.
func meetAt(c *ir.Context, a, b *ir.Access, da, db affine.Sym, ta, tb int) (*Conflict, int64, bool) {
	at := func(x *ir.Access, d affine.Sym, t int, v int64) (int64, bool) {
		env := c.NewEnv(0)
		c.SetThread(env, t)
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
	a0, okA := at(a, da, ta, 0)
	a1, _ := at(a, da, ta, 1)
	b0, okB := at(b, db, tb, 0)
	b1, _ := at(b, db, tb, 1)
	if !okA || !okB {
		return nil, 0, false
	}
	// The value at TB where b's address depends on data, else at TA.
	step, diff := b1-b0, a0-b0
	if step == 0 {
		step, diff = a1-a0, b0-a0
	}
	if step == 0 || diff%step != 0 {
		return nil, 0, false
	}
	// Where b's address moves with its data, a's (at 0) is where they
	// meet; else b's.
	meet := a0
	if b1 == b0 {
		meet = b0
	}
	cf := &Conflict{A: a, B: b, TA: ta, TB: tb, Env: c.NewEnv(0), Offset: meet - a.Array.Base}
	return cf, diff / step, true
}
