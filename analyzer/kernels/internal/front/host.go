package front

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/internal/simtapi"
	"golang.org/x/tools/go/analysis"
)

// HostScope evaluates host code around a launch: constants and
// constant-valued variables (assigned once, from a constant expression, and
// never through a pointer).
type HostScope struct {
	pass      *analysis.Pass
	writes    map[types.Object]int
	init      map[types.Object]ast.Expr
	addrTaken map[types.Object]bool
	visiting  map[types.Object]bool
}

func NewHostScope(pass *analysis.Pass, body *ast.BlockStmt) *HostScope {
	h := &HostScope{pass: pass,
		writes: map[types.Object]int{}, init: map[types.Object]ast.Expr{},
		addrTaken: map[types.Object]bool{}, visiting: map[types.Object]bool{}}
	if body == nil {
		return h
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				obj := h.rootObj(lhs)
				if obj == nil {
					continue
				}
				h.writes[obj]++
				if len(n.Lhs) == len(n.Rhs) && n.Tok == token.DEFINE || n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
					if _, isIdent := lhs.(*ast.Ident); isIdent {
						h.init[obj] = n.Rhs[i]
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				obj := pass.TypesInfo.Defs[name]
				if obj == nil {
					continue
				}
				h.writes[obj]++
				if i < len(n.Values) {
					h.init[obj] = n.Values[i]
				}
			}
		case *ast.IncDecStmt:
			if obj := h.rootObj(n.X); obj != nil {
				h.writes[obj] += 2
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if obj := h.rootObj(n.X); obj != nil {
					h.addrTaken[obj] = true
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if obj := h.rootObj(e); obj != nil {
					h.writes[obj] += 2
				}
			}
		}
		return true
	})
	return h
}

// rootObj returns the variable at the root of x, x.f, x[i].
func (h *HostScope) rootObj(e ast.Expr) types.Object { return rootVar(h.pass.TypesInfo, e) }

// rootVar returns the variable at the root of x, x.f, x[i], (x), *x: the
// one a write through that expression may change (nil when the root is
// not a variable).
func rootVar(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			if obj, ok := info.ObjectOf(x).(*types.Var); ok {
				return obj
			}
			return nil
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// constInit returns the initialiser of a constant-valued variable.
func (h *HostScope) constInit(obj types.Object) (ast.Expr, bool) {
	if h == nil || obj == nil || h.writes[obj] != 1 || h.addrTaken[obj] {
		return nil, false
	}
	e, ok := h.init[obj]
	return e, ok
}

// intValue evaluates an integer expression of host code.
func (h *HostScope) intValue(e ast.Expr) (int64, bool) {
	if h == nil {
		return 0, false
	}
	if tv, ok := h.pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		if v, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok {
			return v, true
		}
		return 0, false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return h.ObjInt(h.pass.TypesInfo.ObjectOf(x))
	case *ast.BinaryExpr:
		a, ok1 := h.intValue(x.X)
		b, ok2 := h.intValue(x.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		return foldInt(x.Op, a, b)
	case *ast.CallExpr:
		// Conversions: int(n), int32(n).
		if tv, ok := h.pass.TypesInfo.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return h.intValue(x.Args[0])
		}
		if id, ok := x.Fun.(*ast.Ident); ok && len(x.Args) == 1 && id.Name == "len" {
			return h.lenOf(x.Args[0])
		}
	}
	return 0, false
}

// objInt returns the value of a constant-valued integer variable.
func (h *HostScope) ObjInt(obj types.Object) (int64, bool) {
	init, ok := h.constInit(obj)
	if !ok || h.visiting[obj] {
		return 0, false
	}
	if b, ok := obj.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return 0, false
	}
	h.visiting[obj] = true
	defer delete(h.visiting, obj)
	return h.intValue(init)
}

// lenOf returns the length of a host slice made by simt.Malloc or make
// with a constant length.
func (h *HostScope) lenOf(e ast.Expr) (int64, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return 0, false
	}
	return h.ObjLen(h.pass.TypesInfo.ObjectOf(id))
}

