package front

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/directive"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/internal/simtapi"
	"github.com/smemlint/smemlint/model"
)

// Finder collects the kernels, device functions, directives and launches
// of a package.
type Finder struct {
	pass *analysis.Pass
	cfg  *config.Config

	decls      map[*types.Func]*ast.FuncDecl // every function taking *simt.Thread first
	funcs      map[*types.Func]*ast.FuncDecl // every function of the package with a body
	order      []*types.Func                 // decls in source order
	called     map[*types.Func]bool          // called by another kernel-like function
	directives map[*types.Func]directive.Launch
	// badDirective holds kernels whose //smemlint:launch the simulator
	// would reject; the directives check reports why.
	badDirective map[*types.Func]bool
	launches     []*launch
	launched     map[*types.Func]bool
	vars         map[*types.Var]*kernelVar // kernels held in package variables
	varOrder     []*kernelVar
	launchedVar  map[*types.Var]bool
	hosts        map[ast.Node]*HostScope // host functions' constant-valued variables
	foreignMu    sync.Mutex              // kernels are evaluated in parallel
	foreign      map[string]*foreignPkg  // imported packages' kernels, by path
	notes        []ir.Note
	misused      map[token.Pos]bool // go statements and launches named by noteMisuse
	rejected     []ir.Note          // launches whose shape simt.Launch rejects
	src          *sources           // file contents, for the texts of messages
	consts       constTables
}

// launch is one simt.Launch call.
type launch struct {
	call    *ast.CallExpr
	shape   ir.Shape
	arch    string
	closure *ast.FuncLit // the kernel closure, or
	fn      *types.Func  // a kernel passed by name
	vars    []*types.Var // kernels held in variables that the launch runs
	host    *HostScope
}

// kernelVar is a kernel written as a function literal held in a package
// variable: var K = func(t *simt.Thread, …) {…}.
type kernelVar struct {
	obj  *types.Var
	name string
	lit  *ast.FuncLit
}

// Job is one kernel context to evaluate.
type Job struct {
	Pos     token.Pos
	Name    string
	Shape   ir.Shape
	Arch    string
	Closure *ast.FuncLit            // the launch closure, or
	Decl    *ast.FuncDecl           // the kernel
	Host    *HostScope              // the launching function's constant values
	Padding map[*ast.CallExpr]int64 // Shared calls whose innermost dimension is padded
}

func NewFinder(pass *analysis.Pass, cfg *config.Config) *Finder {
	return &Finder{
		pass: pass, cfg: cfg,
		decls:        map[*types.Func]*ast.FuncDecl{},
		funcs:        map[*types.Func]*ast.FuncDecl{},
		called:       map[*types.Func]bool{},
		directives:   map[*types.Func]directive.Launch{},
		badDirective: map[*types.Func]bool{},
		launched:     map[*types.Func]bool{},
		vars:         map[*types.Var]*kernelVar{},
		launchedVar:  map[*types.Var]bool{},
		hosts:        map[ast.Node]*HostScope{},
		foreign:      map[string]*foreignPkg{},
		src:          &sources{read: pass.ReadFile},
	}
}

func (f *Finder) Find() {
	for _, file := range f.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := f.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			f.funcs[fn] = fd
			if simtapi.IsKernelSig(fn.Signature()) {
				f.decls[fn] = fd
				f.order = append(f.order, fn)
				f.readDirective(fn, fd)
			}
		}
	}
	// Misuse is looked for once every function of the package is known:
	// a kernel reaches it through the device functions it calls.
	for _, fn := range f.order {
		f.noteMisuse(fn.Name(), f.decls[fn].Body)
	}
	f.findKernelVars()
	for _, file := range f.pass.Files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				f.scanBody(fd, fd.Body)
			}
		}
	}
}

// findKernelVars collects the kernels written as function literals held
// in package variables (var K = func(t *simt.Thread, …) {…}). They are
// evaluated like declared kernels: with the shape of the launches that run
// them (simt.Launch(cfg, K), or a launch closure calling K), else the
// configuration file's or the assumed one.
func (f *Finder) findKernelVars() {
	for _, file := range f.pass.Files {
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, v := range vs.Values {
					lit, ok := ast.Unparen(v).(*ast.FuncLit)
					if !ok || i >= len(vs.Names) {
						continue
					}
					sig, ok := f.pass.TypesInfo.TypeOf(lit).(*types.Signature)
					obj, isVar := f.pass.TypesInfo.Defs[vs.Names[i]].(*types.Var)
					if ok && isVar && simtapi.IsKernelSig(sig) {
						kv := &kernelVar{obj: obj, name: vs.Names[i].Name, lit: lit}
						f.vars[obj] = kv
						f.varOrder = append(f.varOrder, kv)
						f.noteMisuse(kv.name, lit.Body)
					}
				}
			}
		}
	}
}

