package globalrace

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

// Analyzer reports global-memory races between warps and between blocks.
var Analyzer = &analysis.Analyzer{
	Name:     "globalrace",
	Doc:      doctext.MustExtract(doc, "globalrace"),
	URL:      "https://github.com/smemlint/smemlint/blob/main/docs/checks/globalrace.md",
	Requires: []*analysis.Analyzer{kernels.Analyzer},
	Run:      run,
}

// Race is one statement with a global-memory access that races with
// another thread's, in another warp or another block.
type Race struct {
	Ctx  *kernels.Context
	Stmt any               // the statement (see kernels.StmtKey)
	C    *kernels.Conflict // B is the access in Stmt
}

func run(pass *analysis.Pass) (any, error) {
	return racenote.Run(pass, racenote.Owner{
		Name:   "globalrace",
		Shared: false,
		Owns:   owns,
		Message: func(ctx *kernels.Context, r *kernels.Race) string {
			return Message(&Race{Ctx: ctx, Stmt: r.SiteB, C: r.C})
		},
	})
}

// owns selects the races this check reports: a racing pair of threads in
// two warps or two blocks, in global memory (the engine decides, once per
// pair of sites, which check owns a race: see kernels.Context.Races).
func owns(r *kernels.Race) bool { return r.Scope != kernels.InWarp && !r.C.B.Shared() }

// Message describes a race.
func Message(r *Race) string {
	c, ctx := r.C.InOrder(), r.Ctx
	var b strings.Builder
	if c.Blocks {
		fmt.Fprintf(&b, "global-memory race on %s between blocks: %s of block %s %s %s and %s of block %s %s %s, byte %d of %s,",
			c.A.Array.Name,
			ctx.ThreadText(c.TA), blockText(c.BlockA), c.A.Action(), ctx.Where(c.A),
			ctx.ThreadText(c.TB), blockText(c.BlockB), c.B.Action(), ctx.Where(c.B),
			c.Offset, c.A.Array.Name)
		if c.Loop != nil {
			fmt.Fprintf(&b, " in iterations of %s (%s),", c.Loop.Text, ctx.PosText(c.Loop.Pos))
		}
		b.WriteString(" and no barrier orders two blocks")
	} else {
		fmt.Fprintf(&b, "global-memory race on %s between warps: %s %s %s and %s %s %s, byte %d of %s (warps %d and %d),",
			c.A.Array.Name,
			ctx.ThreadText(c.TA), c.A.Action(), ctx.Where(c.A),
			ctx.ThreadText(c.TB), c.B.Action(), ctx.Where(c.B),
			c.Offset, c.A.Array.Name, c.TA/model.WarpSize, c.TB/model.WarpSize)
		if c.Loop != nil {
			fmt.Fprintf(&b, " in different iterations of %s (%s),", c.Loop.Text, ctx.PosText(c.Loop.Pos))
		}
		b.WriteString(" with no barrier between")
	}
	if c.Bindings != "" {
		fmt.Fprintf(&b, ", with %s", c.Bindings)
	}
	fmt.Fprintf(&b, "; %s", ctx.BlockText())
	return b.String()
}

// blockText names a block index: "1", or "(1,0)" / "(1,0,2)" when a
// later component is not zero.
func blockText(v [3]int64) string {
	switch {
	case v[2] != 0:
		return fmt.Sprintf("(%d,%d,%d)", v[0], v[1], v[2])
	case v[1] != 0:
		return fmt.Sprintf("(%d,%d)", v[0], v[1])
	}
	return fmt.Sprint(v[0])
}
