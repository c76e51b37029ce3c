package interp

import (
	"go/ast"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

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
	sync := func(k ir.SyncKind) value {
		s := &ir.Sync{Kind: k, Call: x, Name: name}
		if len(args) > 0 {
			s.Mask = in.intExpr(args[0], true)
		}
		in.recordSync(s)
		return none()
	}
	switch {
	case recv.kind == vCluster && name == "Sync":
		return sync(ir.ClusterSync)
	case recv.kind == vCluster && name == "BlockRank":
		n := max(in.ctx.Shape.Cluster.Threads(), 0)
		return scalar(affine.S(in.namedSym("BlockRank", ir.RoleRank, rangeDomain(n))))
	case recv.kind == vCluster && name == "NumBlocks":
		if c := in.ctx.Shape.Cluster; c.Known() {
			return intConst(int64(c.Threads()))
		}
		return scalar(affine.S(in.namedSym("NumBlocks", ir.RoleParam, nil)))
	}
	switch name {
	case "SyncThreads":
		return sync(ir.SyncThreads)
	case "SyncWarp":
		return sync(ir.SyncWarp)
	case "ThreadFence", "ThreadFenceBlock":
		return sync(ir.Fence)
	case "LaneID":
		return scalar(affine.Mod(in.linear(), affine.C(model.WarpSize)))
	case "WarpID":
		return scalar(affine.Div(in.linear(), affine.C(model.WarpSize)))
	case "Cluster":
		return value{kind: vCluster}
	case "BallotSync", "AnySync", "AllSync":
		sync(ir.Vote)
		s := affine.S(in.newSym("vote", affine.Thread, ir.SymMeta{Role: ir.RoleData, Warp: true}))
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

func (in *interp) sharedArray(x *ast.CallExpr) value {
	for _, a := range x.Args {
		in.eval(a)
	}
	t := in.typeArg(x)
	if t == nil {
		return none()
	}
	if pad, ok := in.padding[x]; ok {
		t = ir.Padded(t, pad)
	}
	arr, ok := in.sharedByCall[x]
	if !ok {
		size := in.sizes.Sizeof(t)
		arr = &ir.Array{Name: in.boundName(x), Space: ir.SpaceShared, Type: t, Size: size, Decl: x.Pos(), Call: x}
		arr.Base = in.arena.Place(size, true)
		in.ctx.StaticShared = in.arena.Static()
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
		in.dynamic = &ir.Array{Name: in.boundName(x), Space: ir.SpaceShared, Type: elem, Size: size, Dynamic: true, Decl: x.Pos()}
		in.dynamic.Base = in.arena.Place(size, false)
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
	path := in.ctx.Path(x.Pos())
	for i, n := range path {
		if n == x && i+1 < len(path) {
			if as, ok := path[i+1].(*ast.AssignStmt); ok {
				for j, r := range as.Rhs {
					if r == x && j < len(as.Lhs) {
						if id, ok := as.Lhs[j].(*ast.Ident); ok {
							return id.Name
						}
					}
				}
			}
		}
	}
	return "shared"
}

func (in *interp) mapShared(name string, x *ast.CallExpr) value {
	var vals []value
	for _, a := range x.Args {
		vals = append(vals, in.eval(a))
	}
	s := &ir.Sync{Kind: ir.MapShared, Call: x, Name: name}
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
	s := &ir.Sync{Kind: ir.Shuffle, Call: x, Name: name, Width: affine.C(model.WarpSize)}
	if len(vals) >= 4 {
		s.Mask = in.intExpr(vals[1], true)
		s.Lane = in.intExpr(vals[3], true)
	}
	if len(vals) >= 5 {
		s.Width = in.intExpr(vals[4], true)
	}
	in.recordSync(s)
	return in.opaque(in.info.TypeOf(x), true, whyShuffle)
}

func (in *interp) atomic(name string, x *ast.CallExpr) value {
	p := in.eval(x.Args[1])
	for _, a := range x.Args[2:] {
		in.eval(a)
	}
	var counter *ir.Array
	if p.kind == vRef && !p.ref.slice {
		in.access(x, p.ref, true, true)
		counter = p.ref.arr
	}
	v := in.opaqueFrom(in.info.TypeOf(x), true, whyAtomic, counter)
	if syms := v.e.Syms(); v.kind == vScalar && len(syms) == 1 && counter != nil {
		in.ctx.Meta[syms[0]].Counter = true
	}
	return v
}