func (f *Finder) readDirective(fn *types.Func, fd *ast.FuncDecl) {
	if fd.Doc == nil {
		return
	}
	for _, c := range fd.Doc.List {
		name, args, ok := directive.Split(c.Text)
		if !ok || name != "launch" {
			continue
		}
		l, err := directive.ParseLaunch(args)
		if err == nil {
			err = checkDirective(f.cfg, l)
		}
		if err != nil {
			// The directive check reports it. A launch seen elsewhere still
			// gives the kernel a shape; without one it is not evaluated.
			f.badDirective[fn] = true
			continue
		}
		f.directives[fn] = l
	}
}

// scanBody records calls between kernel-like functions and every launch.
func (f *Finder) scanBody(fd *ast.FuncDecl, body *ast.BlockStmt) {
	inKernel := false
	if fn, ok := f.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
		_, inKernel = f.decls[fn]
	}
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if callee := f.calleeFunc(call); callee != nil {
			if _, isKernel := f.decls[callee]; isKernel && inKernel {
				f.called[callee] = true
			}
		}
		if f.isSimtFunc(call, "Launch") && len(call.Args) == 2 {
			f.addLaunch(fd, call)
		}
		return true
	})
}

// calleeFunc returns the function or concrete method a call statically
// calls.
func (f *Finder) calleeFunc(call *ast.CallExpr) *types.Func {
	return typeutil.StaticCallee(f.pass.TypesInfo, call)
}

func (f *Finder) isSimtFunc(call *ast.CallExpr, name string) bool {
	fn := f.calleeFunc(call)
	return fn != nil && simtapi.IsSimtObj(fn, name) && fn.Signature().Recv() == nil
}

func (f *Finder) addLaunch(fd *ast.FuncDecl, call *ast.CallExpr) {
	host := f.host(fd)
	l := &launch{call: call, host: host}
	shape, arch, ok := host.launchShape(call.Args[0])
	if !ok {
		f.notes = append(f.notes, ir.Note{Pos: call.Pos(), Msg: "launch shape not evaluable: use a simt.Config literal with constant Block, or //smemlint:launch on the kernel"})
	}
	shape.Pos, shape.Source = call.Pos(), ir.FromLaunch
	l.shape, l.arch = shape, arch
	if ok {
		if err := checkShape(f.cfg, shape, arch); err != nil {
			// simt.Launch rejects it: no figure rests on it.
			f.rejected = append(f.rejected, ir.Note{Pos: call.Args[0].Pos(), Msg: "simt.Config: " + err.Error()})
			ok = false
		}
	}
	switch k := ast.Unparen(call.Args[1]).(type) {
	case *ast.FuncLit:
		l.closure = k
		f.noteMisuse(f.closureName(k), k.Body)
		ast.Inspect(k.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if fn := f.calleeFunc(c); fn != nil {
					if _, isKernel := f.decls[fn]; isKernel {
						f.launched[fn] = true
					}
				}
				if v := f.kernelVarOf(c.Fun); v != nil && !slices.Contains(l.vars, v) {
					l.vars = append(l.vars, v)
				}
			}
			return true
		})
	case *ast.Ident, *ast.SelectorExpr:
		id, _ := k.(*ast.Ident)
		if sel, ok := k.(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
		if fn, ok := f.pass.TypesInfo.Uses[id].(*types.Func); ok {
			l.fn = fn
			f.launched[fn] = true
		}
		if v := f.kernelVarOf(k); v != nil {
			l.vars = append(l.vars, v)
		}
	}
	if ok {
		for _, v := range l.vars {
			f.launchedVar[v] = true
		}
	}
	if ok {
		f.launches = append(f.launches, l)
	}
}

