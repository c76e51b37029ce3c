package cudagen

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// mathFuncs are the functions of package math with a CUDA counterpart of
// the same meaning on float64.
var mathFuncs = map[string]string{"Sqrt": "sqrt", "Abs": "fabs", "Floor": "floor", "Ceil": "ceil", "Exp": "exp",
	"Log": "log", "Sin": "sin", "Cos": "cos", "Pow": "pow", "Max": "fmax", "Min": "fmin", "Trunc": "trunc"}

// shuffles are simt's warp shuffles and their CUDA names; the Width forms
// take one more argument.
var shuffles = map[string]string{"ShflSync": "__shfl_sync", "ShflUpSync": "__shfl_up_sync",
	"ShflDownSync": "__shfl_down_sync", "ShflXorSync": "__shfl_xor_sync"}

// atomics are simt's atomics and CUDA's.
var atomics = map[string]string{"AtomicAdd": "atomicAdd", "AtomicSub": "atomicSub", "AtomicMax": "atomicMax",
	"AtomicMin": "atomicMin", "AtomicExch": "atomicExch", "AtomicCAS": "atomicCAS", "AtomicAnd": "atomicAnd",
	"AtomicOr": "atomicOr", "AtomicXor": "atomicXor"}

func (f *fn) call(e *ast.CallExpr) string {
	if tv, ok := f.g.p.Info.Types[e.Fun]; ok && tv.IsType() {
		if len(e.Args) != 1 {
			fail(e, "a conversion without one operand")
		}
		t := f.typeOf(e)
		if v := f.vectorConversion(e, t); v != "" {
			return v
		}
		if _, ok := t.Underlying().(*types.Basic); !ok {
			fail(e, "a conversion to %s", t)
		}
		return fmt.Sprintf("((%s)(%s))", f.g.types.cType(t, e), f.expr(e.Args[0]))
	}
	if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
		if b, ok := f.g.p.Info.Uses[id].(*types.Builtin); ok {
			return f.builtin(b.Name(), e)
		}
	}
	if name := f.simtFunc(e); name != "" {
		return f.simtCall(name, e)
	}
	if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
		if s := f.g.p.Info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			return f.method(sel, e)
		}
	}
	id := calleeIdent(e.Fun)
	if id == nil {
		fail(e, "a call of a function value")
	}
	obj, ok := f.g.p.Info.Uses[id].(*types.Func)
	if !ok {
		fail(e, "a call of %s, which is not a function", id.Name)
	}
	if obj.Pkg() != nil && obj.Pkg().Path() == "math" {
		if c, ok := mathFuncs[obj.Name()]; ok {
			return c + "(" + f.args(e.Args) + ")"
		}
	}
	if obj.Pkg() != f.g.p.Types {
		fail(e, "a call of %s.%s", obj.Pkg().Name(), obj.Name())
	}
	var args []ast.Expr
	bound := map[int]*sharedMember{}
	for i, a := range e.Args {
		if isThread(f.typeOf(a)) {
			continue
		}
		if m := f.sharedArg(obj, i, a); m != nil {
			bound[i] = m
			continue
		}
		args = append(args, a)
	}
	name := f.g.device(obj, e, bound)
	return name + "(" + f.args(args) + ")"
}

func (f *fn) args(as []ast.Expr) string {
	var out []string
	for _, a := range as {
		out = append(out, f.expr(a))
	}
	return strings.Join(out, ", ")
}

func (f *fn) builtin(name string, e *ast.CallExpr) string {
	switch name {
	case "len", "cap":
		x := e.Args[0]
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if m := f.shared[f.objOf(id)]; m != nil && m.dyn {
				return fmt.Sprintf("%dLL", m.n)
			}
		}
		if _, ok := f.typeOf(x).Underlying().(*types.Slice); ok {
			return "(" + f.expr(x) + ").n"
		}
	case "min", "max":
		out := f.expr(e.Args[0])
		for _, a := range e.Args[1:] {
			out = fmt.Sprintf("%s(%s, %s)", name, out, f.expr(a))
		}
		return out
	case "panic":
		return "__trap()"
	}
	fail(e, "the builtin %s", name)
	return ""
}

