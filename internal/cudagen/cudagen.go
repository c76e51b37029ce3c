// Package cudagen translates kernels written against simt into CUDA C++,
// so that the hardware itself can check smemlint's predictions.
//
// Every kernel context the kernels analyzer evaluated (a kernel under one
// launch shape) becomes one __global__ function; device functions become
// __device__ functions. Each statement is preceded by a #line directive
// naming its Go file and line, so that nvcc -lineinfo, cuobjdump and
// Nsight Compute attribute every SASS instruction to the Go line it came
// from. Shared arrays are members of one __shared__ struct per kernel,
// at the arena offsets simt gives them (each at the next multiple of 16
// bytes, in the order the kernel asks for them), so bank figures are those
// of the simulator; indexing them directly keeps even unoptimised (-G)
// builds on shared-space instructions (LDS/STS), which generic pointers
// would not.
//
// A construct the translator does not know stops the translation of the
// kernels that reach it, and is reported with its position: nothing is
// skipped silently.
package cudagen

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"github.com/smemlint/smemlint/analyzer/kernels"
)

// Package is one analyzed Go package: its syntax, types and the kernel
// contexts the kernels analyzer evaluated.
type Package struct {
	Fset     *token.FileSet
	Files    []*ast.File
	Info     *types.Info
	Types    *types.Package
	Sizes    types.Sizes
	Contexts []*kernels.Context
	// Ints and Lens set numeric kernel parameters and slice lengths of
	// this package by name, over Options.Ints and Options.Lens.
	Ints, Lens map[string]int64
}

// Options tune the translation.
type Options struct {
	// Base is the directory #line paths are relative to; the file's
	// base name when empty.
	Base string
	// DefaultInt is the value the harness passes for an int parameter
	// whose value no launch shows (1024 when zero).
	DefaultInt int64
	// DefaultGrid is the grid extent used in a dimension no launch shows
	// (8 when zero).
	DefaultGrid int
	// SliceBytes is the size of each global buffer the harness allocates
	// (64 MiB when zero).
	SliceBytes int64
	// DefaultShared is the size of the dynamic shared region of a launch
	// whose SharedBytes no launch shows (16 KiB when zero).
	DefaultShared int64
	// Ints and Lens set numeric parameters and slice lengths by the Go
	// parameter's name, over the launch's constants and the defaults.
	Ints, Lens map[string]int64
}

// Problem is a kernel that could not be translated, and why.
type Problem struct {
	Pos    token.Position
	Kernel string
	Msg    string
}

func (p Problem) String() string {
	return fmt.Sprintf("%s: kernel %s not translated: %s", p.Pos, p.Kernel, p.Msg)
}

// Launch is one kernel instance the harness launches.
type Launch struct {
	Name        string // the __global__ function
	Kernel      string // the Go kernel
	Pos         token.Position
	Grid, Block [3]int
	Cluster     [3]int // zero when the launch has no cluster
	SharedBytes int    // dynamic shared memory of the Go launch
	Arch        string
	Args        []string // how each parameter is set, for the header
	// Context is the analyzer's evaluation of the kernel under this
	// launch, in Package.
	Context *kernels.Context
	Package *Package
}

// Output is the translation of one package.
type Output struct {
	Source   string // the .cu file: kernels and host harness
	Launches []Launch
	Problems []Problem
}

// unsupported is the panic value of a construct the translator does not
// know; translating a kernel recovers it into a Problem.
type unsupported struct {
	pos token.Pos
	msg string
}

func fail(n ast.Node, format string, args ...any) {
	var pos token.Pos
	if n != nil {
		pos = n.Pos()
	}
	panic(unsupported{pos, fmt.Sprintf(format, args...)})
}

