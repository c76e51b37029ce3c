package internalerror

import (
	_ "embed"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

//go:embed doc.go
var doc string

// New returns the check. It runs after the checks in after, since faults
// are also met while they ask their questions; the suite
// (analyzer.Checks) makes the one instance, after every other check.
func New(after []*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "internalerror",
		Doc:      doctext.MustExtract(doc, "internalerror"),
		URL:      "https://github.com/smemlint/smemlint/blob/main/docs/checks/internalerror.md",
		Requires: append([]*analysis.Analyzer{kernels.Analyzer}, after...),
		Run:      run,
	}
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, "internalerror")
	for _, f := range Faults(res) {
		rep.Report(analysis.Diagnostic{Pos: f.Pos, Message: f.Error()})
	}
	return nil, nil
}

// Faults returns every fault of res: those that stopped a kernel's
// evaluation and those recorded in its contexts, in source order.
func Faults(res *kernels.Result) []kernels.Fault {
	out := slices.Clone(res.Faults)
	for _, ctx := range res.Contexts {
		out = append(out, ctx.Faults()...)
	}
	slices.SortStableFunc(out, func(a, b kernels.Fault) int { return int(a.Pos - b.Pos) })
	return out
}