// noteMisuse names, without -verbose, what a kernel does that the
// simulator cannot run as the kernel's: a goroutine it starts is not a
// thread of the launch (its simt calls fail the launch, and a panic in it
// ends the process: Go recovers a panic only in the goroutine it happens
// in), and a kernel may not launch another. It looks in the kernel's body
// and in the functions of the package it calls, directly or through
// others: a go statement or a launch there is named at its place, with the
// chain of calls from the kernel. Each place is named once, for the first
// kernel in source order that reaches it.
func (f *Finder) noteMisuse(kernel string, body ast.Node) {
	if f.misused == nil {
		f.misused = map[token.Pos]bool{}
	}
	seen := map[*types.Func]bool{}
	var walk func(body ast.Node, via []string)
	walk = func(body ast.Node, via []string) {
		where := ""
		if len(via) > 0 {
			where = " in " + via[len(via)-1]
			if len(via) > 1 {
				where += " (called through " + strings.Join(via[:len(via)-1], ", ") + ")"
			}
		}
		var callees []*types.Func
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				if !f.misused[n.Pos()] {
					f.misused[n.Pos()] = true
					f.notes = append(f.notes, ir.Note{Pos: n.Pos(), Always: true,
						Msg: fmt.Sprintf("kernel %s starts a goroutine%s: it is not a thread of the launch; its simt calls fail the launch, and a panic in it ends the process (nothing can recover it)", kernel, where)})
				}
			case *ast.CallExpr:
				if f.isSimtFunc(n, "Launch") {
					if !f.misused[n.Pos()] {
						f.misused[n.Pos()] = true
						f.notes = append(f.notes, ir.Note{Pos: n.Pos(), Always: true,
							Msg: fmt.Sprintf("kernel %s calls simt.Launch%s: a kernel may not launch another; the inner launch fails", kernel, where)})
					}
				} else if fn := f.calleeFunc(n); fn != nil {
					callees = append(callees, fn.Origin())
				}
			}
			return true
		})
		for _, fn := range callees {
			fd := f.funcs[fn]
			if fd == nil || seen[fn] {
				continue
			}
			seen[fn] = true
			walk(fd.Body, append(via[:len(via):len(via)], funcName(fn)))
		}
	}
	walk(body, nil)
}

// funcName is fn's name as the source writes it: T.m for a method.
func funcName(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}

// kernelVarOf returns the kernel variable that x names, or nil.
func (f *Finder) kernelVarOf(x ast.Expr) *types.Var {
	var id *ast.Ident
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil
	}
	if v, ok := f.pass.TypesInfo.Uses[id].(*types.Var); ok && f.vars[v] != nil {
		return v
	}
	return nil
}

func (f *Finder) host(fd *ast.FuncDecl) *HostScope {
	if h, ok := f.hosts[fd]; ok {
		return h
	}
	h := NewHostScope(f.pass, fd.Body)
	f.hosts[fd] = h
	return h
}

// jobs returns the contexts to evaluate, in source order.
func (f *Finder) Jobs() []Job {
	var out []Job
	for _, l := range f.launches {
		if !l.shape.Block.Known() {
			continue
		}
		for _, v := range l.vars {
			kv := f.vars[v]
			out = append(out, Job{Pos: kv.lit.Pos(), Name: kv.name, Shape: l.shape, Arch: l.arch, Closure: kv.lit})
		}
		if l.closure != nil {
			if f.closureCallsDirectiveKernelOnly(l.closure) {
				continue
			}
			out = append(out, Job{Pos: l.closure.Pos(), Name: f.closureName(l.closure), Shape: l.shape, Arch: l.arch, Closure: l.closure, Host: l.host})
			continue
		}
		if _, hasDirective := f.directives[l.fn]; l.fn != nil && !hasDirective {
			if fd := f.decls[l.fn]; fd != nil {
				out = append(out, Job{Pos: fd.Pos(), Name: l.fn.Name(), Shape: l.shape, Arch: l.arch, Decl: fd})
			}
		}
	}
	for _, fn := range f.order {
		fd := f.decls[fn]
		if fn.Signature().TypeParams().Len() > 0 {
			f.notes = append(f.notes, ir.Note{Pos: fd.Pos(), Always: true,
				Msg: fmt.Sprintf("generic kernel %s is not evaluated: instantiate it in a non-generic kernel", fn.Name())})
			continue
		}
		if d, ok := f.directives[fn]; ok {
			out = append(out, Job{Pos: fd.Pos(), Name: fn.Name(), Shape: directiveShape(d, fd.Doc.Pos()), Arch: d.Arch, Decl: fd})
			continue
		}
		if f.launched[fn] || f.called[fn] {
			continue
		}
		if f.badDirective[fn] {
			f.notes = append(f.notes, ir.Note{Pos: fd.Pos(),
				Msg: fmt.Sprintf("kernel %s is not evaluated: its //smemlint:launch is a launch the simulator rejects (the directives check says why)", fn.Name())})
			continue
		}
		if d := f.cfg.Launch; d.Block[0] != 0 {
			// The configuration file's default shape, for kernels launched
			// where smemlint cannot see (another package, a variable).
			shape := directiveShape(d, fd.Pos())
			shape.Source = ir.FromConfig
			out = append(out, Job{Pos: fd.Pos(), Name: fn.Name(), Shape: shape, Decl: fd})
			continue
		}
		if usesThreadYZ(f.pass, fd.Body) {
			f.notes = append(f.notes, ir.Note{Pos: fd.Pos(), Msg: fmt.Sprintf("kernel %s uses ThreadIdx.Y/Z but no launch shape is known: add //smemlint:launch block=XxY", fn.Name())})
			continue
		}
		shape := ir.Shape{Block: ir.Dim{X: 256, Y: 1, Z: 1}, SharedBytes: -1, Source: ir.Assumed, Pos: fd.Pos()}
		out = append(out, Job{Pos: fd.Pos(), Name: fn.Name(), Shape: shape, Decl: fd})
	}
	return append(out, f.unlaunchedVarJobs()...)
}

