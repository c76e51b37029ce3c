package simcheck

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// Analyzed is one file analyzed in process.
type Analyzed struct {
	File   *ast.File
	Info   *types.Info
	Pkg    *types.Package
	Result *kernels.Result
}

// simtTypes holds simt type-checked from source, once per file set.
var simtTypes sync.Map // *token.FileSet -> func() (*types.Package, error)

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// AnalyzeSource type-checks src, a Go file that imports nothing but simt,
// as a package of its own and runs the kernels analyzer on it, as go vet
// would, with nothing loaded from disk but simt's source (once per file
// set). It is for tests and the fuzzer: no go command runs.
func AnalyzeSource(fset *token.FileSet, name, src string) (*Analyzed, error) {
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	load, _ := simtTypes.LoadOrStore(fset, sync.OnceValues(func() (*types.Package, error) {
		return importer.ForCompiler(fset, "source", nil).Import(kernels.SimtPath)
	}))
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Instances: map[*ast.Ident]types.Instance{},
		Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes: map[ast.Node]*types.Scope{}, FileVersions: map[*ast.File]string{},
	}
	sizes := types.SizesFor("gc", "amd64")
	conf := types.Config{Sizes: sizes, Importer: importerFunc(func(path string) (*types.Package, error) {
		if path != kernels.SimtPath {
			return nil, fmt.Errorf("simcheck: %s imports %q; only simt can be imported here", name, path)
		}
		return load.(func() (*types.Package, error))()
	})}
	pkg, err := conf.Check(f.Name.Name, fset, []*ast.File{f}, info)
	if err != nil {
		return nil, err
	}
	pass := &analysis.Pass{
		Analyzer: config.Analyzer, Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info, TypesSizes: sizes,
		ResultOf: map[*analysis.Analyzer]any{}, Report: func(analysis.Diagnostic) {},
		// The package is alone: there are no facts to import, and those
		// exported go nowhere.
		ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
		ExportPackageFact: func(analysis.Fact) {},
		ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
		ExportObjectFact:  func(types.Object, analysis.Fact) {},
		AllPackageFacts:   func() []analysis.PackageFact { return nil },
		AllObjectFacts:    func() []analysis.ObjectFact { return nil },
	}
	cfg, err := config.Analyzer.Run(pass)
	if err != nil {
		return nil, err
	}
	pass.Analyzer, pass.ResultOf[config.Analyzer] = kernels.Analyzer, cfg
	res, err := kernels.Analyzer.Run(pass)
	if err != nil {
		return nil, err
	}
	return &Analyzed{File: f, Info: info, Pkg: pkg, Result: res.(*kernels.Result)}, nil
}
