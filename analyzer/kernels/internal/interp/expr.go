package interp

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/internal/simtapi"
)

func (in *interp) newSym(name string, k affine.Kind, m ir.SymMeta) affine.Sym {
	return in.ctx.NewSym(name, k, m)
}

func (in *interp) varies(v value) bool {
	switch v.kind {
	case vScalar:
		return v.e.DependsOn(in.ctx.IsThreadSym)
	case vBool:
		return in.predVaries(v.cond())
	case vRef:
		for _, a := range v.ref.alts {
			if in.predVaries(a.ctrl.Pred) || in.varies(refValue(a.r)) {
				return true
			}
		}
		return v.ref.off.DependsOn(in.ctx.IsThreadSym)
	case vCopy:
		return v.vary
	case vStruct:
		for _, f := range v.fields {
			if in.varies(f) {
				return true
			}
		}
	}
	return false
}

func (in *interp) predVaries(p affine.Pred) bool { return p.DependsOn(in.ctx.IsThreadSym) }

// eval evaluates an expression for its value, recording the loads it makes.
func (in *interp) eval(e ast.Expr) value {
	if !in.step() {
		in.stoppedAt(e.Pos())
		return none()
	}
	switch x := e.(type) {
	case *ast.Ident:
		// A constant's value, without the expression map (the costliest
		// lookup of the interpretation, and identifiers the commonest
		// expressions).
		if c, ok := in.useOf(x).(*types.Const); ok {
			return constValue(c.Val())
		}
	case *ast.IndexExpr, *ast.StarExpr, *ast.SliceExpr, *ast.CompositeLit, *ast.TypeAssertExpr, *ast.FuncLit:
		// Never constant.
	default:
		if !in.notConstant(e) {
			if tv, ok := in.info.Types[e]; ok && tv.Value != nil {
				return constValue(tv.Value)
			}
		}
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return in.eval(x.X)
	case *ast.Ident:
		return in.lookup(x)
	case *ast.SelectorExpr:
		return in.selector(x)
	case *ast.IndexExpr, *ast.StarExpr:
		return in.loadExpr(x)
	case *ast.SliceExpr:
		return in.sliceExpr(x)
	case *ast.UnaryExpr:
		return in.unary(x)
	case *ast.BinaryExpr:
		return in.binary(x)
	case *ast.CallExpr:
		return in.call(x)
	case *ast.CompositeLit:
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			in.eval(elt)
		}
	case *ast.TypeAssertExpr:
		in.eval(x.X)
		return in.opaque(in.info.TypeOf(x), true, whyAssert)
	}
	return none()
}

// notConstant reports, for some of the expressions that are not
// constant, that they are not: a binary operation with an operand that
// leads with a variable (see leadsWithVar), or a call of a function or
// method. The expression map, which says it of every expression, is a
// large map keyed by interfaces, and its look-up the costliest of an
// evaluation.
func (in *interp) notConstant(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return in.leadsWithVar(x.X) || in.leadsWithVar(x.Y)
	case *ast.CallExpr:
		var id *ast.Ident
		switch f := ast.Unparen(x.Fun).(type) {
		case *ast.Ident:
			id = f
		case *ast.SelectorExpr:
			id = f.Sel
		}
		if id != nil {
			_, isFunc := in.info.Uses[id].(*types.Func)
			return isFunc
		}
		return false
	}
	return in.leadsWithVar(e)
}

// leadsWithVar reports whether the leftmost operand of e, through
// parentheses, unary and binary operations and selectors, is a variable:
// then e is not constant.
func (in *interp) leadsWithVar(e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.BinaryExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.Ident:
			_, ok := in.useOf(x).(*types.Var)
			return ok
		default:
			return false
		}
	}
}

func constValue(v constant.Value) value {
	switch v.Kind() {
	case constant.Int:
		if n, ok := constant.Int64Val(v); ok {
			return intConst(n)
		}
	case constant.Bool:
		if constant.BoolVal(v) {
			return boolean(affine.True)
		}
		return boolean(affine.False)
	case constant.Float:
		if f, exact := constant.Float64Val(v); exact && f == float64(int64(f)) {
			return intConst(int64(f))
		}
	}
	return none()
}

