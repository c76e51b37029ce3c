package warpsync

import (
	_ "embed"
	"fmt"
	"go/token"
	"slices"
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
// access of the same bytes.
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

// candidate reports whether an access takes part: plain loads and stores
// of the block's own memory. Stores take part only when the lanes of a
// warp store to different words — lanes that pass values to each other;
// a word every lane stores to (a flag) is a race, not warp-synchronous
// communication, and the smemrace check's.
func candidate(a *kernels.Access) bool { return !a.Atomic && !a.Remote }

// Hazards returns, per statement, the first hazard found for its accesses:
// a load of bytes another lane of its warp stored before (read after
// write) or, failing that, a store over bytes another lane loaded before
// (write after read).
func Hazards(ctx *kernels.Context) []*Hazard {
	var accs []*kernels.Access
	for _, a := range ctx.Accesses {
		if candidate(a) && (!a.Store || ctx.ExprLevel(a.Addr) == kernels.Varying) {
			accs = append(accs, a)
		}
	}
	// Each access's statement, found once: finding it walks the syntax.
	stmt := make(map[*kernels.Access]any, len(accs))
	for _, a := range accs {
		stmt[a] = ctx.StmtKey(a.Node.Pos())
	}
	var out []*Hazard
	byStmt := map[any]*Hazard{}
	finder := ctx.Conflicts()
	for _, b := range accs {
		sb := stmt[b]
		if h, ok := byStmt[sb]; ok && h.C.A.Store {
			continue // a read after write is already known here
		}
		c := findPartner(finder, accs, b, stmt)
		if c == nil {
			continue
		}
		h, ok := byStmt[sb]
		if !ok {
			h = &Hazard{Ctx: ctx, Stmt: sb}
			byStmt[sb] = h
			out = append(out, h)
		}
		h.C = c
	}
	return out
}

// findPartner finds an earlier access of another lane that b conflicts
// with: the nearest earlier one in program order first, then those of
// earlier loop iterations.
func findPartner(finder *kernels.ConflictFinder, accs []*kernels.Access, b *kernels.Access, stmt map[*kernels.Access]any) *kernels.Conflict {
	order := slices.Clone(accs)
	slices.SortStableFunc(order, func(x, y *kernels.Access) int {
		// Earlier accesses, nearest first; then later ones (reached
		// through a loop's back edge), nearest first too.
		kx, ky := rank(x, b), rank(y, b)
		return kx - ky
	})
	for _, a := range order {
		if a == b || a.Store == b.Store || a.Array != b.Array {
			continue
		}
		q := kernels.PairQuery{SameWarp: true, Ordered: true, CrossIteration: stmt[a] == stmt[b]}
		if c := finder.Find(a, b, q); c != nil {
			return c
		}
	}
	return nil
}

// rank orders candidate partners of b: earlier accesses by distance, then
// later ones by distance back around a loop.
func rank(a, b *kernels.Access) int {
	if a.Seq < b.Seq {
		return b.Seq - a.Seq
	}
	return 1<<20 + a.Seq - b.Seq
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
	if c.A.Store {
		fmt.Fprintf(&b, "%s reads %s written by %s at %s", lane(c.TB), ctx.Where(c.B),
			lane(c.TA), ctx.PosText(c.A.Node.Pos()))
	} else {
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
