package interp

import (
	"go/types"
	"maps"
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// What unknown values are, for the reason an access whose index depends on
// one is not evaluated ("the index depends on …"). Each must be true of
// every value made with it.
const (
	whyMemory   = "data read from memory"
	whyFloat    = "floating-point arithmetic"
	whyOverflow = "integer arithmetic whose result smemlint cannot bound"
	whyLocal    = "an element of a local array, map or string, whose contents smemlint does not track"
	whyField    = "a field of a struct held in a local variable, which smemlint does not track"
	whyShuffle  = "a value received from another lane by a shuffle"
	whyAtomic   = "the old value an atomic returns"
	whyAssert   = "a type assertion"
	whyMulti    = "a value of a multi-valued assignment"
	whyConvert  = "a conversion smemlint does not follow"
	whyBuiltin  = "a built-in function's result smemlint does not compute"
	whyChoice   = "the length of a slice that branches chose among slices of different lengths"
)

// opaque returns an unknown value of type t that is why. Where it is made
// from unknowns (the sum of two loaded values), it is what the first of
// them is: a value computed from data read from memory depends on that
// data, whatever the arithmetic.
func (in *interp) opaque(t types.Type, varies bool, why string, from ...value) value {
	return in.opaqueFrom(t, varies, why, nil, from...)
}

// opaqueFrom is opaque for a value read from arr (nil: not read from
// memory, or from what from was read from).
func (in *interp) opaqueFrom(t types.Type, varies bool, why string, arr *ir.Array, from ...value) value {
	if w, a := in.whyOf(from...); w != "" {
		why, arr = w, a
	}
	kind := affine.Uniform
	if varies {
		kind = affine.Thread
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		s := affine.S(in.newSym("data", kind, ir.SymMeta{Role: ir.RoleData, Why: why, From: arr}))
		if u.Info()&types.IsBoolean != 0 {
			return boolean(affine.Cmp(affine.NE, s, affine.C(0)))
		}
		return scalar(s)
	}
	return none()
}

// whyOf returns what the first unknown the values mention is, or "",
// and the array it was read from.
func (in *interp) whyOf(vals ...value) (string, *ir.Array) {
	for _, v := range vals {
		if v.kind == vStruct {
			names := slices.Sorted(maps.Keys(v.fields))
			for _, n := range names {
				if w, a := in.whyOf(v.fields[n]); w != "" {
					return w, a
				}
			}
		}
		if w, s := in.dataWhy(v.syms()); w != "" {
			return w, in.ctx.Meta[s].From
		}
	}
	return "", nil
}

// dataWhy returns what the first of syms that stands for data read from
// memory is, and that symbol; "" where none does.
func (in *interp) dataWhy(syms []affine.Sym) (string, affine.Sym) {
	for _, s := range syms {
		if w := in.ctx.DataWhy(s); w != "" {
			return w, s
		}
	}
	return "", 0
}

// arithWhy is what the result of arithmetic of type t is when it is not
// computed: floating point is data; integer arithmetic is left unknown
// where its expression would grow without bound (tooBig) or an operand is
// not a tracked number, whose own reason opaque then gives.
func arithWhy(t types.Type, operands ...value) string {
	if b, ok := types.Unalias(t).Underlying().(*types.Basic); ok && b.Info()&(types.IsFloat|types.IsComplex) != 0 {
		return whyFloat
	}
	numbers := true
	for _, v := range operands {
		numbers = numbers && v.kind == vScalar
	}
	if isInteger(t) && numbers {
		return whyOverflow
	}
	return "arithmetic on values smemlint does not track as numbers"
}
