package cudagen

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"
)

func (f *fn) objOf(id *ast.Ident) types.Object {
	if o := f.g.p.Info.Uses[id]; o != nil {
		return o
	}
	return f.g.p.Info.Defs[id]
}

func (f *fn) typeOf(e ast.Expr) types.Type { return f.g.p.Info.TypeOf(e) }

// expr translates an expression.
func (f *fn) expr(e ast.Expr) string {
	if tv, ok := f.g.p.Info.Types[e]; ok && tv.Value != nil {
		return f.constant(tv.Value, tv.Type, e)
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return "(" + f.expr(e.X) + ")"
	case *ast.Ident:
		return f.ident(e)
	case *ast.BinaryExpr:
		if e.Op == token.AND_NOT {
			return fmt.Sprintf("(%s & ~(%s))", f.expr(e.X), f.expr(e.Y))
		}
		return fmt.Sprintf("(%s %s %s)", f.expr(e.X), e.Op, f.expr(e.Y))
	case *ast.UnaryExpr:
		switch e.Op {
		case token.SUB, token.ADD, token.NOT, token.AND:
			if _, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok && e.Op == token.AND {
				fail(e, "the address of a composite literal")
			}
			if e.Op == token.AND {
				return fmt.Sprintf("(&%s)", f.lvalue(e.X))
			}
			return fmt.Sprintf("(%s%s)", e.Op, f.expr(e.X))
		case token.XOR:
			return fmt.Sprintf("(~%s)", f.expr(e.X))
		}
		fail(e, "the operator %s", e.Op)
	case *ast.StarExpr:
		return "(*" + f.expr(e.X) + ")"
	case *ast.IndexExpr:
		return f.sharedRead(e, f.index(e))
	case *ast.SliceExpr:
		return f.slice(e)
	case *ast.SelectorExpr:
		return f.sharedRead(e, f.selector(e))
	case *ast.CallExpr:
		return f.call(e)
	case *ast.CompositeLit:
		return f.composite(e)
	case *ast.FuncLit:
		fail(e, "a function literal")
	}
	fail(e, "the expression %T", e)
	return ""
}

// lvalue translates an expression that is assigned to or whose address
// is taken: an element of a shared array stays the element, not a read
// of it (sharedRead).
func (f *fn) lvalue(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		return f.index(x)
	case *ast.SelectorExpr:
		return f.selector(x)
	}
	return f.expr(e)
}

// sharedNumber returns the size of e where it is a number of 8 or 16
// bytes in one of the kernel's shared arrays (an element, or a field of
// one), and 0 otherwise.
func (f *fn) sharedNumber(e ast.Expr) int64 {
	b, ok := f.typeOf(e).Underlying().(*types.Basic)
	if !ok {
		return 0
	}
	size := f.g.types.sizes.Sizeof(b)
	if size != 8 && size != 16 {
		return 0
	}
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
			continue
		case *ast.SelectorExpr:
			if sel := f.g.p.Info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				if _, ptr := f.typeOf(x.X).Underlying().(*types.Pointer); !ptr {
					e = x.X
					continue
				}
			}
			return 0
		case *ast.Ident:
			if m := f.shared[f.objOf(x)]; m != nil && !m.dyn {
				return size
			}
		}
		return 0
	}
}

// sharedRead wraps the read of an 8- or 16-byte number of a shared array
// (see sharedNumber) in __ldsn8 or __ldsn16, which in a -G build read it
// with a shared-space instruction (LDS.64, LDS.128). nvcc -G reads the
// kernel's shared struct through a generic address (LD.E.64), which the
// H100 does not serve paired: the rows D06, D09 and the other paired
// 8-byte loads made 2 wavefronts a request on the hardware counter where
// LDS.64 makes 1. Optimised builds read the element as it is.
func (f *fn) sharedRead(e ast.Expr, s string) string {
	if n := f.sharedNumber(e); n > 0 {
		return fmt.Sprintf("__ldsn%d(%s)", n, s)
	}
	return s
}

// constant writes a constant as a C++ literal of its type.
func (f *fn) constant(v constant.Value, t types.Type, n ast.Node) string {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		fail(n, "a constant of type %s", t)
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return strconv.FormatBool(constant.BoolVal(v))
	case b.Info()&types.IsInteger != 0:
		c := basic[b.Kind()]
		if b.Info()&types.IsUnsigned != 0 {
			u, exact := constant.Uint64Val(constant.ToInt(v))
			if !exact {
				fail(n, "the constant %s", v)
			}
			return fmt.Sprintf("((%s)%dULL)", c, u)
		}
		i, exact := constant.Int64Val(constant.ToInt(v))
		if !exact {
			fail(n, "the constant %s", v)
		}
		if c == "long long" {
			if i == math.MinInt64 {
				return "(-9223372036854775807LL - 1)"
			}
			return fmt.Sprintf("%dLL", i)
		}
		return fmt.Sprintf("((%s)%d)", c, i)
	case b.Info()&types.IsFloat != 0:
		x, _ := constant.Float64Val(constant.ToFloat(v))
		if math.IsInf(x, 0) || math.IsNaN(x) {
			fail(n, "the constant %s", v)
		}
		if b.Kind() == types.Float32 {
			return floatLit(x, 32) + "f"
		}
		return floatLit(x, 64)
	}
	fail(n, "a constant of type %s", t)
	return ""
}

