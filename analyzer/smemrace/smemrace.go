package smemrace

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/racenote"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/model"
)

//go:embed doc.go
var doc string

// Analyzer reports shared-memory races between barriers.
var Analyzer = &analysis.Analyzer{
	Name:     "smemrace",
	Doc:      doctext.MustExtract(doc, "smemrace"),
	URL:      "https://github.com/smemlint/smemlint/blob/main/docs/checks/smemrace.md",
	Requires: []*analysis.Analyzer{kernels.Analyzer},
	Run:      run,
}

// Race is one statement with an access that races with another thread's.
type Race struct {
	Ctx  *kernels.Context
	Stmt any               // the statement (see kernels.StmtKey)
	C    *kernels.Conflict // B is the access in Stmt
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, "smemrace")
	seen := map[any]bool{}
	for _, ctx := range res.Contexts {
		for _, r := range Races(ctx) {
			node := ctx.Anchor(r.C.B.Node, r.C.B.Calls)
			if !seen[r.Stmt] && node != nil {
				seen[r.Stmt] = true
				rep.Reportf(node, Message(r))
			}
		}
	}
	racenote.Report(rep, res, racenote.Keep{
		Unchecked: func(u *kernels.Unchecked) bool { return u.B.Shared() },
		Degenerate: func(ctx *kernels.Context, r *kernels.Race) (string, bool) {
			if !(r.Scope == kernels.AcrossWarps && r.C.B.Shared()) {
				return "", false
			}
			return Message(&Race{Ctx: ctx, Stmt: r.SiteB, C: r.C}), true
		},
	}, seen)
	return nil, nil
}

// Races returns the races of the context with a racing pair of threads in
// two warps, one per statement (the engine decides, once per pair of
// sites, which check owns a race: see kernels.Context.Races). Shared
// memory only.
func Races(ctx *kernels.Context) []*Race {
	var out []*Race
	for _, r := range ctx.Races() {
		if r.Scope == kernels.AcrossWarps && r.C.B.Shared() && r.Degenerate == nil {
			out = append(out, &Race{Ctx: ctx, Stmt: r.SiteB, C: r.C})
		}
	}
	return out
}

// Message describes a race.
func Message(r *Race) string {
	c, ctx := r.C, r.Ctx
	var b strings.Builder
	fmt.Fprintf(&b, "shared-memory race on %s between warps: %s %s %s and %s %s %s, byte %d of %s (warps %d and %d),",
		c.A.Array.Name,
		ctx.ThreadText(c.TA), c.A.Action(), ctx.Where(c.A),
		ctx.ThreadText(c.TB), c.B.Action(), ctx.Where(c.B),
		c.Offset, c.A.Array.Name, c.TA/model.WarpSize, c.TB/model.WarpSize)
	if c.Loop != nil {
		fmt.Fprintf(&b, " in different iterations of %s (%s),", c.Loop.Text, ctx.PosText(c.Loop.Pos))
	}
	b.WriteString(" with no barrier between")
	if c.Bindings != "" {
		fmt.Fprintf(&b, ", with %s", c.Bindings)
	}
	fmt.Fprintf(&b, "; %s", ctx.BlockText())
	return b.String()
}