// useOf is info.ObjectOf for an identifier in an expression, which is
// far more often a use than a definition: Uses is looked up first.
func (in *interp) useOf(id *ast.Ident) types.Object {
	if obj := in.info.Uses[id]; obj != nil {
		return obj
	}
	return in.info.Defs[id]
}

func (in *interp) lookup(id *ast.Ident) value {
	obj := in.useOf(id)
	if obj == nil {
		return none()
	}
	if v, ok := in.get(obj); ok {
		return v
	}
	if _, isVar := obj.(*types.Var); isVar {
		// A variable of the enclosing host function captured by a launch
		// closure, or a package-level variable: the same for every thread.
		v := in.hostValue(obj, id.Name)
		in.set(obj, v)
		return v
	}
	return none()
}

// selector evaluates x.f: the thread's built-in variables, fields of
// tracked structs and fields of memory.
func (in *interp) selector(x *ast.SelectorExpr) value {
	sel, ok := in.info.Selections[x]
	if !ok || sel.Kind() != types.FieldVal {
		return none()
	}
	if in.tracked(x.X) {
		base := in.eval(x.X)
		switch base.kind {
		case vThread:
			return in.builtinDim(x.Sel.Name)
		case vStruct:
			if f, ok := base.fields[x.Sel.Name]; ok {
				return f
			}
		}
		return none()
	}
	if r, ok := in.locate(x); ok {
		return in.load(x, r)
	}
	// A field of a struct held in a local variable: not tracked.
	return in.opaque(in.info.TypeOf(x), false, whyField)
}

