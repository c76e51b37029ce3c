package cudagen

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/smemlint/smemlint/analyzer/kernels"
)

const simtPath = kernels.SimtPath

// staticSharedLimit is what CUDA allows a kernel's static __shared__
// declarations (the Go launch may use more through SharedBytes).
const staticSharedLimit = 48 << 10

// gen translates one package.
type gen struct {
	p     *Package
	opt   Options
	types *typeSet
	pkg   int // the package's index, which names its device functions
	funcs map[*types.Func]*ast.FuncDecl
	// done names the device functions translated, by devKey; devOrder
	// lists them in the order their translation finished.
	done      map[string]string
	devOrder  []string
	devProtos map[string]string
	devBodies map[string]string
	named     map[string]string // the names given, translations under way included
	// sharedDecls are the kernels' __shared__ structs, written before the
	// device functions, which a specialisation for a shared array names.
	sharedDecls []string
}

func (g *gen) indexFuncs() {
	g.devProtos, g.devBodies, g.named = map[string]string{}, map[string]string{}, map[string]string{}
	for _, f := range g.p.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Recv == nil {
				if obj, ok := g.p.Info.Defs[fd.Name].(*types.Func); ok {
					g.funcs[obj] = fd
				}
			}
		}
	}
}

// declOf returns the declaration of a context's kernel.
func (g *gen) declOf(c *kernels.Context) *ast.FuncDecl {
	for _, fd := range g.funcs {
		if (fd.Pos() == c.Pos || fd.Name.Pos() == c.Pos) && fd.Name.Name == c.Kernel {
			return fd
		}
	}
	return nil
}

// sharedMember is a shared array of a kernel: a member of its __shared__
// struct at the offset simt gives it.
type sharedMember struct {
	obj    types.Object
	name   string
	ctype  string // the member's C++ type (an element type for the dynamic region)
	elem   string // the element's C++ type, for the dynamic region
	offset int64
	size   int64
	dyn    bool
	n      int64 // elements of the dynamic region
}

// kernel translates one kernel context into a __global__ function.
func (g *gen) kernel(c *kernels.Context, fd *ast.FuncDecl, name string, call *ast.CallExpr) (text string, l Launch, args []argValue, prob *Problem) {
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(unsupported)
			if !ok {
				panic(r)
			}
			pos := u.pos
			if !pos.IsValid() {
				pos = fd.Pos()
			}
			prob = &Problem{g.p.Fset.Position(pos), c.Kernel, u.msg}
		}
	}()
	f := newFn(g)
	members := f.layoutShared(fd, c)
	var b, decl strings.Builder
	if len(members) > 0 {
		b := &decl
		fmt.Fprintf(b, "struct __align__(16) __smem_%s {", name)
		end := int64(0)
		for i, m := range members {
			if m.offset > end {
				fmt.Fprintf(b, " unsigned char __pad%d[%d];", i, m.offset-end)
			}
			if m.dyn {
				fmt.Fprintf(b, " %s %s[%d];", m.elem, m.name, m.n)
			} else {
				fmt.Fprintf(b, " %s %s;", m.ctype, m.name)
			}
			end = m.offset + m.size
		}
		if end > staticSharedLimit {
			fail(fd, "%d bytes of shared memory; a kernel's static __shared__ memory is limited to %d", end, staticSharedLimit)
		}
		fmt.Fprintf(b, " };\n__shared__ __smem_%s __sm_%s;\n", name, name)
		for _, m := range members {
			f.shared[m.obj] = m
			m.name = fmt.Sprintf("__sm_%s.%s", name, m.name)
		}
	}
	params := f.params(fd, nil)
	b.WriteString(g.lineDirective(fd.Pos()))
	fmt.Fprintf(&b, "extern \"C\" __global__ void %s(%s) {\n", name, strings.Join(params, ", "))
	f.body(fd)
	b.WriteString(f.b.String())
	b.WriteString("}\n\n")
	// The __shared__ struct is declared only once the kernel translated:
	// a kernel that fails leaves nothing behind.
	if decl.Len() > 0 {
		g.sharedDecls = append(g.sharedDecls, decl.String())
	}
	args = g.args(fd, call)
	l = g.launch(c, fd, name, call)
	for _, a := range args {
		l.Args = append(l.Args, a.note)
	}
	return b.String(), l, args, nil
}

