package interp

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// locate returns the memory cell an expression denotes, without loading
// it: x[i] of an array, slice or pointer in memory, x.f of a struct in
// memory, *p.
func (in *interp) locate(e ast.Expr) (*ref, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		base, ok := in.baseRef(x.X)
		idx := in.eval(x.Index)
		if !ok {
			return nil, false
		}
		elem, ok := elemType(base)
		if !ok {
			return nil, false
		}
		size := in.sizes.Sizeof(elem)
		off := affine.Mul(in.intExpr(idx, true), affine.C(size))
		return base.withOffset(off, elem, false), true
	case *ast.SelectorExpr:
		sel, ok := in.info.Selections[x]
		if !ok || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
			return nil, false
		}
		base, ok := in.baseRef(x.X)
		if !ok {
			return nil, false
		}
		st, ok := types.Unalias(base.typ).Underlying().(*types.Struct)
		if !ok || base.slice {
			return nil, false
		}
		fields := make([]*types.Var, st.NumFields())
		for i := range fields {
			fields[i] = st.Field(i)
		}
		offs := in.sizes.Offsetsof(fields)
		i := sel.Index()[0]
		return base.withOffset(affine.C(offs[i]), fields[i].Type(), false), true
	case *ast.StarExpr:
		v := in.eval(x.X)
		if v.kind == vRef && !v.ref.slice {
			return v.ref, true
		}
	}
	return nil, false
}

// baseRef returns what an indexed or selected expression refers to: a
// cell in memory (an array inside an array) or a reference value (a slice,
// a pointer to an array or struct).
func (in *interp) baseRef(e ast.Expr) (*ref, bool) {
	switch ast.Unparen(e).(type) {
	case *ast.IndexExpr, *ast.StarExpr:
		if r, ok := in.locate(e); ok {
			if _, isPtr := types.Unalias(r.typ).Underlying().(*types.Pointer); !isPtr {
				return r, true
			}
			return nil, false
		}
	case *ast.SelectorExpr:
		if sel, ok := in.info.Selections[e.(*ast.SelectorExpr)]; ok && sel.Kind() == types.FieldVal {
			if r, ok := in.locate(e); ok {
				return r, true
			}
		}
	}
	v := in.eval(e)
	if v.kind == vRef {
		return v.ref, true
	}
	return nil, false
}

// elemType returns the type of the elements a reference indexes.
func elemType(r *ref) (types.Type, bool) {
	if r.slice {
		return r.typ, true
	}
	if a, ok := types.Unalias(r.typ).Underlying().(*types.Array); ok {
		return a.Elem(), true
	}
	return nil, false
}

// loadExpr evaluates x[i] or *p for its value.
func (in *interp) loadExpr(e ast.Expr) value {
	r, ok := in.locate(e)
	if !ok {
		// Indexing something that is not memory: a local array, a map,
		// a string. Its element is data.
		if ix, ok := e.(*ast.IndexExpr); ok {
			if v, ok := in.constTable(ix); ok {
				return v
			}
			// A vector copy's elements are data read from memory, varying
			// with the thread when its address did.
			base := in.eval(ix.X)
			why := whyLocal
			if base.kind == vCopy {
				why = whyMemory
			}
			return in.opaque(in.info.TypeOf(e), in.varies(base) || in.varies(in.eval(ix.Index)), why)
		}
		return in.opaque(in.info.TypeOf(e), true, "a value read through a pointer smemlint does not follow")
	}
	return in.load(e, r)
}

// constTable returns the element x[i] of a constant array of the package
// (see front.Finder.ConstTable): every element is one value, known
// whatever the index (locate has evaluated the index already).
func (in *interp) constTable(x *ast.IndexExpr) (value, bool) {
	id, ok := ast.Unparen(x.X).(*ast.Ident)
	if !ok || in.finder == nil {
		return value{}, false
	}
	obj := in.useOf(id)
	if obj == nil || obj.Parent() != obj.Pkg().Scope() {
		return value{}, false
	}
	v, ok := in.finder.ConstTable(obj)
	if !ok {
		return value{}, false
	}
	if b, ok := types.Unalias(in.info.TypeOf(x)).Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
		return boolean(affine.Cmp(affine.NE, affine.C(v), affine.C(0))), true
	}
	return intConst(v), true
}

// load reads the cell r refers to. Reading a whole array copies it (a
// [4]float32 element is one 16-byte access, like float4); indexing an
// array in memory goes through locate and never comes here.
func (in *interp) load(node ast.Expr, r *ref) value {
	switch types.Unalias(r.typ).Underlying().(type) {
	case *types.Slice, *types.Pointer:
		return in.opaque(r.typ, true, whyMemory)
	}
	in.access(node, r, false, false)
	at := in.address(r)
	fixed := in.fixedAt(r, at)
	if fixed {
		if v, ok := in.loadedBefore(r, at); ok {
			return v
		}
	}
	v := in.opaqueFrom(r.typ, r.off.DependsOn(in.ctx.IsThreadSym), whyMemory, r.arr)
	if r.alts == nil {
		in.noteLoaded(v, at)
	}
	if fixed && v.kind != vNone {
		in.inputs = append(in.inputs, inputLoad{arr: r.arr, at: at, typ: r.typ, v: v})
	}
	return v
}

