package interp

import (
	"go/token"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// Loads of one input value. Two loads of a global array at an address
// that names nothing but constants and the launch's values (in[0],
// in[n-1]) read the same value, at any time and in any thread, where
// nothing in the kernel stores to the array: the second is given the
// first's symbol, so that conditions on it are compared as conditions on
// one value (in[0] > 5 and, later, in[0] < 3 never both hold). Whether
// the kernel stores to the array is known only at the end: where it does,
// the kernel is evaluated again without sharing that array's loads.

// inputLoad is a value loaded at a fixed address.
type inputLoad struct {
	arr  *ir.Array
	at   affine.Expr
	typ  types.Type
	v    value
	used bool // a second load took it
}

// fixedAt reports whether a global load at address at reads one value
// for every thread, block and iteration (where nothing stores to it).
func (in *interp) fixedAt(r *ref, at affine.Expr) bool {
	if r.alts != nil || r.arr.IsShared() || r.remote || in.unshared[r.arr.Decl] {
		return false
	}
	for _, s := range at.Syms() {
		switch in.ctx.Meta[s].Role {
		case ir.RoleParam, ir.RoleLen, ir.RoleGridDim:
		default:
			return false
		}
	}
	return true
}

// loadedBefore returns the value an earlier load of the same fixed
// address read, if any.
func (in *interp) loadedBefore(r *ref, at affine.Expr) (value, bool) {
	for i := range in.inputs {
		l := &in.inputs[i]
		if l.arr == r.arr && affine.Equal(l.at, at) && types.Identical(l.typ, r.typ) {
			l.used = true
			return l.v, true
		}
	}
	return value{}, false
}

// storedInputs returns the declarations of the arrays whose loads were
// shared and that the kernel stores to after all.
func (in *interp) storedInputs() map[token.Pos]bool {
	var out map[token.Pos]bool
	for _, l := range in.inputs {
		if !l.used {
			continue
		}
		for _, a := range in.ctx.Accesses {
			if a.Array == l.arr && (a.Store || a.Atomic) {
				if out == nil {
					out = map[token.Pos]bool{}
				}
				out[l.arr.Decl] = true
				break
			}
		}
	}
	return out
}