// unlaunchedVarJobs returns the contexts of the kernel variables no launch
// of the package runs, as for a declared kernel without a launch: the
// configuration file's shape, else the assumed one.
func (f *Finder) unlaunchedVarJobs() []Job {
	var out []Job
	for _, kv := range f.varOrder {
		if f.launchedVar[kv.obj] {
			continue
		}
		pos := kv.lit.Pos()
		if d := f.cfg.Launch; d.Block[0] != 0 {
			shape := directiveShape(d, pos)
			shape.Source = ir.FromConfig
			out = append(out, Job{Pos: pos, Name: kv.name, Shape: shape, Closure: kv.lit})
			continue
		}
		if usesThreadYZ(f.pass, kv.lit.Body) {
			f.notes = append(f.notes, ir.Note{Pos: pos, Always: true,
				Msg: fmt.Sprintf("kernel %s is not evaluated: it uses ThreadIdx.Y/Z and no launch shape is known; launch it with a simt.Config literal", kv.name)})
			continue
		}
		shape := ir.Shape{Block: ir.Dim{X: 256, Y: 1, Z: 1}, SharedBytes: -1, Source: ir.Assumed, Pos: pos}
		out = append(out, Job{Pos: pos, Name: kv.name, Shape: shape, Closure: kv.lit})
	}
	return out
}

// closureCallsDirectiveKernelOnly reports whether a launch closure only
// calls kernels that carry their own //smemlint:launch, which wins.
func (f *Finder) closureCallsDirectiveKernelOnly(lit *ast.FuncLit) bool {
	kernels, withDirective := 0, 0
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if fn := f.calleeFunc(c); fn != nil {
				if _, isKernel := f.decls[fn]; isKernel {
					kernels++
					if _, ok := f.directives[fn]; ok {
						withDirective++
					}
				}
			}
		}
		return true
	})
	return kernels > 0 && kernels == withDirective
}

// closureName names a launch closure after the kernel it calls.
func (f *Finder) closureName(lit *ast.FuncLit) string {
	name := ""
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && name == "" {
			if fn := f.calleeFunc(c); fn != nil {
				if _, isKernel := f.decls[fn]; isKernel {
					name = fn.Name()
				}
			}
		}
		return name == ""
	})
	if name == "" {
		p := f.pass.Fset.Position(lit.Pos())
		return fmt.Sprintf("closure at %s:%d", report.ShortFile(p.Filename), p.Line)
	}
	return name
}

func directiveShape(d directive.Launch, pos token.Pos) ir.Shape {
	s := ir.Shape{
		Block:       ir.Dim{X: d.Block[0], Y: d.Block[1], Z: d.Block[2]},
		Grid:        ir.Dim{X: d.Grid[0], Y: d.Grid[1], Z: d.Grid[2]},
		Cluster:     ir.Dim{X: d.Cluster[0], Y: d.Cluster[1], Z: d.Cluster[2]},
		SharedBytes: d.Shared,
		Source:      ir.FromDirective,
		Pos:         pos,
	}
	return s
}

// usesThreadYZ reports whether a kernel reads ThreadIdx.Y or .Z itself.
func usesThreadYZ(pass *analysis.Pass, body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "Y" && sel.Sel.Name != "Z") {
			return true
		}
		if inner, ok := sel.X.(*ast.SelectorExpr); ok && inner.Sel.Name == "ThreadIdx" {
			found = found || simtapi.IsThreadPtr(pass.TypesInfo.TypeOf(inner.X))
		}
		return true
	})
	return found
}

// LookupArch resolves a context's architecture: a directive's or launch's
// Arch, else the -arch flag.
func LookupArch(cfg *config.Config, name string) (*model.Arch, error) {
	if name == "" {
		return cfg.Arch, nil
	}
	return model.Lookup(name, cfg.BankMode)
}

// Func returns the declaration of a function of the package with a body.
func (f *Finder) Func(fn *types.Func) (*ast.FuncDecl, bool) {
	fd, ok := f.funcs[fn]
	return fd, ok
}

// Text returns the source text of n, for messages.
func (f *Finder) Text(n ast.Node) string { return f.src.text(f.pass.Fset, n) }

// Notes returns what discovery could not do, for -v.
func (f *Finder) Notes() []ir.Note { return f.notes }

// Rejected returns the launches whose simt.Config the simulator rejects,
// with the rule each breaks.
func (f *Finder) Rejected() []ir.Note { return f.rejected }