// noteLoaded records, on the symbol that stands for a value just loaded,
// the address it was loaded from (ir.SymMeta.At).
func (in *interp) noteLoaded(v value, at affine.Expr) {
	if v.kind == vRef {
		return
	}
	if syms := v.syms(); len(syms) == 1 && in.ctx.IsData(syms[0]) {
		m := &in.ctx.Meta[syms[0]]
		m.Loaded, m.At = true, at
	}
}

// access records the accesses that reading or writing a value of r's type
// makes, split as model.SplitAccess says; an atomic is one access. Where
// the address is aligned for some threads and not for others, both the
// whole access and its parts are recorded, each under the condition on
// the address that makes a thread take it.
func (in *interp) access(node ast.Expr, r *ref, store, atomic bool) {
	if in.dry > 0 {
		return
	}
	if r.alts != nil {
		if in.accessChoice(node, r, store, atomic) {
			return
		}
		// A reference branches chose: each alternative under its
		// condition.
		for _, a := range r.alts {
			in.ctrl = append(in.ctrl, a.ctrl)
			in.access(node, a.r, store, atomic)
			in.ctrl = in.ctrl[:len(in.ctrl)-1]
		}
		return
	}
	rec := func(r *ref, size int64, where []model.Choice[*ref]) {
		a := &ir.Access{Node: node, Text: in.text(node), Store: store, Atomic: atomic,
			Array: r.arr, Remote: r.remote, Addr: in.address(r), Size: int(size)}
		in.recordWhere(a, where)
	}
	if atomic {
		rec(r, in.sizes.Sizeof(r.typ), nil)
		return
	}
	offset := func(r *ref, by int64, part model.Layout) *ref {
		return r.withOffset(affine.C(by), part.(model.TypesLayout).T, false)
	}
	model.SplitAccess(model.TypesLayout{T: r.typ, Sizes: in.sizes}, r, in.wholeness, offset,
		func(r *ref, size int64, _ int, where []model.Choice[*ref]) { rec(r, size, where) })
}

// wholeness says whether a value of size bytes at r is one access: always
// where every address r can take is a multiple of size, never where none
// can be, else it depends on the thread.
func (in *interp) wholeness(r *ref, size int64) model.Wholeness {
	addr := in.address(r)
	g := size
	for _, t := range addr.Terms {
		g = gcd(g, t.Coef)
	}
	switch {
	case g == size && addr.Const%size == 0:
		return model.Whole
	case addr.Const%g != 0:
		return model.Parts
	}
	return model.Either
}

// recordWhere records a with the conditions on the address that lead to
// it (model.Choice) added to its guard: "the address is a multiple of 16"
// for the whole access, its negation for the parts. Its text says which
// it is, for messages: "s[i:i+4] (at a multiple of 16 bytes)",
// "s[i:i+4] (4 bytes at +8, not at a multiple of 16 bytes)".
func (in *interp) recordWhere(a *ir.Access, where []model.Choice[*ref]) {
	if len(where) == 0 {
		in.record(a)
		return
	}
	depth := len(in.ctrl)
	defer func() { in.ctrl = in.ctrl[:depth] }()
	for _, w := range where {
		rem := affine.Mod(in.address(w.At), affine.C(w.Size))
		text := fmt.Sprintf("the address of %s is a multiple of %d", a.Text, w.Size)
		c := ir.Ctrl{Kind: ir.CtrlIf, Pred: affine.Cmp(affine.EQ, rem, intZero), Pos: a.Node.Pos(), Text: text}
		if !w.Whole {
			c.Kind, c.Pred = ir.CtrlElse, affine.Cmp(affine.NE, rem, intZero)
		}
		in.ctrl = append(in.ctrl, c)
	}
	last := where[len(where)-1]
	if last.Whole {
		a.Text += fmt.Sprintf(" (at a multiple of %d bytes)", last.Size)
	} else {
		off, _ := affine.Sub(a.Addr, in.address(where[0].At)).IsConst()
		a.Text += fmt.Sprintf(" (%d bytes at +%d, not at a multiple of %d bytes)", a.Size, off, last.Size)
	}
	in.record(a)
}

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// address returns the byte address of a reference: the arena offset for
// shared memory, the offset from the slice's 256-byte aligned base for
// global memory.
func (in *interp) address(r *ref) affine.Expr {
	return affine.Add(affine.C(r.arr.Base), r.off)
}

func (in *interp) record(a *ir.Access) {
	if in.dry > 0 {
		return
	}
	in.stamp(a)
	in.seq++
	a.Seq = in.seq
	in.ctx.Accesses = append(in.ctx.Accesses, a)
}

