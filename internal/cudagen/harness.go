package cudagen

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/smemlint/smemlint/analyzer/kernels"
)

// closureKernel returns the kernel a launch closure at pos calls, with the
// call, when the closure does nothing else.
func (g *gen) closureKernel(c *kernels.Context) (*ast.FuncDecl, *ast.CallExpr, string) {
	var lit *ast.FuncLit
	for _, f := range g.p.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if l, ok := n.(*ast.FuncLit); ok && l.Pos() == c.Pos {
				lit = l
			}
			return lit == nil
		})
	}
	if lit == nil {
		return nil, nil, "no kernel function or launch closure at this position"
	}
	if len(lit.Body.List) != 1 {
		return nil, nil, "a launch closure that does more than call one kernel"
	}
	es, ok := lit.Body.List[0].(*ast.ExprStmt)
	call, ok2 := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok || !ok2 {
		return nil, nil, "a launch closure that does more than call one kernel"
	}
	id := calleeIdent(call.Fun)
	if id == nil {
		return nil, nil, "a launch closure calling a function value"
	}
	fn, _ := g.p.Info.Uses[id].(*types.Func)
	if fn == nil || g.funcs[fn] == nil {
		return nil, nil, "a launch closure calling a function with no body in this package"
	}
	return g.funcs[fn], call, ""
}

// argValue is how the harness sets one kernel parameter.
type argValue struct {
	name  string // the Go parameter
	ctype string
	// decl declares and sets the C++ argument named arg; free releases it.
	decl, free, note string
}

// launch describes the harness's launch of a kernel instance and its
// arguments: constants the launch passes, else defaults.
func (g *gen) launch(c *kernels.Context, fd *ast.FuncDecl, name string, call *ast.CallExpr) Launch {
	s := c.Shape
	dim := func(d kernels.Dim, unknown int) [3]int {
		v := [3]int{d.X, d.Y, d.Z}
		for i := range v {
			if v[i] <= 0 {
				v[i] = 1
				if i == 0 {
					v[i] = unknown
				}
			}
		}
		return v
	}
	l := Launch{Name: name, Kernel: fd.Name.Name, Pos: g.p.Fset.Position(fd.Pos()), Block: dim(s.Block, 1),
		Grid: dim(s.Grid, g.opt.DefaultGrid), SharedBytes: int(max(s.SharedBytes, 0)), Arch: c.Arch.Name}
	if s.Cluster.X > 0 {
		l.Cluster = dim(s.Cluster, 1)
		for i := range l.Grid {
			l.Grid[i] = (l.Grid[i] + l.Cluster[i] - 1) / l.Cluster[i] * l.Cluster[i]
		}
	}
	return l
}

// args returns how the harness sets each parameter of a kernel.
func (g *gen) args(fd *ast.FuncDecl, call *ast.CallExpr) []argValue {
	var out []argValue
	i := 0
	for _, field := range fd.Type.Params.List {
		t := g.p.Info.TypeOf(field.Type)
		names := field.Names
		if len(names) == 0 {
			names = []*ast.Ident{{Name: "_"}}
		}
		for _, n := range names {
			argIdx := i
			i++
			if isThread(t) {
				continue
			}
			var argExpr ast.Expr
			if call != nil && argIdx < len(call.Args) {
				argExpr = call.Args[argIdx]
			}
			out = append(out, g.arg(len(out), n.Name, t, argExpr, field))
		}
	}
	return out
}

