package smemrace

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
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
	return nil, nil
}

// Races returns, per statement, the first race found for its accesses:
// between two of them (any two threads), else with an access of an
// earlier statement by a thread of another warp, trying the nearest
// statements first. (Two lanes of one warp in two statements are the
// warpsync check's: a SyncWarp orders them.) A pair is tried once, from
// its later statement, in every relation of the loops around it.
func Races(ctx *kernels.Context) []*Race {
	var stmts []any
	byStmt := map[any][]*kernels.Access{}
	for _, a := range ctx.Accesses {
		if !a.Shared() || a.Remote {
			continue
		}
		s := ctx.StmtKey(a.Node.Pos())
		if _, ok := byStmt[s]; !ok {
			stmts = append(stmts, s)
		}
		byStmt[s] = append(byStmt[s], a)
	}
	finder := ctx.Conflicts()
	var out []*Race
	for i, s := range stmts {
		if c := raceIn(finder, byStmt[s], byStmt[s], kernels.PairQuery{}); c != nil {
			out = append(out, &Race{Ctx: ctx, Stmt: s, C: c})
			continue
		}
		for j := i - 1; j >= 0; j-- {
			if c := raceIn(finder, byStmt[stmts[j]], byStmt[s], kernels.PairQuery{CrossWarp: true}); c != nil {
				out = append(out, &Race{Ctx: ctx, Stmt: s, C: c})
				break
			}
		}
	}
	return out
}

// raceIn tries every pair of an access of as (or an earlier one of the
// same statement) and one of bs.
func raceIn(finder *kernels.ConflictFinder, as, bs []*kernels.Access, q kernels.PairQuery) *kernels.Conflict {
	for _, b := range bs {
		for _, a := range as {
			if a.Seq > b.Seq {
				continue
			}
			if c := finder.Find(a, b, q); c != nil {
				return c
			}
		}
	}
	return nil
}

// Message describes a race.
func Message(r *Race) string {
	c, ctx := r.C, r.Ctx
	verb := func(a *kernels.Access) string {
		switch {
		case a.Atomic:
			return "updates"
		case a.Store:
			return "writes"
		}
		return "reads"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "shared-memory race on %s: %s %s %s and %s %s %s, byte %d of %s,",
		c.A.Array.Name,
		ctx.ThreadText(c.TA), verb(c.A), ctx.Where(c.A),
		ctx.ThreadText(c.TB), verb(c.B), ctx.Where(c.B),
		c.Offset, c.A.Array.Name)
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