// method translates the methods of *simt.Thread and *simt.Cluster.
func (f *fn) method(sel *ast.SelectorExpr, e *ast.CallExpr) string {
	recv := f.typeOf(sel.X)
	switch {
	case isThread(recv):
		switch sel.Sel.Name {
		case "SyncThreads":
			return "__syncthreads()"
		case "SyncWarp":
			return "__syncwarp(" + f.expr(e.Args[0]) + ")"
		case "ThreadFence":
			return "__threadfence()"
		case "ThreadFenceBlock":
			return "__threadfence_block()"
		case "LaneID":
			return "(__tid() % warpSize)"
		case "WarpID":
			return "(__tid() / warpSize)"
		case "BallotSync":
			return "__ballot_sync(" + f.args(e.Args) + ")"
		case "AnySync":
			return "((bool)__any_sync(" + f.args(e.Args) + "))"
		case "AllSync":
			return "((bool)__all_sync(" + f.args(e.Args) + "))"
		}
	case isSimt(recv, "Cluster", true):
		switch sel.Sel.Name {
		case "Sync":
			return "cg::this_cluster().sync()"
		case "BlockRank":
			return "((long long)cg::this_cluster().block_rank())"
		case "NumBlocks":
			return "((long long)cg::this_cluster().num_blocks())"
		}
	}
	fail(e, "the method %s of %s", sel.Sel.Name, recv)
	return ""
}

func (f *fn) simtCall(name string, e *ast.CallExpr) string {
	args := e.Args[1:] // every simt function takes the thread first
	if c, ok := shuffles[strings.TrimSuffix(name, "Width")]; ok {
		return c + "(" + f.args(args) + ")"
	}
	if c, ok := atomics[name]; ok {
		return f.atomic(c, e, args)
	}
	switch name {
	case "MapSharedRank", "MapSharedRankSlice":
		return f.mapShared(name, e, args)
	}
	fail(e, "simt.%s", name)
	return ""
}

// atomic translates an atomic; CUDA has no 64-bit signed atomicAdd or
// atomicSub, which become their unsigned forms (the same bits).
func (f *fn) atomic(c string, e *ast.CallExpr, args []ast.Expr) string {
	elem := f.typeOf(args[0]).(*types.Pointer).Elem()
	b, _ := elem.Underlying().(*types.Basic)
	if b == nil {
		fail(e, "an atomic on %s", elem)
	}
	ptr, vals := f.expr(args[0]), args[1:]
	var vs []string
	for _, v := range vals {
		vs = append(vs, f.expr(v))
	}
	float := b.Info()&types.IsFloat != 0
	if c == "atomicSub" {
		if float {
			c, vs[0] = "atomicAdd", "-("+vs[0]+")"
		} else if b.Kind() == types.Int32 || b.Kind() == types.Uint32 {
			// CUDA has atomicSub for 32-bit integers.
		} else {
			c, vs[0] = "atomicAdd", "(0ULL - (unsigned long long)("+vs[0]+"))"
		}
	}
	switch {
	case float && c != "atomicAdd" && c != "atomicExch":
		fail(e, "simt's %s on %s (CUDA has no such atomic)", strings.TrimPrefix(c, "atomic"), b)
	case b.Kind() == types.Int64 || b.Kind() == types.Int:
		if c == "atomicMax" || c == "atomicMin" {
			return fmt.Sprintf("%s((long long*)(%s), %s)", c, ptr, strings.Join(vs, ", "))
		}
		for i := range vs {
			vs[i] = "(unsigned long long)(" + vs[i] + ")"
		}
		return fmt.Sprintf("((long long)%s((unsigned long long*)(%s), %s))", c, ptr, strings.Join(vs, ", "))
	case b.Kind() == types.Uint64 || b.Kind() == types.Uint:
		return fmt.Sprintf("%s((unsigned long long*)(%s), %s)", c, ptr, strings.Join(vs, ", "))
	case b.Kind() == types.Int32 || b.Kind() == types.Uint32 || float:
	default:
		fail(e, "an atomic on %s", b)
	}
	return fmt.Sprintf("%s(%s, %s)", c, ptr, strings.Join(vs, ", "))
}

