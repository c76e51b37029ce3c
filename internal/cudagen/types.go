package cudagen

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// typeSet names the C++ types of Go types and collects the declarations
// of the structs it invents, in dependency order.
type typeSet struct {
	sizes types.Sizes
	names map[string]string // types.TypeString -> C++ name
	taken map[string]bool   // C++ names given
	order []string          // declarations, dependencies first
}

func newTypeSet(sizes types.Sizes) *typeSet {
	return &typeSet{sizes: sizes, names: map[string]string{}, taken: map[string]bool{}}
}

func (ts *typeSet) decls() string { return strings.Join(ts.order, "") }

// basic maps Go's basic types to C++; Go's int and uint are 64 bits.
var basic = map[types.BasicKind]string{
	types.Bool: "bool", types.Int: "long long", types.Int8: "signed char", types.Int16: "short",
	types.Int32: "int", types.Int64: "long long", types.Uint: "unsigned long long", types.Uint8: "unsigned char",
	types.Uint16: "unsigned short", types.Uint32: "unsigned int", types.Uint64: "unsigned long long",
	types.Uintptr: "unsigned long long", types.Float32: "float", types.Float64: "double",
	types.UntypedInt: "long long", types.UntypedFloat: "double", types.UntypedBool: "bool", types.UntypedRune: "int",
}

// cType returns the C++ type of t; n is where it is needed, for errors.
func (ts *typeSet) cType(t types.Type, n ast.Node) string {
	switch u := t.(type) {
	case *types.Basic:
		if c, ok := basic[u.Kind()]; ok {
			return c
		}
	case *types.Alias:
		return ts.cType(types.Unalias(u), n)
	case *types.Pointer:
		return ts.cType(u.Elem(), n) + "*"
	case *types.Slice:
		return "__slice<" + ts.cType(u.Elem(), n) + ">"
	case *types.Array:
		return ts.array(u, n)
	case *types.Named:
		if st, ok := u.Underlying().(*types.Struct); ok {
			return ts.structType(u.Obj().Name(), st, n)
		}
		return ts.cType(u.Underlying(), n)
	case *types.Struct:
		return ts.structType("", u, n)
	}
	fail(n, "type %s", t)
	return ""
}

// array wraps a Go array in a struct, which C++ can assign and pass by
// value as Go does. Its alignment is its size when that is 8 or 16
// bytes, so that a [4]float32 element moves in one 16-byte access, as
// simt prices it.
func (ts *typeSet) array(a *types.Array, n ast.Node) string {
	key := a.String()
	if c, ok := ts.names[key]; ok {
		return c
	}
	elem := ts.cType(a.Elem(), n)
	name := fmt.Sprintf("__arr%d_%s", a.Len(), ident(elem))
	size := ts.sizes.Sizeof(a)
	align := ""
	if size == 8 || size == 16 {
		align = fmt.Sprintf(" __align__(%d)", size)
	}
	ts.names[key] = name
	ts.order = append(ts.order, fmt.Sprintf("struct%s %s { %s v[%d]; };\n", align, name, elem, max(a.Len(), 1)),
		fmt.Sprintf("__device__ __forceinline__ void __use(%s x) { for (int i = 0; i < %d; i++) __use(x.v[i]); }\n", name, a.Len()))
	return name
}

// structType declares a Go struct with the same fields in the same order
// (so with Go's layout).
func (ts *typeSet) structType(name string, st *types.Struct, n ast.Node) string {
	key := name + st.String()
	if c, ok := ts.names[key]; ok {
		return c
	}
	if name == "" {
		name = "__anon"
	}
	name = cName(name)
	for base, i := name, 2; ts.taken[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	ts.taken[name] = true
	ts.names[key] = name
	var fields []string
	for i := range st.NumFields() {
		f := st.Field(i)
		fields = append(fields, fmt.Sprintf("%s %s;", ts.cType(f.Type(), n), cName(f.Name())))
	}
	ts.order = append(ts.order, fmt.Sprintf("struct %s { %s };\n", name, strings.Join(fields, " ")))
	ts.order = append(ts.order, fmt.Sprintf("__device__ __forceinline__ void __use(%s x) { %s }\n", name, useFields(st)))
	return name
}

func useFields(st *types.Struct) string {
	var b strings.Builder
	for i := range st.NumFields() {
		fmt.Fprintf(&b, "__use(x.%s); ", cName(st.Field(i).Name()))
	}
	return b.String()
}

// ident turns a C++ type into a fragment of an identifier.
func ident(c string) string {
	r := strings.NewReplacer(" ", "_", "*", "p", "<", "_", ">", "_")
	return r.Replace(c)
}

// isThread reports whether t is *simt.Thread.
func isThread(t types.Type) bool { return isSimt(t, "Thread", true) }

// isSimt reports whether t is simt's type of that name (a pointer to it
// when ptr).
func isSimt(t types.Type, name string, ptr bool) bool {
	if ptr {
		p, ok := t.(*types.Pointer)
		if !ok {
			return false
		}
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == simtPath && n.Obj().Name() == name
}
