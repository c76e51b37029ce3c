package front

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sync"
)

// constTables are the package's constant arrays (see ConstTable), found
// once per package on first use: kernels are evaluated in parallel.
type constTables struct {
	once sync.Once
	vals map[types.Object]int64
}

// ConstTable returns the value of every element of obj when obj is an
// unexported package-level array of integers or booleans that nothing in
// the package writes, takes the address of or slices, and whose elements
// are all one constant: var a [64]int32 (all zero), var b = [4]int32{7,
// 7, 7, 7}. Such an array is constant memory, as CUDA's __constant__ int
// A[64] = {} is: a load from it is that value, whatever the index. No
// other package can write an unexported variable.
func (f *Finder) ConstTable(obj types.Object) (int64, bool) {
	f.consts.once.Do(f.findConstTables)
	v, ok := f.consts.vals[obj]
	return v, ok
}

func (f *Finder) findConstTables() {
	info := f.pass.TypesInfo
	cands := map[types.Object]int64{}
	written := map[types.Object]bool{}
	write := func(e ast.Expr) {
		if obj := rootVar(info, e); obj != nil {
			written[obj] = true
		}
	}
	for _, file := range f.pass.Files {
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					obj, ok := info.Defs[name].(*types.Var)
					if !ok || obj.Exported() {
						continue
					}
					var init ast.Expr
					if i < len(vs.Values) {
						init = vs.Values[i]
					}
					if v, ok := uniformElements(info, obj.Type(), init); ok {
						cands[obj] = v
					}
				}
			}
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					write(lhs)
				}
			case *ast.IncDecStmt:
				write(n.X)
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					write(n.X)
				}
			case *ast.SliceExpr:
				write(n.X)
			case *ast.RangeStmt:
				if n.Key != nil {
					write(n.Key)
				}
				if n.Value != nil {
					write(n.Value)
				}
			}
			return true
		})
	}
	f.consts.vals = map[types.Object]int64{}
	for obj, v := range cands {
		if !written[obj] {
			f.consts.vals[obj] = v
		}
	}
}

// uniformElements returns the one value of every element of an array of
// integers or booleans initialised by init (nil: all zero).
func uniformElements(info *types.Info, t types.Type, init ast.Expr) (int64, bool) {
	arr, ok := types.Unalias(t).Underlying().(*types.Array)
	if !ok || arr.Len() == 0 {
		return 0, false
	}
	b, ok := types.Unalias(arr.Elem()).Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsInteger|types.IsBoolean) == 0 {
		return 0, false
	}
	if init == nil {
		return 0, true
	}
	lit, ok := ast.Unparen(init).(*ast.CompositeLit)
	if !ok || int64(len(lit.Elts)) != arr.Len() {
		return 0, false
	}
	var first int64
	for i, e := range lit.Elts {
		if _, keyed := e.(*ast.KeyValueExpr); keyed {
			return 0, false
		}
		tv, ok := info.Types[e]
		if !ok || tv.Value == nil {
			return 0, false
		}
		var v int64
		switch tv.Value.Kind() {
		case constant.Int:
			if v, ok = constant.Int64Val(tv.Value); !ok {
				return 0, false
			}
		case constant.Bool:
			if constant.BoolVal(tv.Value) {
				v = 1
			}
		default:
			return 0, false
		}
		if i == 0 {
			first = v
		} else if v != first {
			return 0, false
		}
	}
	return first, true
}
