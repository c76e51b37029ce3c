package warpsync

import (
	_ "embed"
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/model"
)

//go:embed doc.go
var doc string

// Analyzer reports lanes of a warp that communicate through memory with
// no SyncWarp between.
var Analyzer = &analysis.Analyzer{
	Name:     "warpsync",
	Doc:      doctext.MustExtract(doc, "warpsync"),
	URL:      "https://github.com/smemlint/smemlint/blob/main/docs/checks/warpsync.md",
	Requires: []*analysis.Analyzer{kernels.Analyzer},
	Run:      run,
}

// Hazard is one statement whose access meets another lane's earlier
// access of the same bytes (A runs first).
type Hazard struct {
	Ctx  *kernels.Context
	Stmt any               // the statement of the later access (see kernels.StmtKey)
	C    *kernels.Conflict // A runs before B; one of them stores
	Fix  *analysis.SuggestedFix
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, "warpsync")
	seen := map[any]bool{}
	fixed := map[token.Pos]bool{}
	for _, ctx := range res.Contexts {
		for _, h := range Hazards(ctx) {
			node := ctx.Anchor(h.C.B.Node, h.C.B.Calls)
			if seen[h.Stmt] || node == nil {
				continue
			}
			seen[h.Stmt] = true
			d := analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Message: Message(h)}
			if fix := fixFor(h); fix != nil && !fixed[fix.TextEdits[0].Pos] {
				fixed[fix.TextEdits[0].Pos] = true
				d.SuggestedFixes = []analysis.SuggestedFix{*fix}
			}
			rep.Report(d)
		}
	}
	return nil, nil
}

// Hazards returns the races of the context whose every racing pair of
// threads lies in one warp, one per statement (the engine decides, once
// per pair of sites, which check owns a race: see kernels.Context.Races).
func Hazards(ctx *kernels.Context) []*Hazard {
	var out []*Hazard
	for _, r := range ctx.Races() {
		if r.Scope == kernels.InWarp {
			// Reported at the instance that runs second, the one a
			// SyncWarp before it would order.
			c := r.C.InOrder()
			out = append(out, &Hazard{Ctx: ctx, Stmt: ctx.StmtKey(c.B.Node.Pos()), C: c})
		}
	}
	return out
}

// Message describes a hazard.
func Message(h *Hazard) string {
	c, ctx := h.C, h.Ctx
	lane := func(t int) string {
		text := fmt.Sprintf("lane %d", t%model.WarpSize)
		if w := t / model.WarpSize; w != 0 {
			text += fmt.Sprintf(" of warp %d", w)
		}
		return text
	}
	var b strings.Builder
	b.WriteString("warp-synchronous hazard: ")
	switch {
	case c.A.Store && c.B.Store:
		fmt.Fprintf(&b, "%s writes %s over the value %s wrote at %s", lane(c.TB), ctx.Where(c.B),
			lane(c.TA), ctx.PosText(c.A.Node.Pos()))
	case c.A.Store:
		fmt.Fprintf(&b, "%s reads %s written by %s at %s", lane(c.TB), ctx.Where(c.B),
			lane(c.TA), ctx.PosText(c.A.Node.Pos()))
	default:
		fmt.Fprintf(&b, "%s writes %s over the value %s read at %s", lane(c.TB), ctx.Where(c.B),
			lane(c.TA), ctx.PosText(c.A.Node.Pos()))
	}
	if c.Loop != nil {
		fmt.Fprintf(&b, " in an earlier iteration of %s (%s)", c.Loop.Text, ctx.PosText(c.Loop.Pos))
	}
	b.WriteString(" with no SyncWarp between")
	if c.Bindings != "" {
		fmt.Fprintf(&b, ", with %s", c.Bindings)
	}
	fmt.Fprintf(&b, "; %s", ctx.BlockText())
	return b.String()
}
