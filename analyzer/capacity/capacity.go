package capacity

import (
	_ "embed"
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/bankconflict"
	"github.com/smemlint/smemlint/analyzer/barrier"
	"github.com/smemlint/smemlint/analyzer/cluster"
	"github.com/smemlint/smemlint/analyzer/coalescing"
	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/analyzer/shuffle"
	"github.com/smemlint/smemlint/analyzer/smemrace"
	"github.com/smemlint/smemlint/analyzer/warpsync"
	"github.com/smemlint/smemlint/model"
)

//go:embed doc.go
var doc string

// Analyzer reports shared memory over the per-block limits.
var Analyzer = &analysis.Analyzer{
	Name: "capacity",
	Doc:  doctext.MustExtract(doc, "capacity"),
	URL:  "https://github.com/smemlint/smemlint/blob/main/docs/checks/capacity.md",
	// The checks that search or evaluate accesses run first, so that the
	// searches and evaluations the per-kernel budget cut are known when
	// this one reports them.
	Requires: []*analysis.Analyzer{kernels.Analyzer, bankconflict.Analyzer, barrier.Analyzer, cluster.Analyzer, coalescing.Analyzer, shuffle.Analyzer, smemrace.Analyzer, warpsync.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, "capacity")
	for _, ctx := range res.Contexts {
		check(rep, ctx, res.Config.Verbose)
	}
	// What the evaluation could not do (kernels without a launch shape,
	// ...), with -verbose; internal errors are the internalerror check's.
	for _, n := range res.Notes {
		if res.Config.Notes && (res.Config.Verbose || n.Always) {
			pass.Report(analysis.Diagnostic{Pos: n.Pos, Category: "capacity", Message: "note: " + n.Msg})
		}
	}
	reportCuts(pass, res)
	return nil, nil
}

// reportCuts reports the searches the per-kernel budget cut and the
// evaluations that stopped for a kernel too large: each at its site with
// -verbose, and always their count, once per package, so that a finding
// missing for want of time never passes in silence.
func reportCuts(pass *analysis.Pass, res *kernels.Result) {
	if !res.Config.Notes {
		return // -notes=false; with it -verbose is refused
	}
	var first, firstBig token.Pos
	cuts, kernelsCut, big := 0, 0, 0
	for _, ctx := range res.Contexts {
		for _, n := range ctx.Incomplete {
			if big == 0 {
				firstBig = ctx.Pos
			}
			big++
			if res.Config.Verbose {
				pass.Report(analysis.Diagnostic{Pos: n.Pos, Category: "capacity", Message: fmt.Sprintf(
					"note: in kernel %s (%s): %s", ctx.Kernel, ctx.Shape.Describe(), n.Msg)})
			}
		}
		cs := ctx.Cuts()
		if len(cs) == 0 {
			continue
		}
		if kernelsCut == 0 {
			first = ctx.Pos
		}
		cuts += len(cs)
		kernelsCut++
		if !res.Config.Verbose {
			continue
		}
		for _, c := range cs {
			pass.Report(analysis.Diagnostic{Pos: c.Pos, Category: "capacity", Message: fmt.Sprintf(
				"note: %s in kernel %s (%s) was cut short by the per-kernel search budget: a finding it would have made may be missing",
				c.Msg, ctx.Kernel, ctx.Shape.Describe())})
		}
	}
	if big > 0 {
		pass.Report(analysis.Diagnostic{Pos: firstBig, Category: "capacity", Message: fmt.Sprintf(
			"note: %d kernel context(s) of this package were too large to evaluate completely: accesses past the point where the evaluation stopped have no figure; -verbose shows where", big)})
	}
	if cuts > 0 {
		pass.Report(analysis.Diagnostic{Pos: first, Category: "capacity", Message: fmt.Sprintf(
			"note: the per-kernel search budget cut %d search(es) short in %d kernel(s) of this package; -verbose shows where", cuts, kernelsCut)})
	}
}

func check(rep *report.Reporter, ctx *kernels.Context, verbose bool) {
	arch := ctx.Arch
	static := ctx.StaticShared
	// Report at the Shared call that crosses the static limit.
	var total int64
	for _, arr := range ctx.Arrays {
		if !arr.IsShared() || arr.Dynamic {
			continue
		}
		before := total
		total += model.AlignShared(arr.Size) // as model.Arena counts it
		if total > int64(arch.StaticSharedPerBlock) && before <= int64(arch.StaticSharedPerBlock) {
			rep.Report(analysis.Diagnostic{Pos: arr.Decl, Message: fmt.Sprintf(
				"static shared memory of kernel %s reaches %s with %s (%s): over the %s a block may declare statically on %s",
				ctx.Kernel, model.Bytes(int(total)), arr.Name, model.Bytes(int(arr.Size)), model.Bytes(arch.StaticSharedPerBlock), arch.Name)})
		}
	}
	dyn := ctx.Shape.SharedBytes
	if dyn > 0 && static+dyn > int64(arch.MaxSharedPerBlock) {
		rep.Report(analysis.Diagnostic{Pos: ctx.Shape.Pos, Message: fmt.Sprintf(
			"shared memory of kernel %s is %s (%s static + %s dynamic): over the %s per block of %s",
			ctx.Kernel, model.Bytes(int(static+dyn)), model.Bytes(int(static)), model.Bytes(int(dyn)),
			model.Bytes(arch.MaxSharedPerBlock), arch.Name)})
		return
	}
	if !verbose || ctx.Shape.Source == kernels.Assumed {
		return
	}
	used := static + max(dyn, 0)
	if used == 0 {
		return
	}
	occ := arch.OccupancyOf(ctx.Shape.Block.Threads(), int(used))
	if occ.Limiter == "shared memory" {
		rep.Report(analysis.Diagnostic{Pos: ctx.Pos, Message: fmt.Sprintf(
			"note: kernel %s uses %s of shared memory per block: %d blocks per SM on %s (limited by shared memory; %s)",
			ctx.Kernel, model.Bytes(int(used)), occ.BlocksPerSM, arch.Name, ctx.Shape.Describe())})
	}
}
