package interp

import (
	"go/ast"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/internal/simtapi"
	"golang.org/x/tools/go/types/typeutil"
)

func (in *interp) call(x *ast.CallExpr) value {
	if tv, ok := in.info.Types[x.Fun]; ok && tv.IsType() {
		return in.conversion(tv.Type, x)
	}
	if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
		if b, ok := in.info.Uses[id].(*types.Builtin); ok {
			return in.builtin(b.Name(), x)
		}
	}
	fn := in.callee(x)
	if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == simtapi.SimtPath {
		return in.simtCall(fn, x)
	}
	if fn != nil && fn.Signature().Recv() == nil {
		if fd, info, local, ok := in.declOf(fn); ok {
			return in.inlineWith(info, local, fd, x)
		}
	}
	varies := false
	if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
		if s, ok := in.info.Selections[sel]; ok && s.Kind() == types.MethodVal {
			varies = in.varies(in.eval(sel.X))
		}
	}
	for _, a := range x.Args {
		varies = in.varies(in.eval(a)) || varies
	}
	if t := in.info.TypeOf(x); t != nil {
		if _, isTuple := t.(*types.Tuple); !isTuple {
			return in.opaque(t, varies, "the result of "+in.text(x.Fun)+", which smemlint does not evaluate")
		}
	}
	return none()
}

// conversion evaluates T(x): numbers keep their value, but for an unsigned
// type narrower than 64 bits, which wraps around where the value may
// leave its range (see wrapNarrow). A slice converted to an array or an array
// pointer is Go's vector access (CUDA's float4): see vectorConversion.
func (in *interp) conversion(t types.Type, x *ast.CallExpr) value {
	if len(x.Args) != 1 {
		return none()
	}
	v := in.eval(x.Args[0])
	if v.kind == vRef && v.ref.slice {
		if out, ok := in.vectorConversion(t, x, v.ref); ok {
			return out
		}
	}
	if b, ok := types.Unalias(t).Underlying().(*types.Basic); ok && b.Info()&types.IsNumeric != 0 && v.kind == vScalar {
		return scalar(in.wrapNarrow(t, v.e))
	}
	if v.kind == vRef || v.kind == vBool {
		return v
	}
	return in.opaque(t, in.varies(v), whyConvert, v)
}

// vectorConversion evaluates [N]E(s) and (*[N]E)(s) of a slice s in
// memory. The first copies the elements into the thread's registers: one
// load of the whole array, split as model.SplitAccess says (16 aligned
// bytes are one access, like float4), after which indexing the copy reads
// no memory. The second is a pointer to the array at s's first element:
// dereferencing it is that same whole access, indexing it one element.
func (in *interp) vectorConversion(t types.Type, x *ast.CallExpr, s *ref) (value, bool) {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Array:
		if !types.Identical(u.Elem(), s.typ) {
			return value{}, false
		}
		in.access(x, s.withOffset(intZero, t, false), false, false)
		return value{kind: vCopy, vary: s.off.DependsOn(in.ctx.IsThreadSym)}, true
	case *types.Pointer:
		a, ok := types.Unalias(u.Elem()).Underlying().(*types.Array)
		if !ok || !types.Identical(a.Elem(), s.typ) {
			return value{}, false
		}
		return refValue(s.withOffset(intZero, u.Elem(), false)), true
	}
	return value{}, false
}

