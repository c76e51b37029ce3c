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
	// done names the device functions translated; devOrder lists them
	// in the order their translation finished.
	done      map[*types.Func]string
	devOrder  []*types.Func
	devProtos map[*types.Func]string
	devBodies map[*types.Func]string
	busy      map[*types.Func]bool
}

func (g *gen) indexFuncs() {
	g.devProtos, g.devBodies, g.busy = map[*types.Func]string{}, map[*types.Func]string{}, map[*types.Func]bool{}
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
	var b strings.Builder
	if len(members) > 0 {
		fmt.Fprintf(&b, "struct __align__(16) __smem_%s {", name)
		end := int64(0)
		for i, m := range members {
			if m.offset > end {
				fmt.Fprintf(&b, " unsigned char __pad%d[%d];", i, m.offset-end)
			}
			if m.dyn {
				fmt.Fprintf(&b, " %s %s[%d];", m.elem, m.name, m.n)
			} else {
				fmt.Fprintf(&b, " %s %s;", m.ctype, m.name)
			}
			end = m.offset + m.size
		}
		if end > staticSharedLimit {
			fail(fd, "%d bytes of shared memory; a kernel's static __shared__ memory is limited to %d", end, staticSharedLimit)
		}
		fmt.Fprintf(&b, " };\n__shared__ __smem_%s __sm_%s;\n", name, name)
		for _, m := range members {
			f.shared[m.obj] = m
			m.name = fmt.Sprintf("__sm_%s.%s", name, m.name)
		}
	}
	params := f.params(fd, true)
	b.WriteString(g.lineDirective(fd.Pos()))
	fmt.Fprintf(&b, "extern \"C\" __global__ void %s(%s) {\n", name, strings.Join(params, ", "))
	f.body(fd)
	b.WriteString(f.b.String())
	b.WriteString("}\n\n")
	args = g.args(fd, call)
	l = g.launch(c, fd, name, call)
	for _, a := range args {
		l.Args = append(l.Args, a.note)
	}
	return b.String(), l, args, nil
}

// params declares the parameters of fd in C++, dropping the *simt.Thread.
func (f *fn) params(fd *ast.FuncDecl, kernel bool) []string {
	var out []string
	for _, field := range fd.Type.Params.List {
		t := f.g.p.Info.TypeOf(field.Type)
		if isThread(t) {
			for _, n := range field.Names {
				f.skip[f.g.p.Info.Defs[n]] = true
			}
			continue
		}
		ct := f.g.types.cType(t, field)
		if len(field.Names) == 0 {
			out = append(out, fmt.Sprintf("%s __unused%d", ct, len(out)))
			continue
		}
		for _, n := range field.Names {
			obj := f.g.p.Info.Defs[n]
			if obj == nil || n.Name == "_" {
				out = append(out, fmt.Sprintf("%s __unused%d", ct, len(out)))
				continue
			}
			out = append(out, ct+" "+f.declare(obj))
		}
	}
	_ = kernel
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

// device translates a device function (once) and returns its C++ name.
func (g *gen) device(obj *types.Func, at ast.Node) string {
	if name, ok := g.done[obj]; ok {
		return name
	}
	fd := g.funcs[obj]
	if fd == nil {
		fail(at, "a call of %s, which has no body in this package", obj.Name())
	}
	name := fmt.Sprintf("__dev%d_%s", g.pkg, obj.Name())
	if g.busy[obj] {
		return name
	}
	g.busy[obj] = true
	defer delete(g.busy, obj)
	f := newFn(g)
	params := f.params(fd, false)
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
	g.done[obj] = name
	g.devOrder = append(g.devOrder, obj)
	g.devProtos[obj] = sig + ";\n"
	g.devBodies[obj] = g.lineDirective(fd.Pos()) + sig + " {\n" + f.b.String() + "}\n\n"
	return name
}