// mapShared translates MapSharedRank and MapSharedRankSlice of a shared
// array of the kernel.
func (f *fn) mapShared(name string, e *ast.CallExpr, args []ast.Expr) string {
	id, ok := ast.Unparen(args[0]).(*ast.Ident)
	var m *sharedMember
	if ok {
		m = f.shared[f.objOf(id)]
	}
	if m == nil {
		fail(e, "simt.%s of something other than a shared array of the kernel", name)
	}
	rank := f.expr(args[1])
	if m.dyn {
		return fmt.Sprintf("__slice<%s>{cg::this_cluster().map_shared_rank(%s, (unsigned)(%s)), %d}", m.elem, m.name, rank, m.n)
	}
	return fmt.Sprintf("cg::this_cluster().map_shared_rank(&%s, (unsigned)(%s))", m.name, rank)
}

// vectorConversion translates Go's conversions of a slice to an array,
// [N]T(s[i:i+N]), and to a pointer to one, (*[N]T)(s[i:]), into the
// array at the slice's first element: a value the assignment moves in
// one access where it is 8 or 16 bytes (see wide), as simt does. It
// returns "" for other conversions.
func (f *fn) vectorConversion(e *ast.CallExpr, t types.Type) string {
	if _, ok := f.typeOf(e.Args[0]).Underlying().(*types.Slice); !ok {
		return ""
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		return fmt.Sprintf("(*(%s*)((%s).p))", f.g.types.cType(t, e), f.expr(e.Args[0]))
	case *types.Pointer:
		if _, ok := u.Elem().Underlying().(*types.Array); ok {
			return fmt.Sprintf("((%s*)((%s).p))", f.g.types.cType(u.Elem(), e), f.expr(e.Args[0]))
		}
	}
	return ""
}

// vectorOperand returns the slice a vector conversion reads, [N]T(x) or
// *(*[N]T)(x), or nil where e is not one.
func (f *fn) vectorOperand(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if st, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(st.X)
	}
	c, ok := e.(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return nil
	}
	if tv, ok := f.g.p.Info.Types[c.Fun]; !ok || !tv.IsType() {
		return nil
	}
	if _, ok := f.typeOf(c.Args[0]).Underlying().(*types.Slice); !ok {
		return nil
	}
	return c.Args[0]
}

// sharedArg returns the kernel's shared array that argument i of a call
// of obj passes whole, where the callee's parameter can stand for it: a
// parameter that the callee never assigns nor takes the address of. It
// returns nil otherwise (the argument is then passed as a pointer).
func (f *fn) sharedArg(obj *types.Func, i int, a ast.Expr) *sharedMember {
	id, ok := ast.Unparen(a).(*ast.Ident)
	if !ok {
		return nil
	}
	m := f.shared[f.objOf(id)]
	if m == nil {
		return nil
	}
	sig := obj.Type().(*types.Signature)
	if sig.Variadic() || i >= sig.Params().Len() {
		return nil
	}
	p := sig.Params().At(i)
	fd := f.g.funcs[obj]
	if fd == nil || p.Name() == "" || p.Name() == "_" {
		return m // an unnamed parameter: nothing to bind, nothing to pass
	}
	changed := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && f.g.p.Info.Uses[id] == p {
					changed = true
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && f.g.p.Info.Uses[id] == p {
				changed = true
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && f.g.p.Info.Uses[id] == p {
				changed = true
			}
		}
		return !changed
	})
	if changed {
		return nil
	}
	return m
}