// params declares the parameters of fd in C++, dropping the *simt.Thread
// and the parameters bound to a kernel's shared array (by their index in
// fd's parameter list), which the body then names directly.
func (f *fn) params(fd *ast.FuncDecl, bound map[int]*sharedMember) []string {
	var out []string
	i := 0
	for _, field := range fd.Type.Params.List {
		t := f.g.p.Info.TypeOf(field.Type)
		names := field.Names
		if len(names) == 0 {
			names = []*ast.Ident{nil}
		}
		if isThread(t) {
			for _, n := range names {
				if n != nil {
					f.skip[f.g.p.Info.Defs[n]] = true
				}
				i++
			}
			continue
		}
		ct := f.g.types.cType(t, field)
		for _, n := range names {
			var obj types.Object
			if n != nil && n.Name != "_" {
				obj = f.g.p.Info.Defs[n]
			}
			if m := bound[i]; m != nil {
				i++
				if obj != nil {
					f.shared[obj] = m
				}
				continue
			}
			i++
			if obj == nil {
				out = append(out, fmt.Sprintf("%s __unused%d", ct, len(out)))
				continue
			}
			out = append(out, ct+" "+f.declare(obj))
		}
	}
	return out
}

// layoutShared finds the kernel's Shared and DynamicShared calls, which
// must be statements of the body's top level (so that each runs once, in
// the order written), and places their arrays as simt does.
func (f *fn) layoutShared(fd *ast.FuncDecl, c *kernels.Context) []*sharedMember {
	top := map[ast.Node]bool{}
	var members []*sharedMember
	end := int64(0)
	for _, s := range fd.Body.List {
		obj, call := f.sharedDecl(s)
		if call == nil {
			continue
		}
		top[call] = true
		m := &sharedMember{obj: obj, name: fmt.Sprintf("m%d", len(members))}
		fun := f.simtFunc(call)
		elem := f.typeArg(call)
		if fun == "DynamicShared" {
			bytes := c.Shape.SharedBytes
			if bytes < 0 {
				bytes = f.g.opt.DefaultShared
			}
			es := f.g.p.Sizes.Sizeof(elem)
			m.dyn, m.elem, m.n = true, f.g.types.cType(elem, call), max(bytes/es, 1)
			m.size = m.n * es
			for _, o := range members {
				if o.dyn {
					fail(call, "a second DynamicShared call")
				}
			}
		} else {
			m.ctype, m.size = f.g.types.cType(elem, call), f.g.p.Sizes.Sizeof(elem)
		}
		m.offset = (end + 15) &^ 15
		end = m.offset + m.size
		members = append(members, m)
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !top[call] {
			if fn := f.simtFunc(call); fn == "Shared" || fn == "DynamicShared" {
				fail(call, "simt.%s called other than as a declaration at the top of the kernel body", fn)
			}
		}
		return true
	})
	return members
}

// sharedDecl returns the object and call of `x := simt.Shared[A](t)` or
// `var x = simt.Shared[A](t)`.
func (f *fn) sharedDecl(s ast.Stmt) (types.Object, *ast.CallExpr) {
	var lhs ast.Expr
	var rhs ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 || s.Tok != token.DEFINE {
			return nil, nil
		}
		lhs, rhs = s.Lhs[0], s.Rhs[0]
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || len(gd.Specs) != 1 {
			return nil, nil
		}
		vs, ok := gd.Specs[0].(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 {
			return nil, nil
		}
		lhs, rhs = vs.Names[0], vs.Values[0]
	default:
		return nil, nil
	}
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok {
		return nil, nil
	}
	if fn := f.simtFunc(call); fn != "Shared" && fn != "DynamicShared" {
		return nil, nil
	}
	id, ok := lhs.(*ast.Ident)
	if !ok || id.Name == "_" {
		fail(s, "a shared array that is not given a name")
	}
	return f.g.p.Info.Defs[id], call
}