// stamp gives an access the conditions, loops and calls that lead to it,
// and its context; the next access recorded gets its order number.
func (in *interp) stamp(a *ir.Access) {
	a.Ctrl = append([]ir.Ctrl(nil), in.ctrl...)
	a.Loops = append([]*ir.Loop(nil), in.loops...)
	a.Calls = append([]token.Pos(nil), in.calls...)
	a.Ctx = in.ctx
	if in.anchor != nil {
		a.InForeignFile, a.AnchorCall = true, in.anchor
		a.Text += " at " + in.shortPos(a.Node)
	}
	a.Seq = in.seq + 1
}

func (in *interp) recordSync(s *ir.Sync) {
	if in.dry > 0 {
		return
	}
	s.Ctrl = append([]ir.Ctrl(nil), in.ctrl...)
	s.Loops = append([]*ir.Loop(nil), in.loops...)
	s.Calls = append([]token.Pos(nil), in.calls...)
	s.Ctx = in.ctx
	in.seq++
	s.Seq = in.seq
	in.ctx.Syncs = append(in.ctx.Syncs, s)
}

// sliceExpr evaluates x[lo:hi]: a reference moved by lo elements.
func (in *interp) sliceExpr(x *ast.SliceExpr) value {
	base, ok := in.baseRef(x.X)
	lo := intZero
	if x.Low != nil {
		lo = in.intExpr(in.eval(x.Low), true)
	}
	var hi affine.Expr
	if x.High != nil {
		hi = in.intExpr(in.eval(x.High), true)
	}
	if x.Max != nil {
		in.eval(x.Max)
	}
	if !ok {
		return none()
	}
	elem, ok := elemType(base)
	if !ok {
		return none()
	}
	r := base.withOffset(affine.Mul(lo, affine.C(in.sizes.Sizeof(elem))), elem, true)
	switch {
	case x.High != nil:
		r.length, r.hasLen = affine.Sub(hi, lo), true
	case base.slice && base.hasLen:
		r.length, r.hasLen = affine.Sub(base.length, lo), true
	case !base.slice:
		if a, ok := types.Unalias(base.typ).Underlying().(*types.Array); ok {
			r.length, r.hasLen = affine.Sub(affine.C(a.Len()), lo), true
		}
	}
	return refValue(r)
}

var intZero = affine.C(0)

// assign evaluates an assignment: loads on the right in source order, then
// the stores.
func (in *interp) assign(s *ast.AssignStmt) {
	if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
		op := map[token.Token]token.Token{
			token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
			token.QUO_ASSIGN: token.QUO, token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND,
			token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR, token.SHL_ASSIGN: token.SHL,
			token.SHR_ASSIGN: token.SHR, token.AND_NOT_ASSIGN: token.AND_NOT}[s.Tok]
		in.assignOp(s.Lhs[0], op, none(), s)
		return
	}
	var vals []value
	if len(s.Rhs) == len(s.Lhs) {
		for _, r := range s.Rhs {
			vals = append(vals, in.eval(r))
		}
	} else {
		// v, ok := f() and similar: the values are data.
		v := in.eval(s.Rhs[0])
		for _, l := range s.Lhs {
			vals = append(vals, in.opaque(in.info.TypeOf(l), in.varies(v), whyMulti, v))
		}
		if call, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok && len(in.lastRets) == len(s.Lhs) {
			_ = call
			vals = in.lastRets
		}
	}
	for i, l := range s.Lhs {
		in.store(l, vals[i])
	}
}

// assignOp evaluates x op= y and x++: x is loaded before y, then stored.
func (in *interp) assignOp(lhs ast.Expr, op token.Token, rhs value, s ast.Stmt) {
	old := in.eval(lhs)
	if as, ok := s.(*ast.AssignStmt); ok {
		rhs = in.eval(as.Rhs[0])
	}
	var v value
	if isInteger(in.info.TypeOf(lhs)) && old.kind == vScalar && rhs.kind == vScalar && !tooBig(op, old.e, rhs.e) {
		v = scalar(in.arith(op, old.e, rhs.e))
	} else {
		v = in.opaque(in.info.TypeOf(lhs), in.varies(old) || in.varies(rhs), arithWhy(in.info.TypeOf(lhs), old, rhs), old, rhs)
	}
	in.store(lhs, v)
}

// store writes v to an assignable expression: a variable or memory.
func (in *interp) store(lhs ast.Expr, v value) {
	switch x := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		if x.Name == "_" {
			return
		}
		if obj := in.info.ObjectOf(x); obj != nil {
			in.set(obj, v)
		}
		return
	case *ast.SelectorExpr:
		// A field of a tracked struct variable (a copied Dim3).
		if id, ok := x.X.(*ast.Ident); ok {
			if obj := in.info.ObjectOf(id); obj != nil {
				if sv, ok := in.get(obj); ok && sv.kind == vStruct {
					fields := make(map[string]value, len(sv.fields))
					for k, f := range sv.fields {
						fields[k] = f
					}
					fields[x.Sel.Name] = v
					in.set(obj, value{kind: vStruct, fields: fields})
					return
				}
			}
		}
	}
	if r, ok := in.locate(lhs); ok {
		in.access(lhs, r, true, false)
	}
}
