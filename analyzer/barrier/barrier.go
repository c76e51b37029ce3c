package barrier

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

//go:embed doc.go
var doc string

// Analyzer reports barriers reached under thread-dependent control.
var Analyzer = &analysis.Analyzer{
	Name:     "barrier",
	Doc:      doctext.MustExtract(doc, "barrier"),
	URL:      "https://github.com/smemlint/smemlint/blob/main/docs/checks/barrier.md",
	Requires: []*analysis.Analyzer{kernels.Analyzer},
	Run:      run,
	// The findings, for tests and tools that pair them with launches.
	ResultType: reflect.TypeFor[[]*Finding](),
}

// Finding is one barrier that some threads do not reach.
type Finding struct {
	Ctx  *kernels.Context
	Sync *kernels.Sync
	// Node is where to report: the barrier, or the device-function call
	// that reaches it under the splitting condition.
	Node    ast.Node
	Message string
	// Cause is where the threads part: the condition or the exit that
	// keeps some of them from the barrier; token.NoPos where the finding
	// has no such place (a SyncWarp mask). Barriers with one cause are
	// one defect, reported once.
	Cause token.Pos
	// branch tells the then- from the else-branch of one condition:
	// barriers in both are two defects, as CUDA counts them.
	branch kernels.CtrlKind
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, "barrier")
	found := Findings(res)
	for _, group := range byCause(found) {
		var fs []*Finding
		var nodes []ast.Node
		at := map[token.Pos]bool{}
		for _, f := range group {
			if node := f.Ctx.Anchor(f.Node, f.Sync.Calls); node != nil && !at[node.Pos()] {
				at[node.Pos()] = true
				fs, nodes = append(fs, f), append(nodes, node)
			}
		}
		if len(fs) == 0 {
			continue
		}
		d := analysis.Diagnostic{Pos: nodes[0].Pos(), End: nodes[0].End(), Message: fs[0].Message}
		switch more := len(fs) - 1; {
		case more == 1:
			d.Message += " (the same cause keeps them from 1 more barrier, a related location)"
		case more > 1:
			d.Message += fmt.Sprintf(" (the same cause keeps them from %d more barriers, related locations)", more)
		}
		for i, f := range fs[1:] {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: nodes[i+1].Pos(), End: nodes[i+1].End(),
				Message: "the same cause: " + f.Message})
		}
		rep.Report(d)
	}
	return found, nil
}

// byCause groups the findings of a context whose threads part at one
// place: a return before two barriers is one defect, reported at the
// first with the second as a related location. Findings without a cause
// stay alone.
func byCause(found []*Finding) [][]*Finding {
	type key struct {
		ctx    *kernels.Context
		cause  token.Pos
		branch kernels.CtrlKind
	}
	var out [][]*Finding
	index := map[key]int{}
	for _, f := range found {
		k := key{f.Ctx, f.Cause, f.branch}
		if i, ok := index[k]; ok && f.Cause.IsValid() {
			out[i] = append(out[i], f)
			continue
		}
		index[k] = len(out)
		out = append(out, []*Finding{f})
	}
	return out
}

// Findings checks every barrier of every context.
func Findings(res *kernels.Result) []*Finding {
	var out []*Finding
	for _, ctx := range res.Contexts {
		for _, s := range ctx.Syncs {
			if f := Check(ctx, s); f != nil {
				out = append(out, f)
			}
		}
	}
	return out
}

// Check returns the finding for one synchronisation event, or nil.
func Check(ctx *kernels.Context, s *kernels.Sync) *Finding {
	switch s.Kind {
	case kernels.SyncThreads, kernels.ClusterSync:
		return checkBlock(ctx, s)
	case kernels.SyncWarp:
		return checkWarp(ctx, s)
	}
	return nil
}