func floatLit(x float64, bits int) string {
	s := strconv.FormatFloat(x, 'g', -1, bits)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

func (f *fn) ident(id *ast.Ident) string {
	obj := f.objOf(id)
	if f.skip[obj] {
		fail(id, "%s used as a value (only its fields and methods translate)", id.Name)
	}
	if m := f.shared[obj]; m != nil {
		if m.dyn {
			return fmt.Sprintf("__slice<%s>{%s, %d}", m.elem, m.name, m.n)
		}
		return "(&" + m.name + ")"
	}
	switch obj.(type) {
	case *types.Var:
		if name, ok := f.names[obj]; ok {
			return name
		}
		fail(id, "the variable %s, which is not local to the function", id.Name)
	case *types.Nil:
		return "nullptr"
	}
	fail(id, "the name %s", id.Name)
	return ""
}

// index translates s[i] by the kind of s.
func (f *fn) index(e *ast.IndexExpr) string {
	i := f.expr(e.Index)
	if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
		if m := f.shared[f.objOf(id)]; m != nil {
			if m.dyn {
				return fmt.Sprintf("%s[%s]", m.name, i)
			}
			return fmt.Sprintf("%s.v[%s]", m.name, i)
		}
	}
	x := f.expr(e.X)
	switch u := f.typeOf(e.X).Underlying().(type) {
	case *types.Slice:
		return fmt.Sprintf("%s.p[%s]", x, i)
	case *types.Array:
		return fmt.Sprintf("%s.v[%s]", x, i)
	case *types.Pointer:
		if _, ok := u.Elem().Underlying().(*types.Array); ok {
			return fmt.Sprintf("%s->v[%s]", x, i)
		}
	}
	fail(e, "indexing a %s", f.typeOf(e.X))
	return ""
}

// slice translates s[a:b] into a slice value.
func (f *fn) slice(e *ast.SliceExpr) string {
	if e.Slice3 {
		fail(e, "a three-index slice")
	}
	elemT, ok := f.typeOf(e).Underlying().(*types.Slice)
	if !ok {
		fail(e, "slicing a %s", f.typeOf(e.X))
	}
	elem := f.g.types.cType(elemT.Elem(), e)
	var base, n string
	if id, ok := ast.Unparen(e.X).(*ast.Ident); ok && f.shared[f.objOf(id)] != nil {
		m := f.shared[f.objOf(id)]
		if m.dyn {
			base, n = m.name, fmt.Sprint(m.n)
		} else {
			base, n = m.name+".v", strconv.FormatInt(f.g.types.sizes.Sizeof(m.obj.Type().(*types.Pointer).Elem())/
				f.g.types.sizes.Sizeof(elemT.Elem()), 10)
		}
	} else {
		x := f.expr(e.X)
		switch u := f.typeOf(e.X).Underlying().(type) {
		case *types.Slice:
			base, n = x+".p", x+".n"
		case *types.Pointer:
			a, ok := u.Elem().Underlying().(*types.Array)
			if !ok {
				fail(e, "slicing a %s", u)
			}
			base, n = x+"->v", fmt.Sprint(a.Len())
		default:
			fail(e, "slicing a %s", u)
		}
	}
	lo, hi := "0LL", n
	if e.Low != nil {
		lo = f.expr(e.Low)
	}
	if e.High != nil {
		hi = f.expr(e.High)
	}
	return fmt.Sprintf("__slice<%s>{%s + %s, (%s) - (%s)}", elem, base, lo, hi, lo)
}

// threadFields are simt.Thread's coordinate fields and their CUDA names.
var threadFields = map[string]string{"ThreadIdx": "threadIdx", "BlockIdx": "blockIdx", "BlockDim": "blockDim", "GridDim": "gridDim"}

func (f *fn) selector(e *ast.SelectorExpr) string {
	// t.ThreadIdx.X and its kin.
	if inner, ok := ast.Unparen(e.X).(*ast.SelectorExpr); ok && isThread(f.typeOf(inner.X)) {
		if c, ok := threadFields[inner.Sel.Name]; ok {
			return fmt.Sprintf("((long long)%s.%s)", c, strings.ToLower(e.Sel.Name))
		}
	}
	if isThread(f.typeOf(e.X)) {
		fail(e, "the thread field %s used whole", e.Sel.Name)
	}
	sel := f.g.p.Info.Selections[e]
	if sel == nil || sel.Kind() != types.FieldVal {
		fail(e, "the selector %s", e.Sel.Name)
	}
	if len(sel.Index()) > 1 {
		fail(e, "a promoted field")
	}
	if _, ok := f.typeOf(e.X).Underlying().(*types.Pointer); ok {
		return fmt.Sprintf("%s->%s", f.expr(e.X), cName(e.Sel.Name))
	}
	return fmt.Sprintf("%s.%s", f.expr(e.X), cName(e.Sel.Name))
}

// isClusterHandle reports whether e is t.Cluster().
func (f *fn) isClusterHandle(e ast.Expr) bool { return isSimt(f.typeOf(e), "Cluster", true) }

func (f *fn) composite(e *ast.CompositeLit) string {
	t := f.typeOf(e)
	ct := f.g.types.cType(t, e)
	switch u := t.Underlying().(type) {
	case *types.Struct:
		vals := make([]string, u.NumFields())
		for i := range vals {
			vals[i] = "{}"
		}
		for i, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				name := kv.Key.(*ast.Ident).Name
				for j := range u.NumFields() {
					if u.Field(j).Name() == name {
						vals[j] = f.expr(kv.Value)
					}
				}
				continue
			}
			vals[i] = f.expr(el)
		}
		if len(e.Elts) == 0 {
			return ct + "{}"
		}
		return ct + "{" + strings.Join(vals, ", ") + "}"
	case *types.Array:
		var vals []string
		for _, el := range e.Elts {
			if _, ok := el.(*ast.KeyValueExpr); ok {
				fail(el, "a keyed array literal")
			}
			vals = append(vals, f.expr(el))
		}
		return ct + "{{" + strings.Join(vals, ", ") + "}}"
	}
	fail(e, "a composite literal of type %s", t)
	return ""
}
