package kernels

import (
	"go/ast"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/model"
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
	fn := in.finder.calleeFunc(x)
	if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == SimtPath {
		return in.simtCall(fn, x)
	}
	if fn != nil && fn.Pkg() == in.pass.Pkg && fn.Signature().Recv() == nil {
		if fd := in.finder.funcs[fn]; fd != nil {
			return in.inline(fn, fd, x)
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
			return in.dataFor(t, varies)
		}
	}
	return none()
}

// conversion evaluates T(x): numbers keep their value; the analysis does
// not model wrap-around.
func (in *interp) conversion(t types.Type, x *ast.CallExpr) value {
	if len(x.Args) != 1 {
		return none()
	}
	v := in.eval(x.Args[0])
	if b, ok := types.Unalias(t).Underlying().(*types.Basic); ok && b.Info()&types.IsNumeric != 0 && v.kind == vScalar {
		return v
	}
	if v.kind == vRef || v.kind == vBool {
		return v
	}
	return in.dataFor(t, in.varies(v))
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
			return scalar(affine.S(in.namedSym("len("+v.ref.arr.Name+")", roleLen, nil)))
		}
		return in.dataFor(types.Typ[types.Int], in.varies(v))
	case "min", "max":
		var acc affine.Expr
		ok := true
		for i, a := range x.Args {
			v := in.eval(a)
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
		return in.dataFor(in.info.TypeOf(x), true)
	}
	varies := false
	for _, a := range x.Args {
		varies = in.varies(in.eval(a)) || varies
	}
	if t := in.info.TypeOf(x); t != nil {
		return in.dataFor(t, varies)
	}
	return none()
}

// inline evaluates a call of a function of this package in the caller's
// context: device functions are analysed in every calling context.
func (in *interp) inline(fn *types.Func, fd *ast.FuncDecl, x *ast.CallExpr) value {
	args := make([]value, len(x.Args))
	for i, a := range x.Args {
		args[i] = in.eval(a)
	}
	recursive := false
	for _, c := range in.inlining {
		recursive = recursive || c == fn
	}
	if recursive || len(in.calls) >= maxCallDepth || fn.Signature().Variadic() || fn.Signature().TypeParams().Len() > 0 {
		return in.opaqueResult(x, args)
	}
	env := map[types.Object]value{}
	i := 0
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			if obj := in.info.Defs[name]; obj != nil && i < len(args) {
				env[obj] = args[i]
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
					env[obj] = in.zero(obj.Type())
					named = append(named, obj)
				}
			}
		}
	}
	savedEnv, savedRets, savedNamed := in.env, in.rets, in.named
	var rets []retValue
	in.env, in.rets, in.named = env, &rets, named
	in.calls = append(in.calls, x.Pos())
	in.inlining = append(in.inlining, fn)
	in.block(fd.Body.List)
	in.calls = in.calls[:len(in.calls)-1]
	in.inlining = in.inlining[:len(in.inlining)-1]
	in.env, in.rets, in.named = savedEnv, savedRets, savedNamed
	return in.results(fn, rets)
}

// results joins the values a function returns on its paths.
func (in *interp) results(fn *types.Func, rets []retValue) value {
	n := fn.Signature().Results().Len()
	in.lastRets = nil
	if n == 0 {
		return none()
	}
	out := make([]value, n)
	for i := 0; i < n; i++ {
		t := fn.Signature().Results().At(i).Type()
		if len(rets) == 0 {
			out[i] = in.dataFor(t, false)
			continue
		}
		v, same, varies := rets[0].at(i), true, false
		for _, r := range rets {
			same = same && equalValues(r.at(i), v)
			varies = varies || in.varies(r.at(i)) || in.predVaries(guardOf(r.ctrl))
		}
		if same {
			out[i] = v
		} else {
			out[i] = in.dataFor(t, varies)
		}
	}
	in.lastRets = out
	return out[0]
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
			return in.dataFor(t, varies)
		}
	}
	return none()
}

// simtCall evaluates a call of the kernel API.
func (in *interp) simtCall(fn *types.Func, x *ast.CallExpr) value {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		sel, _ := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		var r value
		if sel != nil {
			r = in.eval(sel.X)
		}
		return in.method(name, r, x)
	}
	switch name {
	case "Shared":
		return in.sharedArray(x)
	case "DynamicShared":
		return in.dynamicShared(x)
	case "MapSharedRank", "MapSharedRankSlice":
		return in.mapShared(name, x)
	case "ShflSync", "ShflUpSync", "ShflDownSync", "ShflXorSync",
		"ShflSyncWidth", "ShflUpSyncWidth", "ShflDownSyncWidth", "ShflXorSyncWidth":
		return in.shuffle(name, x)
	}
	if len(name) > 6 && name[:6] == "Atomic" && len(x.Args) >= 2 {
		return in.atomic(name, x)
	}
	for _, a := range x.Args {
		in.eval(a)
	}
	return none()
}