func (in *interp) builtin(name string, x *ast.CallExpr) value {
	switch name {
	case "len", "cap":
		if len(x.Args) != 1 {
			break
		}
		v := in.eval(x.Args[0])
		if v.kind == vRef && v.ref.slice {
			if v.ref.hasLen {
				return scalar(v.ref.length)
			}
			if v.ref.alts != nil {
				return in.opaque(types.Typ[types.Int], in.varies(v), whyChoice)
			}
			return scalar(affine.S(in.namedSym("len("+v.ref.arr.Name+")", ir.RoleLen, nil)))
		}
		return in.opaque(types.Typ[types.Int], in.varies(v), whyBuiltin, v)
	case "min", "max":
		var acc affine.Expr
		ok := true
		var vals []value
		for i, a := range x.Args {
			v := in.eval(a)
			vals = append(vals, v)
			if v.kind != vScalar || !isInteger(in.info.TypeOf(a)) {
				ok = false
				continue
			}
			switch {
			case i == 0:
				acc = v.e
			case name == "min":
				acc = affine.Min(acc, v.e)
			default:
				acc = affine.Max(acc, v.e)
			}
		}
		if ok && len(x.Args) > 0 {
			return scalar(acc)
		}
		return in.opaque(in.info.TypeOf(x), true, arithWhy(in.info.TypeOf(x), vals...), vals...)
	}
	varies := false
	var vals []value
	for _, a := range x.Args {
		v := in.eval(a)
		vals = append(vals, v)
		varies = in.varies(v) || varies
	}
	if t := in.info.TypeOf(x); t != nil {
		return in.opaque(t, varies, whyBuiltin, vals...)
	}
	return none()
}

// callee returns the function or concrete method a call statically
// calls, resolved in the type information of the code being evaluated.
func (in *interp) callee(call *ast.CallExpr) *types.Func {
	return typeutil.StaticCallee(in.info, call)
}

// declOf finds the declaration of a function to evaluate in place: one of
// this package, or of an imported package that uses the kernel API.
func (in *interp) declOf(fn *types.Func) (*ast.FuncDecl, *types.Info, *types.Func, bool) {
	if fn.Pkg() == in.pass.Pkg {
		fd, ok := in.finder.Func(fn)
		return fd, in.pass.TypesInfo, fn, ok
	}
	return in.finder.ForeignDecl(fn)
}

// inlineWith evaluates a call with the type information of the callee's
// package, marking what it records as foreign when that is not this one.
func (in *interp) inlineWith(info *types.Info, fn *types.Func, fd *ast.FuncDecl, x *ast.CallExpr) value {
	if info == in.info {
		return in.inline(fn, fd, x)
	}
	// Arguments belong to the caller's code: evaluate them first.
	args := make([]value, len(x.Args))
	for i, a := range x.Args {
		args[i] = in.eval(a)
	}
	savedInfo, savedAnchor := in.info, in.anchor
	if in.anchor == nil {
		in.anchor = x
	}
	in.info = info
	defer func() { in.info, in.anchor = savedInfo, savedAnchor }()
	return in.inlineArgs(fn, fd, x, args)
}

// inline evaluates a call of a function of this package in the caller's
// context: device functions are analysed in every calling context.
func (in *interp) inline(fn *types.Func, fd *ast.FuncDecl, x *ast.CallExpr) value {
	args := make([]value, len(x.Args))
	for i, a := range x.Args {
		args[i] = in.eval(a)
	}
	return in.inlineArgs(fn, fd, x, args)
}

