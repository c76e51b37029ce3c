package front

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"os"

	"golang.org/x/tools/go/analysis"
)

// SourceFact is exported for every package that uses the kernel API: the
// Go files of the package. A package that launches a kernel of another
// package (or calls its device functions) reads and type-checks those
// files again to evaluate the kernel with its own launch shape and
// arguments.
type SourceFact struct {
	Files []string
}

// AFact marks SourceFact as a go/analysis fact.
func (*SourceFact) AFact() {}

func (f *SourceFact) String() string { return fmt.Sprintf("kernel source: %d files", len(f.Files)) }

// ExportSource records the package's files for the packages importing it.
func ExportSource(pass *analysis.Pass) {
	var files []string
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil {
			files = append(files, tf.Name())
		}
	}
	pass.ExportPackageFact(&SourceFact{Files: files})
}

// foreignPkg is another package's source, type-checked again in this pass.
type foreignPkg struct {
	pkg   *types.Package
	info  *types.Info
	funcs map[*types.Func]*ast.FuncDecl
	err   error
}

// foreignDecl returns the declaration of fn, a function of an imported
// package that uses the kernel API, with the type information of its
// body, and fn's object in that information.
func (f *Finder) ForeignDecl(fn *types.Func) (*ast.FuncDecl, *types.Info, *types.Func, bool) {
	if fn.Pkg() == nil {
		return nil, nil, nil, false
	}
	f.foreignMu.Lock()
	fp := f.loadForeign(fn.Pkg())
	f.foreignMu.Unlock()
	if fp == nil || fp.err != nil {
		return nil, nil, nil, false
	}
	var local *types.Func
	if recv := fn.Signature().Recv(); recv == nil {
		local, _ = fp.pkg.Scope().Lookup(fn.Name()).(*types.Func)
	}
	if local == nil {
		// Already an object of the re-checked package (a call inside it).
		local = fn
	}
	fd, ok := fp.funcs[local]
	return fd, fp.info, local, ok
}

func (f *Finder) loadForeign(pkg *types.Package) *foreignPkg {
	if fp, ok := f.foreign[pkg.Path()]; ok {
		return fp
	}
	fp := &foreignPkg{}
	f.foreign[pkg.Path()] = fp
	var fact SourceFact
	if !f.pass.ImportPackageFact(pkg, &fact) {
		fp.err = errors.New("no source fact")
		return fp
	}
	var files []*ast.File
	for _, name := range fact.Files {
		src, err := os.ReadFile(name)
		if err != nil {
			fp.err = err
			return fp
		}
		file, err := parser.ParseFile(f.pass.Fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			fp.err = err
			return fp
		}
		f.src.add(f.pass.Fset.File(file.FileStart), src)
		files = append(files, file)
	}
	fp.info = &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances: map[*ast.Ident]types.Instance{},
	}
	conf := types.Config{
		Importer: graphImporter{root: f.pass.Pkg},
		Sizes:    f.pass.TypesSizes,
		// The package compiled, so errors here come from imports the
		// export data does not describe: keep what could be checked.
		Error: func(error) {},
	}
	fp.pkg, _ = conf.Check(pkg.Path(), f.pass.Fset, files, fp.info)
	fp.funcs = map[*types.Func]*ast.FuncDecl{}
	for _, file := range files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := fp.info.Defs[fd.Name].(*types.Func); ok {
					fp.funcs[fn] = fd
				}
			}
		}
	}
	return fp
}

// graphImporter imports packages from the import graph of pkg, which the
// driver already loaded.
type graphImporter struct{ root *types.Package }

func (g graphImporter) Import(path string) (*types.Package, error) {
	seen := map[*types.Package]bool{}
	var find func(p *types.Package) *types.Package
	find = func(p *types.Package) *types.Package {
		if seen[p] {
			return nil
		}
		seen[p] = true
		for _, imp := range p.Imports() {
			if imp.Path() == path {
				return imp
			}
			if found := find(imp); found != nil {
				return found
			}
		}
		return nil
	}
	if p := find(g.root); p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("package %s is not among the imports of %s", path, g.root.Path())
}