func (in *interp) method(name string, recv value, x *ast.CallExpr) value {
	args := make([]value, len(x.Args))
	for i, a := range x.Args {
		args[i] = in.eval(a)
	}
	sync := func(k SyncKind) value {
		s := &Sync{Kind: k, Call: x, Name: name}
		if len(args) > 0 {
			s.Mask = in.intExpr(args[0], true)
		}
		in.recordSync(s)
		return none()
	}
	switch {
	case recv.kind == vCluster && name == "Sync":
		return sync(ClusterSync)
	case recv.kind == vCluster && name == "BlockRank":
		n := max(in.ctx.Shape.Cluster.Threads(), 0)
		return scalar(affine.S(in.namedSym("BlockRank", roleRank, rangeDomain(n))))
	case recv.kind == vCluster && name == "NumBlocks":
		if c := in.ctx.Shape.Cluster; c.Known() {
			return intConst(int64(c.Threads()))
		}
		return scalar(affine.S(in.namedSym("NumBlocks", roleParam, nil)))
	}
	switch name {
	case "SyncThreads":
		return sync(SyncThreads)
	case "SyncWarp":
		return sync(SyncWarp)
	case "ThreadFence", "ThreadFenceBlock":
		return sync(Fence)
	case "LaneID":
		return scalar(affine.Mod(in.linear(), affine.C(model.WarpSize)))
	case "WarpID":
		return scalar(affine.Div(in.linear(), affine.C(model.WarpSize)))
	case "Cluster":
		return value{kind: vCluster}
	case "BallotSync", "AnySync", "AllSync":
		sync(Vote)
		s := affine.S(in.newSym("vote", affine.Thread, symMeta{role: roleData, warp: true}))
		if name == "BallotSync" {
			return scalar(s)
		}
		return boolean(affine.Cmp(affine.NE, s, affine.C(0)))
	}
	return none()
}

// linear returns the thread's linear index within its block.
func (in *interp) linear() affine.Expr {
	b := in.ctx.Shape.Block
	return affine.Add(in.coord(0).e, affine.Add(
		affine.Scale(in.coord(1).e, int64(b.X)),
		affine.Scale(in.coord(2).e, int64(b.X*b.Y))))
}

// typeArg returns the first type argument of a generic call.
func (in *interp) typeArg(x *ast.CallExpr) types.Type {
	fun := ast.Unparen(x.Fun)
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	}
	if id == nil {
		return nil
	}
	inst, ok := in.info.Instances[id]
	if !ok || inst.TypeArgs.Len() == 0 {
		return nil
	}
	return inst.TypeArgs.At(0)
}

func (in *interp) allocShared(size int64) int64 {
	base := (in.nextShared + model.SharedRegionAlign - 1) / model.SharedRegionAlign * model.SharedRegionAlign
	in.nextShared = base + size
	return base
}

func (in *interp) sharedArray(x *ast.CallExpr) value {
	for _, a := range x.Args {
		in.eval(a)
	}
	t := in.typeArg(x)
	if t == nil {
		return none()
	}
	if pad, ok := in.ctx.job.padding[x]; ok {
		t = padded(t, pad)
	}
	arr, ok := in.sharedByCall[x]
	if !ok {
		size := in.sizes.Sizeof(t)
		arr = &Array{Name: in.boundName(x), Space: spaceShared, Type: t, Size: size, Decl: x.Pos(), call: x}
		arr.Base = in.allocShared(size)
		in.ctx.StaticShared += size
		in.sharedByCall[x] = arr
		in.ctx.Arrays = append(in.ctx.Arrays, arr)
	}
	return refValue(&ref{arr: arr, typ: t})
}

func (in *interp) dynamicShared(x *ast.CallExpr) value {
	for _, a := range x.Args {
		in.eval(a)
	}
	elem := in.typeArg(x)
	if elem == nil {
		return none()
	}
	if in.dynamic == nil {
		size := max(in.ctx.Shape.SharedBytes, 0)
		in.dynamic = &Array{Name: in.boundName(x), Space: spaceShared, Type: elem, Size: size, Dynamic: true, Decl: x.Pos()}
		in.dynamic.Base = in.allocShared(size)
		in.ctx.Arrays = append(in.ctx.Arrays, in.dynamic)
	}
	r := &ref{arr: in.dynamic, typ: elem, slice: true}
	if es := in.sizes.Sizeof(elem); in.ctx.Shape.SharedBytes >= 0 && es > 0 {
		r.length, r.hasLen = affine.C(in.ctx.Shape.SharedBytes/es), true
	}
	return refValue(r)
}

// boundName finds the variable a Shared call is assigned to, for messages.
func (in *interp) boundName(x *ast.CallExpr) string {
	name := "shared"
	for _, f := range in.pass.Files {
		if f.Pos() > x.Pos() || x.End() > f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, r := range as.Rhs {
				if r == x && i < len(as.Lhs) {
					if id, ok := as.Lhs[i].(*ast.Ident); ok {
						name = id.Name
					}
				}
			}
			return true
		})
	}
	return name
}

func (in *interp) mapShared(name string, x *ast.CallExpr) value {
	var vals []value
	for _, a := range x.Args {
		vals = append(vals, in.eval(a))
	}
	s := &Sync{Kind: MapShared, Call: x, Name: name}
	if len(vals) == 3 {
		s.Rank = in.intExpr(vals[2], true)
	}
	in.recordSync(s)
	if len(vals) < 2 || vals[1].kind != vRef {
		return none()
	}
	r := *vals[1].ref
	r.remote = true
	return refValue(&r)
}

func (in *interp) shuffle(name string, x *ast.CallExpr) value {
	var vals []value
	for _, a := range x.Args {
		vals = append(vals, in.eval(a))
	}
	s := &Sync{Kind: Shuffle, Call: x, Name: name, Width: affine.C(model.WarpSize)}
	if len(vals) >= 4 {
		s.Mask = in.intExpr(vals[1], true)
		s.Lane = in.intExpr(vals[3], true)
	}
	if len(vals) >= 5 {
		s.Width = in.intExpr(vals[4], true)
	}
	in.recordSync(s)
	return in.dataFor(in.info.TypeOf(x), true)
}

func (in *interp) atomic(name string, x *ast.CallExpr) value {
	p := in.eval(x.Args[1])
	for _, a := range x.Args[2:] {
		in.eval(a)
	}
	if p.kind == vRef && !p.ref.slice {
		in.access(x, p.ref, true, true)
	}
	return in.dataFor(in.info.TypeOf(x), true)
}