// checker holds what the messages about one barrier need.
type checker struct {
	ctx  *kernels.Context
	s    *kernels.Sync
	name string // "SyncThreads", "Cluster().Sync", "SyncWarp(0xffffffff)"
	unit string // what deadlocks: "block", "cluster"
}

func newChecker(ctx *kernels.Context, s *kernels.Sync) *checker {
	c := &checker{ctx: ctx, s: s, name: "SyncThreads", unit: "block"}
	switch s.Kind {
	case kernels.ClusterSync:
		c.name, c.unit = "Cluster().Sync", "cluster"
	case kernels.SyncWarp:
		c.name = "SyncWarp"
		if m, ok := s.Mask.IsConst(); ok {
			c.name = fmt.Sprintf("SyncWarp(0x%08x)", uint64(m)&kernels.FullMask)
		}
	}
	return c
}

func checkBlock(ctx *kernels.Context, s *kernels.Sync) *Finding {
	c := newChecker(ctx, s)
	for _, ctrl := range s.Ctrl {
		if c.dataDependent(ctrl.Pred, true) {
			return c.dataFinding(ctrl)
		}
	}
	guard := s.Guard()
	if sp := ctx.BlockSplit(affine.True, guard); sp != nil {
		i := c.culprit(sp.Env, allThreads(ctx))
		return c.splitFinding(s.Ctrl[i], sp.Bindings(), sp.Skipping())
	}
	for _, e := range ctx.SkippingExits(s) {
		if c.dataDependent(e.Guard(), true) {
			return c.exitDataFinding(e)
		}
		if sp := ctx.BlockSplit(affine.OrP(e.Guard(), guard), e.Guard()); sp != nil {
			leave := make([]bool, len(sp.Hold))
			copy(leave, sp.Hold)
			return c.exitFinding(e, sp.Bindings(), leave)
		}
	}
	if s.Kind == kernels.ClusterSync {
		if cs := ctx.ClusterSplit(guard); cs != nil {
			return c.clusterFinding(cs)
		}
	}
	return nil
}

func checkWarp(ctx *kernels.Context, s *kernels.Sync) *Finding {
	c := newChecker(ctx, s)
	for _, ctrl := range s.Ctrl {
		if c.dataDependent(ctrl.Pred, false) && !s.Mask.DependsOn(ctx.IsData) {
			return c.dataFinding(ctrl)
		}
	}
	if mf, e := ctx.CollectiveFault(s); mf != nil {
		return c.maskFinding(mf, e)
	}
	return nil
}

// dataDependent reports whether p depends on data that differs between
// lanes (or, for block-wide barriers, between warps).
func (c *checker) dataDependent(p affine.Pred, warps bool) bool {
	for _, s := range p.Syms() {
		if c.ctx.IsVaryingData(s) || warps && c.ctx.IsWarpData(s) {
			return true
		}
	}
	return false
}

func allThreads(ctx *kernels.Context) []int {
	out := make([]int, ctx.Threads())
	for i := range out {
		out[i] = i
	}
	return out
}

// culprit returns the index of the first condition of the barrier's
// control that some of the given threads fail.
func (c *checker) culprit(env affine.Env, threads []int) int {
	return c.ctx.Culprit(c.s.Ctrl, env, threads)
}

// site returns where to report a finding whose cause is at pos, and the
// words that place the barrier when that is a device-function call.
func (c *checker) site(pos token.Pos) (ast.Node, string) {
	fn := c.ctx.FuncAt(pos)
	for _, at := range c.s.Calls {
		if c.ctx.FuncAt(at) != fn {
			continue
		}
		call := c.ctx.CallAt(at)
		if call == nil {
			break
		}
		return call, fmt.Sprintf(" (in %s, %s)", calleeName(call), c.ctx.PosText(c.s.Call.Pos()))
	}
	return c.s.Call, ""
}

func calleeName(call *ast.CallExpr) string {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.IndexExpr:
		return calleeName(&ast.CallExpr{Fun: f.X})
	}
	return "a device function"
}
