package interp

import (
	"go/ast"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// piece is one access that reading or writing a value makes: its cell
// and width.
type piece struct {
	r    *ref
	size int64
}

// accessChoice records an access through a reference that branches chose
// among shared arrays by a condition that varies between threads. The
// lanes of one warp may then take different alternatives, and the
// hardware serves the warp's instruction as one request over all their
// addresses, whichever array each names (model.SharedCost prices the
// union). Each alternative is recorded under its condition as any access
// (races, bounds and messages name its array), with Request set to the
// access that prices the instruction: the address chosen among the
// alternatives' by their conditions (affine.Select), under the
// conditions common to them; where that choice cannot be written (the
// lanes choose by data), the alternatives' addresses (Request.Alts), for
// a bound over every choice. It records nothing and returns false where
// this does not apply: an atomic, a global or remote alternative, a
// condition the same for every thread (each alternative is then a
// request of whole warps), or a width that depends on alignment.
func (in *interp) accessChoice(node ast.Expr, r *ref, store, atomic bool) bool {
	if atomic || !in.choiceVaries(r) {
		return false
	}
	var parts [][]piece
	for _, a := range r.alts {
		if !a.r.arr.IsShared() || a.r.remote {
			return false
		}
		ps, ok := in.pieces(a.r)
		if !ok || len(parts) > 0 && !sameWidths(ps, parts[0]) {
			return false
		}
		parts = append(parts, ps)
	}
	reqs := make([]*ir.Access, len(parts[0]))
	for k := range reqs {
		u := &ir.Access{Node: node, Text: in.text(node), Store: store, Array: parts[0][k].r.arr,
			Size: int(parts[0][k].size)}
		addr, ok := in.address(parts[len(parts)-1][k].r), true
		for i := len(parts) - 2; i >= 0 && ok; i-- {
			addr, ok = in.selectExpr(r.alts[i].ctrl.Pred, in.address(parts[i][k].r), addr)
		}
		u.Addr = addr
		// A choice by data written as arithmetic (in[tid]%2 == 0) is an
		// address on data, which nothing can evaluate: bounded likewise.
		ok = ok && !in.onData(addr)
		if !ok {
			// Each lane takes one of the alternatives' addresses: the
			// request is bounded over every choice where they are known.
			u.Unpriced = in.choiceWhy(r)
			for i := range parts {
				u.Alts = append(u.Alts, in.address(parts[i][k].r))
			}
			u.Addr = u.Alts[0]
		}
		in.stamp(u)
		reqs[k] = u
	}
	for i, a := range r.alts {
		in.ctrl = append(in.ctrl, a.ctrl)
		for k, p := range parts[i] {
			in.record(&ir.Access{Node: node, Text: in.text(node), Store: store, Array: p.r.arr,
				Addr: in.address(p.r), Size: int(p.size), Request: reqs[k]})
		}
		in.ctrl = in.ctrl[:len(in.ctrl)-1]
	}
	return true
}

// choiceWhy says why the address a warp's lanes choose among shared
// arrays is not known: the condition that chooses is on data, or the
// addresses or the condition cannot be written as one arithmetic
// expression (a division by an unknown).
func (in *interp) choiceWhy(r *ref) string {
	for _, a := range r.alts {
		if w, _ := in.dataWhy(a.ctrl.Pred.Syms()); w != "" {
			return "the lanes of a warp choose between shared arrays by " + w
		}
	}
	return "the lanes of a warp choose between shared arrays, and smemlint cannot write the address each lane takes as arithmetic"
}

// onData reports whether x depends on data read from memory.
func (in *interp) onData(x affine.Expr) bool {
	w, _ := in.dataWhy(x.Syms())
	return w != ""
}

// choiceVaries reports whether the condition of a choice between
// references varies between threads.
func (in *interp) choiceVaries(r *ref) bool {
	for _, a := range r.alts {
		if in.predVaries(a.ctrl.Pred) {
			return true
		}
	}
	return false
}

// pieces returns the accesses reading or writing a value at r makes, as
// access records them (model.SplitAccess), and false where one depends on
// the alignment of the address.
func (in *interp) pieces(r *ref) ([]piece, bool) {
	var out []piece
	ok := true
	offset := func(r *ref, by int64, part model.Layout) *ref {
		return r.withOffset(affine.C(by), part.(model.TypesLayout).T, false)
	}
	model.SplitAccess(model.TypesLayout{T: r.typ, Sizes: in.sizes}, r, in.wholeness, offset,
		func(r *ref, size int64, _ int, where []model.Choice[*ref]) {
			ok = ok && len(where) == 0
			out = append(out, piece{r, size})
		})
	return out, ok
}

func sameWidths(a, b []piece) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].size != b[i].size {
			return false
		}
	}
	return true
}
