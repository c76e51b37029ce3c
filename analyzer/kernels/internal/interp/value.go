package interp

import (
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// vkind is the kind of an abstract value.
type vkind uint8

const (
	vScalar  vkind = iota // a number: an affine expression (possibly over data symbols)
	vBool                 // a condition
	vRef                  // a reference into shared or global memory
	vThread               // the *simt.Thread of the kernel
	vCluster              // the *simt.Cluster of the kernel
	vStruct               // a struct value with tracked fields (a Dim3)
	vNone                 // nothing worth tracking (functions, strings, ...)
	vCopy                 // a local array copied from memory: its elements are data, varying with the thread or not
)

// value is the abstract value of a Go expression inside a kernel.
type value struct {
	e      affine.Expr      // vScalar
	pred   *affine.Pred     // vBool (a pointer keeps value small: environments copy it)
	ref    *ref             // vRef
	fields map[string]value // vStruct
	kind   vkind
	vary   bool // vCopy: the elements may differ between threads
}

func scalar(e affine.Expr) value  { return value{kind: vScalar, e: e} }
func intConst(c int64) value      { return scalar(affine.C(c)) }
func boolean(p affine.Pred) value { return value{kind: vBool, pred: &p} }
func none() value                 { return value{kind: vNone} }
func refValue(r *ref) value       { return value{kind: vRef, ref: r} }

// cond returns a vBool's condition; that of any other value is true,
// the zero Pred.
func (v value) cond() affine.Pred {
	if v.pred == nil {
		return affine.Pred{}
	}
	return *v.pred
}

// syms returns the symbols a scalar's expression, a boolean's condition
// or a reference's offset mention; none for other values.
func (v value) syms() []affine.Sym {
	switch v.kind {
	case vScalar:
		return v.e.Syms()
	case vBool:
		return v.cond().Syms()
	case vRef:
		return v.ref.off.Syms()
	}
	return nil
}

// ref is a reference into an Array: a pointer, a slice or an array value
// that lives in memory.
type ref struct {
	arr    *ir.Array
	off    affine.Expr // byte offset from the array's base
	typ    types.Type  // the type of what is referenced (an element, a sub-array, a slice)
	slice  bool        // a slice: typ is the element type and off its first element
	remote bool        // distributed shared memory of another block (MapSharedRank)
	length affine.Expr // slices: the length, when known
	hasLen bool
	// alts, when not nil, says that branches chose the reference among
	// several (p := &a[0]; if c { p = &b[0] }): it is alts[i].r where
	// alts[i].ctrl holds. The other fields are those of alts[0].r.
	alts []refAlt
}

// refAlt is one reference a branch may have chosen, and the condition
// under which it did.
type refAlt struct {
	ctrl ir.Ctrl
	r    *ref
}

// maxAlts bounds the references a variable may be chosen among; past it
// the variable is an unknown.
const maxAlts = 8

// withOffset returns a copy of r moved by delta bytes and retyped.
func (r *ref) withOffset(delta affine.Expr, typ types.Type, slice bool) *ref {
	c := *r
	c.off = affine.Add(r.off, delta)
	c.typ = typ
	c.slice = slice
	if !slice {
		c.hasLen = false
	}
	if r.alts != nil {
		c.alts = make([]refAlt, len(r.alts))
		for i, a := range r.alts {
			c.alts[i] = refAlt{a.ctrl, a.r.withOffset(delta, typ, slice)}
		}
	}
	return &c
}

func sameRef(a, b *ref) bool {
	if a == b {
		return true
	}
	// Choices are the same when they come from the same merge
	// (predicates are not compared).
	if len(a.alts) != len(b.alts) {
		return false
	}
	for i := range a.alts {
		x, y := a.alts[i], b.alts[i]
		if x.ctrl.Pos != y.ctrl.Pos || x.ctrl.Kind != y.ctrl.Kind || !sameRef(x.r, y.r) {
			return false
		}
	}
	return a.arr == b.arr && a.slice == b.slice && a.remote == b.remote &&
		affine.Equal(a.off, b.off) && types.Identical(a.typ, b.typ)
}

// equalValues reports whether two abstract values are the same.
func equalValues(a, b value) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case vScalar:
		return affine.Equal(a.e, b.e)
	case vRef:
		return sameRef(a.ref, b.ref)
	case vCopy:
		return a.vary == b.vary
	case vBool:
		// Predicates are not compared, but one neither branch set is
		// the same pointer: a flag both keep keeps its condition.
		return a.pred == b.pred
	case vStruct:
		if len(a.fields) != len(b.fields) {
			return false
		}
		for k, f := range a.fields {
			if g, ok := b.fields[k]; !ok || !equalValues(f, g) {
				return false
			}
		}
		return true
	}
	return true
}
