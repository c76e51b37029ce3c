package warpsync

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
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
		for _, chain := range Chains(ctx, Hazards(ctx)) {
			// The steps another launch shape has not reported already.
			var steps []*Hazard
			var nodes []ast.Node
			for _, h := range chain {
				if node := ctx.Anchor(h.C.B.Node, h.C.B.Calls); node != nil && !seen[h.Stmt] {
					seen[h.Stmt] = true
					steps, nodes = append(steps, h), append(nodes, node)
				}
			}
			if len(steps) == 0 {
				continue
			}
			d := analysis.Diagnostic{Pos: nodes[0].Pos(), End: nodes[0].End(), Message: Message(steps[0])}
			if len(steps) > 1 {
				d.Message += fmt.Sprintf(" (the first of a chain of %d steps; the others are related locations)", len(steps))
			}
			for i, h := range steps[1:] {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: nodes[i+1].Pos(), End: nodes[i+1].End(),
					Message: fmt.Sprintf("step %d of the chain: %s", i+2, Message(h))})
			}
			if fix := chainFix(steps, fixed); fix != nil {
				d.SuggestedFixes = []analysis.SuggestedFix{*fix}
			}
			rep.Report(d)
		}
	}
	racenote.Report(rep, res, racenote.Keep{
		Unchecked: func(*kernels.Unchecked) bool { return false },
		Races:     func(u *kernels.Unchecked) bool { return u.Scope == kernels.InWarp },
		Degenerate: func(ctx *kernels.Context, r *kernels.Race) (string, bool) {
			if r.Scope != kernels.InWarp {
				return "", false
			}
			c := r.C.InOrder()
			return Message(&Hazard{Ctx: ctx, Stmt: ctx.StmtKey(c.B.Node.Pos()), C: c}), true
		},
	}, seen)
	return nil, nil
}

// Chains groups hazards into chains: a hazard whose earlier access lies in
// the statement of an earlier hazard on the same array continues that
// hazard's chain (the steps of an unrolled warp reduction or scan, each
// reading what the step before wrote). A chain is one defect: the first
// step is reported, the others are related locations.
func Chains(ctx *kernels.Context, hs []*Hazard) [][]*Hazard {
	var out [][]*Hazard
	chainOf := map[any]int{}
	for _, h := range hs {
		prev := ctx.StmtKey(h.C.A.Node.Pos())
		if i, ok := chainOf[prev]; ok && prev != h.Stmt && out[i][0].C.B.Array == h.C.B.Array {
			out[i] = append(out[i], h)
			chainOf[h.Stmt] = i
			continue
		}
		chainOf[h.Stmt] = len(out)
		out = append(out, []*Hazard{h})
	}
	return out
}

// chainFix merges the SyncWarp insertions of a chain's steps into one fix,
// leaving out places a fix offered already. The fix is checked before it
// is offered, as the padding fix is: the kernel's races are decided again
// with the SyncWarp calls in place, and a fix that leaves any step of the
// chain racing within its warp is not offered.
func chainFix(steps []*Hazard, fixed map[token.Pos]bool) *analysis.SuggestedFix {
	var edits []analysis.TextEdit
	var at []kernels.WarpSyncAt
	var msg string
	for _, h := range steps {
		fix, where := fixFor(h)
		if fix == nil || fixed[fix.TextEdits[0].Pos] {
			continue
		}
		edits = append(edits, fix.TextEdits...)
		at = append(at, where)
		msg = fix.Message
	}
	if len(edits) == 0 {
		return nil
	}
	if !fixRemoves(steps, at) {
		// The steps are ordered but a step races with itself: split each
		// such step into load, SyncWarp, store as well.
		n := len(edits)
		taken := map[string]bool{}
		for _, h := range steps {
			if fix, where := splitFor(h, taken); fix != nil && !fixed[fix.TextEdits[0].Pos] {
				edits = append(edits, fix.TextEdits...)
				at = append(at, where...)
			}
		}
		if len(edits) == n || !fixRemoves(steps, at) {
			return nil
		}
		edits = mergeInsertions(edits)
		msg = "insert a SyncWarp between the steps and split each step into load, SyncWarp, store"
		for _, e := range edits {
			fixed[e.Pos] = true
		}
		return &analysis.SuggestedFix{Message: msg, TextEdits: edits}
	}
	for _, e := range edits {
		fixed[e.Pos] = true
	}
	if len(edits) > 1 {
		msg = fmt.Sprintf("insert a SyncWarp between each of the %d steps and the one before", len(edits))
	}
	return &analysis.SuggestedFix{Message: msg, TextEdits: edits}
}

// mergeInsertions joins insertions at one position, in the order given
// (a SyncWarp before a step, then the step's split load): drivers refuse
// two edits at one place.
func mergeInsertions(edits []analysis.TextEdit) []analysis.TextEdit {
	var out []analysis.TextEdit
	at := map[token.Pos]int{}
	for _, e := range edits {
		if i, ok := at[e.Pos]; ok && e.Pos == e.End && out[i].Pos == out[i].End {
			out[i].NewText = append(append([]byte(nil), out[i].NewText...), e.NewText...)
			continue
		}
		at[e.Pos] = len(out)
		out = append(out, e)
	}
	return out
}

// fixRemoves reports whether, with the insertions in place, no step of
// the chain races within its warp any more.
func fixRemoves(steps []*Hazard, at []kernels.WarpSyncAt) bool {
	ctx := steps[0].Ctx
	stmts := make([]any, len(steps))
	for i, h := range steps {
		stmts[i] = h.Stmt
	}
	// Every race decided is a step's: the first within a warp settles it.
	inWarp := func(r *kernels.Race) bool { return r.Scope == kernels.InWarp }
	races, ok := ctx.RacesWithSyncWarps(at, stmts, inWarp)
	return ok && !slices.ContainsFunc(races, inWarp)
}

// Hazards returns the races of the context whose every racing pair of
// threads lies in one warp, one per statement (the engine decides, once
// per pair of sites, which check owns a race: see kernels.Context.Races).
func Hazards(ctx *kernels.Context) []*Hazard {
	var out []*Hazard
	for _, r := range ctx.Races() {
		if r.Scope == kernels.InWarp && r.Degenerate == nil {
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