func (g *gen) arg(k int, name string, t types.Type, from ast.Expr, at ast.Node) argValue {
	v := argValue{name: name, ctype: g.types.cType(t, at)}
	arg := fmt.Sprintf("a%d", k)
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem := g.types.cType(u.Elem(), at)
		size := g.p.Sizes.Sizeof(u.Elem())
		n := g.opt.SliceBytes / max(size, 1)
		note := ""
		if l, ok := g.mallocLen(from, 0); ok {
			n, note = l, " (the program's simt.Malloc)"
		}
		if l, ok := g.opt.Lens[name]; ok {
			n = l
		}
		if l, ok := g.p.Lens[name]; ok {
			n = l
		}
		fill := "__fill_zero"
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Info()&types.IsNumeric != 0 {
			fill = "__fill_num"
		}
		v.decl = fmt.Sprintf("%s %s; %s.n = %dLL; %s.p = %s<%s>(%s.n);", v.ctype, arg, arg, n, arg, fill, elem, arg)
		v.free = fmt.Sprintf("__free(%s.p);", arg)
		v.note = fmt.Sprintf("%s: %d elements%s", name, n, note)
	case *types.Basic:
		val, note := g.scalar(name, u, from)
		v.decl = fmt.Sprintf("%s %s = (%s)(%s);", v.ctype, arg, v.ctype, val)
		v.note = fmt.Sprintf("%s = %s (%s)", name, val, note)
	default:
		fail(at, "a kernel parameter of type %s (the harness passes slices and numbers)", t)
	}
	return v
}

// mallocLen returns the length of the slice a launch passes, where the
// program allocates it with simt.Malloc of a constant length: in the
// variable's definition, or in a function literal without parameters
// that returns such a call (srad's m()). The default length is shorter
// than some programs' buffers: nw, pathfinder and srad indexed past it,
// and the fault took the launches after theirs.
func (g *gen) mallocLen(e ast.Expr, depth int) (int64, bool) {
	if e == nil || depth > 4 {
		return 0, false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return g.mallocLen(g.definition(g.p.Info.Uses[x]), depth+1)
	case *ast.CallExpr:
		id := calleeIdent(x.Fun)
		if id == nil {
			return 0, false
		}
		if fn, ok := g.p.Info.Uses[id].(*types.Func); ok {
			if fn.Pkg() == nil || fn.Pkg().Path() != simtPath || fn.Name() != "Malloc" || len(x.Args) != 1 {
				return 0, false
			}
			if tv, ok := g.p.Info.Types[x.Args[0]]; ok && tv.Value != nil {
				return constant.Int64Val(constant.ToInt(tv.Value))
			}
			return 0, false
		}
		if lit, ok := g.definition(g.p.Info.Uses[id]).(*ast.FuncLit); ok && len(x.Args) == 0 && len(lit.Body.List) == 1 {
			if r, ok := lit.Body.List[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
				return g.mallocLen(r.Results[0], depth+1)
			}
		}
	}
	return 0, false
}

// definition returns the expression a local variable is defined with
// (v := e, var v = e), or nil.
func (g *gen) definition(obj types.Object) ast.Expr {
	if obj == nil {
		return nil
	}
	var def ast.Expr
	for _, f := range g.p.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok && g.p.Info.Defs[id] == obj {
							def = n.Rhs[i]
						}
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i, id := range n.Names {
						if g.p.Info.Defs[id] == obj {
							def = n.Values[i]
						}
					}
				}
			}
			return def == nil
		})
		if def != nil {
			break
		}
	}
	return def
}

// scalar is the value of a numeric parameter: the launch's constant, an
// option, or the default.
func (g *gen) scalar(name string, b *types.Basic, from ast.Expr) (string, string) {
	if v, ok := g.p.Ints[name]; ok {
		return fmt.Sprint(v), "set by the caller"
	}
	if v, ok := g.opt.Ints[name]; ok {
		return fmt.Sprint(v), "set by the caller"
	}
	if from != nil {
		if tv, ok := g.p.Info.Types[from]; ok && tv.Value != nil {
			if b.Info()&types.IsFloat != 0 {
				x, _ := constant.Float64Val(constant.ToFloat(tv.Value))
				return floatLit(x, 64), "the launch's constant"
			}
			if x, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok {
				return fmt.Sprint(x), "the launch's constant"
			}
		}
	}
	if b.Info()&types.IsFloat != 0 {
		return "1.0", "default: no launch shows it"
	}
	if b.Kind() == types.Bool {
		return "true", "default: no launch shows it"
	}
	return fmt.Sprint(g.opt.DefaultInt), "default: no launch shows it"
}