// tracked reports whether x evaluates to a value the interpreter follows
// field by field: the thread, or a Dim3 such as t.ThreadIdx.
func (in *interp) tracked(x ast.Expr) bool {
	t := in.info.TypeOf(x)
	if t == nil {
		return false
	}
	if simtapi.IsThreadPtr(t) {
		return true
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && simtapi.IsSimtObj(n.Obj(), "Dim3")
}

// builtinDim returns t.ThreadIdx, t.BlockIdx, t.BlockDim or t.GridDim.
func (in *interp) builtinDim(name string) value {
	if v, ok := in.dims[name]; ok {
		return v
	}
	if in.dims == nil {
		in.dims = map[string]value{}
	}
	v := in.makeDim(name)
	in.dims[name] = v
	return v
}

func (in *interp) makeDim(name string) value {
	c := in.ctx
	dim := func(x, y, z value) value {
		return value{kind: vStruct, fields: map[string]value{"X": x, "Y": y, "Z": z}}
	}
	switch name {
	case "ThreadIdx":
		return dim(in.coord(0), in.coord(1), in.coord(2))
	case "BlockDim":
		b := c.Shape.Block
		return dim(intConst(int64(b.X)), intConst(int64(b.Y)), intConst(int64(b.Z)))
	case "BlockIdx":
		return dim(in.blockIdx(0), in.blockIdx(1), in.blockIdx(2))
	case "GridDim":
		return dim(in.gridDim(0), in.gridDim(1), in.gridDim(2))
	}
	return none()
}

// coord returns one component of the thread index: a symbol, or 0 in a
// dimension of size 1.
func (in *interp) coord(i int) value {
	b := in.ctx.Shape.Block
	if [3]int{b.X, b.Y, b.Z}[i] == 1 {
		return intConst(0)
	}
	return scalar(affine.S([3]affine.Sym{in.ctx.Tx, in.ctx.Ty, in.ctx.Tz}[i]))
}

// blockIdx returns the symbol of one component of the block index, made
// once per context; its domain is known when the grid is.
func (in *interp) blockIdx(i int) value {
	name := [3]string{"BlockIdx.X", "BlockIdx.Y", "BlockIdx.Z"}[i]
	g := [3]int{in.ctx.Shape.Grid.X, in.ctx.Shape.Grid.Y, in.ctx.Shape.Grid.Z}[i]
	if g == 1 {
		return intConst(0)
	}
	return scalar(affine.S(in.namedSym(name, ir.RoleBlockIdx, rangeDomain(g))))
}

func (in *interp) gridDim(i int) value {
	g := [3]int{in.ctx.Shape.Grid.X, in.ctx.Shape.Grid.Y, in.ctx.Shape.Grid.Z}[i]
	if g > 0 {
		return intConst(int64(g))
	}
	name := [3]string{"GridDim.X", "GridDim.Y", "GridDim.Z"}[i]
	return scalar(affine.S(in.namedSym(name, ir.RoleGridDim, nil)))
}

// namedSym returns the uniform symbol called name, creating it once.
func (in *interp) namedSym(name string, role ir.Role, domain []int64) affine.Sym {
	for s := 0; s < in.ctx.Syms.Len(); s++ {
		if in.ctx.Syms.Name(affine.Sym(s)) == name && in.ctx.Meta[s].Role == role {
			return affine.Sym(s)
		}
	}
	return in.newSym(name, affine.Uniform, ir.SymMeta{Role: role, Domain: domain})
}

func rangeDomain(n int) []int64 {
	if n <= 0 || n > 1<<16 {
		return nil
	}
	d := make([]int64, n)
	for i := range d {
		d[i] = int64(i)
	}
	return d
}

// intExpr returns v as an expression, or a fresh unknown when it is not a
// number.
func (in *interp) intExpr(v value, varies bool) affine.Expr {
	if v.kind == vScalar {
		return v.e
	}
	return in.opaque(types.Typ[types.Int], varies, "a value that is not a number smemlint tracks", v).e
}

func isInteger(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func (in *interp) unary(x *ast.UnaryExpr) value {
	switch x.Op {
	case token.AND:
		if r, ok := in.locate(x.X); ok {
			return refValue(r)
		}
		in.eval(x.X)
		return none()
	case token.NOT:
		return boolean(affine.NotP(in.cond(x.X)))
	}
	v := in.eval(x.X)
	if v.kind != vScalar {
		return in.opaque(in.info.TypeOf(x), in.varies(v), arithWhy(in.info.TypeOf(x), v), v)
	}
	switch x.Op {
	case token.SUB:
		return scalar(affine.Neg(v.e))
	case token.ADD:
		return v
	case token.XOR:
		if isInteger(in.info.TypeOf(x)) {
			return scalar(affine.Sub(affine.C(-1), v.e))
		}
	}
	return in.opaque(in.info.TypeOf(x), in.varies(v), arithWhy(in.info.TypeOf(x), v), v)
}

func (in *interp) binary(x *ast.BinaryExpr) value {
	switch x.Op {
	case token.LAND, token.LOR, token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return boolean(in.cond(x))
	}
	a, b := in.eval(x.X), in.eval(x.Y)
	t := in.info.TypeOf(x)
	if !isInteger(t) || a.kind != vScalar || b.kind != vScalar || tooBig(x.Op, a.e, b.e) {
		// Floating-point arithmetic yields data: only its variation matters.
		// So do integer expressions that would grow without bound.
		return in.opaque(t, in.varies(a) || in.varies(b), arithWhy(t, a, b), a, b)
	}
	if v, ok := in.unsignedOp(t, x.Op, a.e, b.e); ok {
		return v
	}
	return scalar(in.wrapNarrow(t, in.arith(x.Op, a.e, b.e)))
}

// arith is the package-level arith, except that division, remainder,
// shifts and masks by constants take the multiples of the divisor out of
// a non-negative dividend: (512*BlockIdx.X + tx)/32 is 16*BlockIdx.X +
// tx/32, whose warp-uniformity and lane pattern are then plain to see.
func (in *interp) arith(op token.Token, a, b affine.Expr) affine.Expr {
	d, ok := b.IsConst()
	switch {
	case !ok || !affine.NonNegative(a, in.ctx.NonNeg):
		// Truncation, floor (>>) and masks differ on negative values.
	case op == token.QUO && d > 0:
		return affine.DivNonNeg(a, d, in.ctx.NonNeg)
	case op == token.REM && d > 0:
		return affine.ModNonNeg(a, d, in.ctx.NonNeg)
	case op == token.SHR && d >= 0 && d < 62:
		return affine.DivNonNeg(a, 1<<d, in.ctx.NonNeg)
	case op == token.AND && d > 0 && d&(d+1) == 0:
		// x & (2^k-1) is x % 2^k for x >= 0.
		if r := affine.ModNonNeg(a, d+1, in.ctx.NonNeg); !isAtom(r, affine.OpMod) {
			return r
		}
	}
	return arith(op, a, b)
}

// isAtom reports whether e is exactly one atom of op.
func isAtom(e affine.Expr, op affine.Op) bool {
	return e.Const == 0 && len(e.Terms) == 1 && e.Terms[0].Coef == 1 && e.Terms[0].Atom.Op == op
}

// arith applies an integer operator to expressions.
func arith(op token.Token, a, b affine.Expr) affine.Expr {
	switch op {
	case token.ADD:
		return affine.Add(a, b)
	case token.SUB:
		return affine.Sub(a, b)
	case token.MUL:
		return affine.Mul(a, b)
	case token.QUO:
		return affine.Div(a, b)
	case token.REM:
		return affine.Mod(a, b)
	case token.SHL:
		return affine.Shl(a, b)
	case token.SHR:
		return affine.Shr(a, b)
	case token.AND:
		return affine.And(a, b)
	case token.OR:
		return affine.Or(a, b)
	case token.XOR:
		return affine.Xor(a, b)
	case token.AND_NOT:
		return affine.AndNot(a, b)
	}
	return affine.Expr{}
}

// cond evaluates a boolean expression as a predicate over symbols.
func (in *interp) cond(e ast.Expr) affine.Pred {
	if tv, ok := in.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		if constant.BoolVal(tv.Value) {
			return affine.True
		}
		return affine.False
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND:
			return affine.AndP(in.cond(x.X), in.cond(x.Y))
		case token.LOR:
			return affine.OrP(in.cond(x.X), in.cond(x.Y))
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			a, b := in.eval(x.X), in.eval(x.Y)
			if p, ok := in.compareUnsigned(x.Op, a, b, in.info.TypeOf(x.X)); ok {
				return p
			}
			return in.compare(x.Op, a, b)
		}
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return affine.NotP(in.cond(x.X))
		}
	}
	v := in.eval(e)
	if v.kind == vBool {
		return v.cond()
	}
	return in.opaque(types.Typ[types.Bool], in.varies(v), "a condition smemlint does not evaluate", v).cond()
}

// compare builds a comparison; values that are not numbers (floats are,
// as data) give an unknown condition.
func (in *interp) compare(op token.Token, a, b value) affine.Pred {
	if a.kind != vScalar || b.kind != vScalar {
		return in.opaque(types.Typ[types.Bool], in.varies(a) || in.varies(b), "a comparison of values smemlint does not track as numbers", a, b).cond()
	}
	cmp := map[token.Token]affine.CmpOp{token.EQL: affine.EQ, token.NEQ: affine.NE, token.LSS: affine.LT,
		token.LEQ: affine.LE, token.GTR: affine.GT, token.GEQ: affine.GE}[op]
	return affine.Cmp(cmp, a.e, b.e)
}

// maxExprSize bounds the atoms of an expression the interpreter builds; a
// product of two sums has as many atoms as the product of their sizes.
const maxExprSize = 256

func tooBig(op token.Token, a, b affine.Expr) bool {
	sa, sb := a.Size(maxExprSize), b.Size(maxExprSize)
	if op == token.MUL {
		return sa*sb > maxExprSize
	}
	return sa+sb > maxExprSize
}
