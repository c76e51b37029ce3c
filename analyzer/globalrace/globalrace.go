package globalrace

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
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, "globalrace")
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
		Unchecked: func(u *kernels.Unchecked) bool { return !u.B.Shared() },
		Degenerate: func(ctx *kernels.Context, r *kernels.Race) (string, bool) {
			if !(r.Scope != kernels.InWarp && !r.C.B.Shared()) {
				return "", false
			}
			return Message(&Race{Ctx: ctx, Stmt: r.SiteB, C: r.C}), true
		},
	}, seen)
	return nil, nil
}

// Races returns the global-memory races of the context whose racing pair
// of threads lies in two warps or two blocks, one per statement (the
// engine decides, once per pair of sites, which check owns a race: see
// kernels.Context.Races).
func Races(ctx *kernels.Context) []*Race {
	var out []*Race
	for _, r := range ctx.Races() {
		if r.Scope != kernels.InWarp && !r.C.B.Shared() && r.Degenerate == nil {
			out = append(out, &Race{Ctx: ctx, Stmt: r.SiteB, C: r.C})
		}
	}
	return out
}

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