func (in *interp) inlineArgs(fn *types.Func, fd *ast.FuncDecl, x *ast.CallExpr, args []value) value {
	recursive := false
	for _, c := range in.inlining {
		recursive = recursive || c == fn
	}
	if recursive || len(in.calls) >= maxCallDepth || fn.Signature().Variadic() || fn.Signature().TypeParams().Len() > 0 {
		return in.opaqueResult(x, args)
	}
	env := in.spareEnv()
	i := 0
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			if obj := in.info.Defs[name]; obj != nil && i < len(args) {
				in.setIn(env, obj, args[i])
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	var named []types.Object
	if fd.Type.Results != nil {
		for _, field := range fd.Type.Results.List {
			for _, name := range field.Names {
				if obj := in.info.Defs[name]; obj != nil {
					in.setIn(env, obj, in.zero(obj.Type()))
					named = append(named, obj)
				}
			}
		}
	}
	savedEnv, savedRets, savedNamed, savedBody := in.env, in.rets, in.named, in.body
	base := len(in.ctrl)
	var rets []retValue
	in.env, in.rets, in.named, in.body = env, &rets, named, fd.Body
	in.calls = append(in.calls, x.Pos())
	in.inlining = append(in.inlining, fn)
	in.block(fd.Body.List)
	in.calls = in.calls[:len(in.calls)-1]
	in.inlining = in.inlining[:len(in.inlining)-1]
	in.recycleEnv(in.env)
	in.env, in.rets, in.named, in.body = savedEnv, savedRets, savedNamed, savedBody
	return in.results(fn, rets, base)
}

// maxSpareEnvs bounds the environments kept for reuse, and maxSpareVars
// the variables of one: a larger environment is left to the collector.
const (
	maxSpareEnvs = 8
	maxSpareVars = 32
)

// spareEnv returns an empty environment for a device function's call,
// one a call before left (see recycleEnv) when there is one: a kernel
// that calls small functions many times then allocates their
// environments once.
func (in *interp) spareEnv() *env {
	if n := len(in.spare); n > 0 {
		env := in.spare[n-1]
		in.spare = in.spare[:n-1]
		return env
	}
	return newEnv()
}

// recycleEnv keeps env, the environment a call ended with, for another
// call. Nothing refers to it once the call has returned: the statements
// that set the environment aside (branches, loops, replays, calls)
// restore it before they end, and values hold no environment.
func (in *interp) recycleEnv(env *env) {
	if len(in.spare) < maxSpareEnvs && env.count() <= maxSpareVars {
		env.reset()
		in.spare = append(in.spare, env)
	}
}

// results joins the values a function returns on its paths. A value
// returned on the only path is the result; a condition returned on
// several is the condition that some path is taken and returns true: the
// paths' own conditions (from base on in their ctrl, the callee's) are
// exclusive, each later return holding only where no earlier one left.
func (in *interp) results(fn *types.Func, rets []retValue, base int) value {
	n := fn.Signature().Results().Len()
	in.lastRets = nil
	if n == 0 {
		return none()
	}
	out := make([]value, n)
	for i := 0; i < n; i++ {
		t := fn.Signature().Results().At(i).Type()
		if len(rets) == 0 {
			out[i] = in.opaque(t, false, "the result of "+fn.Name()+", which returns on no path smemlint follows")
			continue
		}
		v, same, varies := rets[0].at(i), true, false
		for j, r := range rets {
			same = same && (j == 0 || equalValues(r.at(i), v))
			varies = varies || in.varies(r.at(i)) || in.predVaries(ir.GuardOf(r.ctrl))
		}
		if p, ok := joinConds(rets, i, base); ok && !same {
			out[i] = boolean(p)
			continue
		}
		if same {
			out[i] = v
		} else {
			out[i] = in.opaque(t, varies, "the result of "+fn.Name()+", which returns different values on different paths")
		}
	}
	in.lastRets = out
	return out[0]
}

// joinConds joins the conditions returned in position i on every path:
// the disjunction of each path's condition inside the callee and its
// value. False when a value is not a condition or a path's condition is
// not known (a dry run records none, and a loop's condition names the
// loop's own values).
func joinConds(rets []retValue, i, base int) (affine.Pred, bool) {
	out := affine.False
	for _, r := range rets {
		v := r.at(i)
		if v.kind != vBool || !r.hasCtrl || len(r.ctrl) < base {
			return affine.Pred{}, false
		}
		p := v.cond()
		for _, c := range r.ctrl[base:] {
			switch c.Kind {
			case ir.CtrlIf, ir.CtrlElse, ir.CtrlExit:
				p = affine.AndP(c.Pred, p)
			default:
				return affine.Pred{}, false
			}
		}
		out = affine.OrP(out, p)
	}
	return out, true
}

func (r retValue) at(i int) value {
	if i < len(r.vals) {
		return r.vals[i]
	}
	return none()
}

func (in *interp) opaqueResult(x *ast.CallExpr, args []value) value {
	varies := false
	for _, a := range args {
		varies = varies || in.varies(a)
	}
	if t := in.info.TypeOf(x); t != nil {
		if _, isTuple := t.(*types.Tuple); !isTuple {
			return in.opaque(t, varies, "the result of "+in.text(x.Fun)+
				", which smemlint does not evaluate (a recursive, variadic or generic function, or calls nested too deep)")
		}
	}
	return none()
}