// objLen is lenOf for a variable.
func (h *HostScope) ObjLen(obj types.Object) (int64, bool) {
	if h == nil {
		return 0, false
	}
	init, ok := h.constInit(obj)
	if !ok {
		return 0, false
	}
	call, ok := ast.Unparen(init).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return 0, false
	}
	fun := ast.Unparen(call.Fun)
	if ix, ok := fun.(*ast.IndexExpr); ok {
		fun = ix.X
	}
	var name string
	switch f := fun.(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		if !simtapi.IsSimtObj(h.pass.TypesInfo.Uses[f.Sel], "Malloc") {
			return 0, false
		}
		return h.intValue(call.Args[0])
	}
	if name == "make" && len(call.Args) >= 2 {
		return h.intValue(call.Args[1])
	}
	return 0, false
}

func foldInt(op token.Token, a, b int64) (int64, bool) {
	switch op {
	case token.ADD:
		return a + b, true
	case token.SUB:
		return a - b, true
	case token.MUL:
		return a * b, true
	case token.QUO:
		if b == 0 {
			return 0, false
		}
		return a / b, true
	case token.REM:
		if b == 0 {
			return 0, false
		}
		return a % b, true
	case token.SHL:
		if b < 0 || b > 62 {
			return 0, false
		}
		return a << b, true
	case token.SHR:
		if b < 0 || b > 62 {
			return 0, false
		}
		return a >> b, true
	case token.AND:
		return a & b, true
	case token.OR:
		return a | b, true
	case token.XOR:
		return a ^ b, true
	}
	return 0, false
}

// launchShape evaluates the simt.Config argument of a launch.
func (h *HostScope) launchShape(e ast.Expr) (ir.Shape, string, bool) {
	s := ir.Shape{SharedBytes: 0}
	lit := h.configLit(e)
	if lit == nil {
		return s, "", false
	}
	arch := ""
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return s, "", false
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		switch key.Name {
		case "Grid":
			s.Grid = h.dim(kv.Value)
		case "Block":
			s.Block = h.dim(kv.Value)
		case "Cluster":
			s.Cluster = h.dim(kv.Value)
		case "SharedBytes":
			if v, ok := h.intValue(kv.Value); ok {
				s.SharedBytes = v
			} else {
				s.SharedBytes = -1
			}
		case "Arch":
			if tv, ok := h.pass.TypesInfo.Types[kv.Value]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				arch = constant.StringVal(tv.Value)
			}
		}
	}
	return s, arch, s.Block.Known()
}

func (h *HostScope) configLit(e ast.Expr) *ast.CompositeLit {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return x
	case *ast.Ident:
		if init, ok := h.constInit(h.pass.TypesInfo.ObjectOf(x)); ok {
			return h.configLit(init)
		}
	}
	return nil
}

// dim evaluates a simt.Dim3 value; unknown components are 0 and omitted
// Y and Z are 1, as in CUDA.
func (h *HostScope) dim(e ast.Expr) ir.Dim {
	d := ir.Dim{X: 0, Y: 1, Z: 1}
	var lit *ast.CompositeLit
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		lit = x
	case *ast.Ident:
		if init, ok := h.constInit(h.pass.TypesInfo.ObjectOf(x)); ok {
			return h.dim(init)
		}
		return ir.Dim{}
	default:
		return ir.Dim{}
	}
	comp := []*int{&d.X, &d.Y, &d.Z}
	for i, elt := range lit.Elts {
		val, idx := elt, i
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			key, _ := kv.Key.(*ast.Ident)
			if key == nil {
				return ir.Dim{}
			}
			idx = map[string]int{"X": 0, "Y": 1, "Z": 2}[key.Name]
			val = kv.Value
		}
		if idx >= len(comp) {
			return ir.Dim{}
		}
		v, ok := h.intValue(val)
		switch {
		case !ok:
			*comp[idx] = 0
		case v == 0 && idx > 0:
			*comp[idx] = 1
		default:
			*comp[idx] = int(v)
		}
	}
	return d
}