// harness writes one host function per launch and main, which runs those
// whose name contains its argument (all without one).
func harness(ls []Launch, args [][]argValue) string {
	var b strings.Builder
	b.WriteString(harnessHelpers)
	for i, l := range ls {
		fmt.Fprintf(&b, "// %s: %s, block %v grid %v", l.Name, l.Kernel, l.Block, l.Grid)
		if l.Cluster != [3]int{} {
			fmt.Fprintf(&b, " cluster %v", l.Cluster)
		}
		b.WriteString("\n")
		for _, a := range args[i] {
			fmt.Fprintf(&b, "//   %s\n", a.note)
		}
		fmt.Fprintf(&b, "static int run_%s() {\n", l.Name)
		var names, frees []string
		for k, a := range args[i] {
			fmt.Fprintf(&b, "  %s\n", a.decl)
			names = append(names, fmt.Sprintf("a%d", k))
			if a.free != "" {
				frees = append(frees, a.free)
			}
		}
		fmt.Fprintf(&b, "  dim3 grid(%d, %d, %d), block(%d, %d, %d);\n", l.Grid[0], l.Grid[1], l.Grid[2], l.Block[0], l.Block[1], l.Block[2])
		if l.Cluster != [3]int{} {
			b.WriteString("  cudaLaunchConfig_t cfg = {};\n  cfg.gridDim = grid; cfg.blockDim = block;\n")
			fmt.Fprintf(&b, "  cudaLaunchAttribute attr[1];\n  attr[0].id = cudaLaunchAttributeClusterDimension;\n"+
				"  attr[0].val.clusterDim.x = %d; attr[0].val.clusterDim.y = %d; attr[0].val.clusterDim.z = %d;\n"+
				"  cfg.attrs = attr; cfg.numAttrs = 1;\n", l.Cluster[0], l.Cluster[1], l.Cluster[2])
			fmt.Fprintf(&b, "  cudaError_t err = cudaLaunchKernelEx(&cfg, %s", l.Name)
			for _, n := range names {
				b.WriteString(", " + n)
			}
			b.WriteString(");\n  if (err == cudaSuccess) err = cudaDeviceSynchronize();\n")
		} else {
			fmt.Fprintf(&b, "  %s<<<grid, block>>>(%s);\n  cudaError_t err = cudaDeviceSynchronize();\n", l.Name, strings.Join(names, ", "))
		}
		for _, fr := range frees {
			fmt.Fprintf(&b, "  %s\n", fr)
		}
		fmt.Fprintf(&b, "  return __report(%q, err);\n}\n\n", l.Name)
	}
	b.WriteString("int main(int argc, char** argv) {\n  int failed = 0;\n")
	for _, l := range ls {
		fmt.Fprintf(&b, "  if (argc < 2 || strstr(%q, argv[1])) failed += run_%s();\n", l.Name, l.Name)
	}
	b.WriteString("  return failed ? 1 : 0;\n}\n")
	return b.String()
}

// harnessHelpers fill the buffers deterministically: numbers with small
// values (so an index read from memory stays in range), the rest with
// zeros. Each buffer has a zeroed guard of __GUARD bytes on either side:
// a port may read just outside its buffer, as its original does (srad's
// first and last block rows read a row before and after the image, which
// CUDA leaves to whatever memory is there); the guard keeps the buffer's
// alignment.
const harnessHelpers = `
static const size_t __GUARD = 1 << 20;
static char* __alloc(size_t bytes) {
  char* d = nullptr;
  if (cudaMalloc(&d, bytes + 2 * __GUARD) != cudaSuccess) { fprintf(stderr, "cudaMalloc failed\n"); exit(2); }
  cudaMemset(d, 0, bytes + 2 * __GUARD);
  return d + __GUARD;
}
template <class T> static void __free(T* p) { cudaFree((char*)p - __GUARD); }
template <class T> static T* __fill_num(long long n) {
  T* h = (T*)malloc(n * sizeof(T));
  for (long long i = 0; i < n; i++) h[i] = (T)(i % 7);
  T* d = (T*)__alloc(n * sizeof(T));
  cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice);
  free(h);
  return d;
}
template <class T> static T* __fill_zero(long long n) {
  return (T*)__alloc(n * sizeof(T));
}
static int __report(const char* name, cudaError_t err) {
  if (err != cudaSuccess) { printf("FAIL %s: %s\n", name, cudaGetErrorString(err)); cudaGetLastError(); return 1; }
  printf("ok %s\n", name);
  return 0;
}

`
