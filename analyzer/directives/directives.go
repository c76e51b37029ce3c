package directives

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/directive"
	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/internal/simtapi"
	"github.com/smemlint/smemlint/model"
)

//go:embed doc.go
var doc string

// New returns the check of malformed directives; isCheck tells the names
// a //smemlint:ignore may give. The suite (analyzer.Checks) makes the one
// instance, from its own list, so that no list of names is kept by hand.
func New(isCheck func(string) bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "directives",
		Doc:  doctext.MustExtract(doc, "directives"),
		URL:  "https://github.com/smemlint/smemlint/blob/main/docs/checks/directives.md",
		Run:  func(pass *analysis.Pass) (any, error) { return run(pass, isCheck) },
		// config: the -arch a directive without arch= is checked against;
		// kernels: the simt.Config literals whose shape simt.Launch rejects.
		Requires: []*analysis.Analyzer{config.Analyzer, kernels.Analyzer},
	}
}

func run(pass *analysis.Pass, isCheck func(string) bool) (any, error) {
	if err := config.FileErrorOf(pass); err != nil && len(pass.Files) > 0 {
		// Editors show diagnostics, not analyzer errors: this is where a
		// malformed smemlint.conf shows in gopls and smemlint lsp.
		f := pass.Files[0]
		pass.Report(analysis.Diagnostic{Pos: f.Package, End: f.Name.End(), Category: "directives", Message: err.Error()})
		return nil, nil
	}
	if c := config.ForPass(pass); c != nil && !c.Enabled("directives") {
		return nil, nil
	}
	for _, f := range pass.Files {
		onKernel := kernelDocComments(pass, f)
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				checkComment(pass, c, onKernel[cg], isCheck)
			}
		}
	}
	for _, r := range pass.ResultOf[kernels.Analyzer].(*kernels.Result).Rejected {
		pass.Report(analysis.Diagnostic{Pos: r.Pos, Category: "directives", Message: r.Msg})
	}
	return nil, nil
}

func checkComment(pass *analysis.Pass, c *ast.Comment, onKernel bool, isCheck func(string) bool) {
	report := func(msg string) {
		pass.Report(analysis.Diagnostic{Pos: c.Pos(), End: c.End(), Category: "directives", Message: msg})
	}
	name, args, ok := directive.Split(c.Text)
	if !ok {
		if msg := directive.NearMiss(c.Text); msg != "" {
			report(msg)
		}
		return
	}
	switch name {
	case "ignore":
		if _, err := directive.ParseIgnore(args, isCheck); err != nil {
			report(err.Error())
		}
	case "launch":
		l, err := directive.ParseLaunch(args)
		if err != nil {
			report(err.Error())
			return
		}
		if err := checkShape(l, pass.ResultOf[config.Analyzer].(*config.Config)); err != nil {
			report("//smemlint:launch: " + err.Error())
		}
		if !onKernel {
			report("//smemlint:launch belongs in the doc comment of a kernel (a function whose first parameter is *simt.Thread)")
		}
	default:
		report("unknown directive //smemlint:" + name + " (known: launch, ignore)")
	}
}

// checkShape applies the launch rules of the simulator's Launch to a
// directive's shape, on the directive's profile or else -arch's.
func checkShape(l directive.Launch, cfg *config.Config) error {
	arch := cfg.Arch
	if l.Arch != "" {
		a, err := model.Lookup(l.Arch, cfg.BankMode)
		if err != nil {
			return err
		}
		arch = a
	}
	s := model.LaunchShape{Block: l.Block, Grid: l.Grid, Cluster: l.Cluster, NoGrid: l.Grid == [3]int{}, SharedBytes: max(l.Shared, 0)}
	return arch.CheckLaunch(s)
}

// kernelDocComments marks the doc comments of kernel functions.
func kernelDocComments(pass *analysis.Pass, f *ast.File) map[*ast.CommentGroup]bool {
	out := map[*ast.CommentGroup]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc == nil {
			continue
		}
		if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && simtapi.IsKernelSig(fn.Signature()) {
			out[fd.Doc] = true
		}
	}
	return out
}