// Generate translates the kernels of pkgs into one file.
func Generate(pkgs []*Package, opt Options) *Output {
	if opt.DefaultInt == 0 {
		opt.DefaultInt = 1024
	}
	if opt.DefaultGrid == 0 {
		opt.DefaultGrid = 8
	}
	if opt.DefaultShared == 0 {
		opt.DefaultShared = 16 << 10
	}
	if opt.SliceBytes == 0 {
		opt.SliceBytes = 64 << 20
	}
	ts := newTypeSet(types.SizesFor("gc", "amd64"))
	out := &Output{}
	var body strings.Builder
	var args [][]argValue
	for pi, p := range pkgs {
		if p.Sizes == nil {
			p.Sizes = ts.sizes
		}
		g := &gen{p: p, opt: opt, types: ts, pkg: pi, funcs: map[*types.Func]*ast.FuncDecl{}, done: map[string]string{}}
		g.indexFuncs()
		var kernelsText []string
		seen := map[string]bool{}
		for _, c := range sortedContexts(p) {
			fd := g.declOf(c)
			var call *ast.CallExpr
			if fd == nil {
				var why string
				fd, call, why = g.closureKernel(c)
				if fd == nil {
					out.Problems = append(out.Problems, Problem{p.Fset.Position(c.Pos), c.Kernel, why})
					continue
				}
			}
			key := instanceKey(c)
			if seen[key] {
				continue
			}
			seen[key] = true
			name := fmt.Sprintf("%s__%d", cName(fd.Name.Name), len(out.Launches)+len(out.Problems))
			text, launch, as, prob := g.kernel(c, fd, name, call)
			if prob != nil {
				out.Problems = append(out.Problems, *prob)
				continue
			}
			launch.Context, launch.Package = c, p
			kernelsText = append(kernelsText, text)
			out.Launches = append(out.Launches, launch)
			args = append(args, as)
		}
		for _, d := range g.sharedDecls {
			body.WriteString(d)
		}
		for _, d := range g.devOrder {
			body.WriteString(g.devProtos[d])
		}
		for _, d := range g.devOrder {
			body.WriteString(g.devBodies[d])
		}
		for _, k := range kernelsText {
			body.WriteString(k)
		}
	}
	var b strings.Builder
	b.WriteString(prelude)
	b.WriteString(ts.decls())
	b.WriteString(body.String())
	b.WriteString(harness(out.Launches, args))
	out.Source = b.String()
	return out
}

// instanceKey identifies a kernel under one launch: contexts that only
// differ in what the analyzer learnt are one instance.
func instanceKey(c *kernels.Context) string {
	s := c.Shape
	return fmt.Sprintf("%s|%d|%v|%v|%v|%d|%s", c.Kernel, c.Pos, s.Block, s.Grid, s.Cluster, s.SharedBytes, c.Arch.Name)
}

func sortedContexts(p *Package) []*kernels.Context {
	cs := append([]*kernels.Context(nil), p.Contexts...)
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].Pos < cs[j].Pos })
	return cs
}

// linePath is the file name #line directives give.
func (g *gen) linePath(pos token.Pos) string {
	return LinePath(g.opt.Base, g.p.Fset.Position(pos).Filename)
}

// LinePath is the name #line directives give a Go file: its path relative
// to base, or its base name when base is empty or not above it.
func LinePath(base, name string) string {
	if base != "" {
		if rel, err := filepath.Rel(base, name); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.Base(name)
}

// lineDirective returns the #line directive of the line pos is on.
func (g *gen) lineDirective(pos token.Pos) string {
	return fmt.Sprintf("#line %d %q\n", g.p.Fset.Position(pos).Line, g.linePath(pos))
}

// cKeywords are names Go allows and C++ or CUDA reserve.
var cKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`auto bool break case catch char class const constexpr continue default delete do
		double else enum explicit export extern false float for friend goto if inline int long mutable namespace new
		operator private protected public register return short signed sizeof static struct switch template this throw
		true try typedef typeid typename union unsigned using virtual void volatile while threadIdx blockIdx blockDim
		gridDim warpSize min max abs signbit isnan isinf and or not xor asm dim3 main`) {
		cKeywords[k] = true
	}
}

// cName turns a Go identifier into one C++ accepts.
func cName(s string) string {
	if cKeywords[s] || strings.HasPrefix(s, "__") {
		return s + "_"
	}
	return s
}
