package smemrace

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/racenote"
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
	return racenote.Run(pass, racenote.Owner{
		Name:   "smemrace",
		Shared: true,
		Owns:   owns,
		Message: func(ctx *kernels.Context, r *kernels.Race) string {
			return Message(&Race{Ctx: ctx, Stmt: r.SiteB, C: r.C})
		},
	})
}

// owns selects the races this check reports: a racing pair of threads in
// two warps, in shared memory (the engine decides, once per pair of
// sites, which check owns a race: see kernels.Context.Races).
func owns(r *kernels.Race) bool { return r.Scope == kernels.AcrossWarps && r.C.B.Shared() }

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