// typeArg returns the type argument of a call of a generic simt function.
func (f *fn) typeArg(call *ast.CallExpr) types.Type {
	id := calleeIdent(call.Fun)
	if id == nil {
		fail(call, "a call with no name")
	}
	inst, ok := f.g.p.Info.Instances[id]
	if !ok || inst.TypeArgs.Len() == 0 {
		fail(call, "no type argument")
	}
	return inst.TypeArgs.At(0)
}

func calleeIdent(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	case *ast.IndexExpr:
		return calleeIdent(e.X)
	case *ast.IndexListExpr:
		return calleeIdent(e.X)
	case *ast.ParenExpr:
		return calleeIdent(e.X)
	}
	return nil
}

// simtFunc returns the name of the simt package function call calls, or "".
func (f *fn) simtFunc(call *ast.CallExpr) string {
	id := calleeIdent(call.Fun)
	if id == nil {
		return ""
	}
	obj, ok := f.g.p.Info.Uses[id].(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg().Path() != simtPath {
		return ""
	}
	if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil {
		return ""
	}
	return obj.Name()
}

// device translates a device function (once for each binding of its
// parameters to shared arrays) and returns its C++ name. A parameter
// bound to a kernel's shared array is no parameter of the C++ function,
// whose body names the __shared__ array itself: passed as a pointer, the
// array would be read through generic loads (LD rather than LDS), which
// -G does not turn back into shared ones and the H100 does not pair as
// it pairs LDS.128 (docs/hardware.md).
func (g *gen) device(obj *types.Func, at ast.Node, bound map[int]*sharedMember) string {
	key := devKey(obj, bound)
	if name, ok := g.done[key]; ok {
		return name
	}
	fd := g.funcs[obj]
	if fd == nil {
		fail(at, "a call of %s, which has no body in this package", obj.Name())
	}
	if name, ok := g.named[key]; ok {
		return name // a recursive call
	}
	name := fmt.Sprintf("__dev%d_%s", g.pkg, obj.Name())
	if len(bound) > 0 {
		name = fmt.Sprintf("%s__s%d", name, len(g.named))
	}
	g.named[key] = name
	f := newFn(g)
	params := f.params(fd, bound)
	ret := "void"
	if res := fd.Type.Results; res != nil && res.NumFields() > 0 {
		if res.NumFields() > 1 {
			fail(fd.Type.Results, "a device function with several results")
		}
		ret = g.types.cType(g.p.Info.TypeOf(res.List[0].Type), res)
		if len(res.List[0].Names) > 0 {
			fail(res, "named results")
		}
	}
	sig := fmt.Sprintf("__device__ %s %s(%s)", ret, name, strings.Join(params, ", "))
	f.body(fd)
	g.done[key] = name
	g.devOrder = append(g.devOrder, key)
	g.devProtos[key] = sig + ";\n"
	g.devBodies[key] = g.lineDirective(fd.Pos()) + sig + " {\n" + f.b.String() + "}\n\n"
	return name
}

// devKey identifies a device function's translation: the function and
// the shared arrays its parameters are bound to.
func devKey(obj *types.Func, bound map[int]*sharedMember) string {
	var b strings.Builder
	b.WriteString(obj.FullName())
	for i := 0; len(bound) > 0 && i <= maxKey(bound); i++ {
		if m := bound[i]; m != nil {
			fmt.Fprintf(&b, "|%d=%s", i, m.name)
		}
	}
	return b.String()
}

func maxKey(m map[int]*sharedMember) int {
	n := 0
	for k := range m {
		n = max(n, k)
	}
	return n
}
