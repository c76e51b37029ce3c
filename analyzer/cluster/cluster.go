package cluster

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

//go:embed doc.go
var doc string

// Analyzer reports distributed shared memory used outside the cluster
// barriers.
var Analyzer = &analysis.Analyzer{
	Name:     "cluster",
	Doc:      doctext.MustExtract(doc, "cluster"),
	URL:      "https://github.com/smemlint/smemlint/blob/main/docs/checks/cluster.md",
	Requires: []*analysis.Analyzer{kernels.Analyzer},
	Run:      run,
}

// Finding is one unsafe use of distributed shared memory.
type Finding struct {
	Node    ast.Node
	Message string
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, "cluster")
	for _, ctx := range res.Contexts {
		for _, f := range Check(ctx) {
			if f.Node != nil {
				rep.Reportf(f.Node, f.Message)
			}
		}
	}
	return nil, nil
}

// event is a mapping of another block's shared memory or an access
// through one.
type event struct {
	node  ast.Node
	what  string // for messages
	seq   int
	ctrl  []kernels.Ctrl
	loops []*kernels.Loop
}

// Check returns the findings of one context.
func Check(ctx *kernels.Context) []*Finding {
	var syncs, maps []*kernels.Sync
	for _, s := range ctx.Syncs {
		switch s.Kind {
		case kernels.ClusterSync:
			syncs = append(syncs, s)
		case kernels.MapShared:
			maps = append(maps, s)
		}
	}
	if len(maps) == 0 {
		return nil
	}
	var out []*Finding
	for _, m := range maps {
		if !precededBySync(ctx, syncs, m) {
			out = append(out, &Finding{Node: ctx.Anchor(m.Call, m.Calls), Message: fmt.Sprintf(
				"%s maps distributed shared memory before the first Cluster().Sync()%s: the other blocks of the cluster may not have started%s",
				m.Name, skippedSync(ctx, syncs, m.Seq, m.Ctrl, true), clusterText(ctx))})
		}
	}
	if f := lastUse(ctx, syncs, maps); f != nil {
		out = append(out, f)
	}
	return out
}

// remoteEvents lists the mappings of possibly another rank and the
// accesses through mappings, in program order; none when every mapping
// names the block's own rank.
func remoteEvents(ctx *kernels.Context, maps []*kernels.Sync) []event {
	var out []event
	for _, m := range maps {
		if !ownRank(ctx, m.Rank) {
			out = append(out, event{ctx.Anchor(m.Call, m.Calls), m.Name, m.Seq, m.Ctrl, m.Loops})
		}
	}
	if len(out) == 0 {
		return nil
	}
	for _, a := range ctx.Accesses {
		if a.Remote {
			out = append(out, event{ctx.Anchor(a.Node, a.Calls), a.Target(), a.Seq, a.Ctrl, a.Loops})
		}
	}
	slices.SortFunc(out, func(x, y event) int { return x.seq - y.seq })
	return out
}

// ownRank reports whether a rank is the block's own.
func ownRank(ctx *kernels.Context, rank affine.Expr) bool {
	if len(rank.Terms) != 1 || rank.Const != 0 || rank.Terms[0].Coef != 1 {
		return false
	}
	a := rank.Terms[0].Atom
	return a.Op == affine.OpSym && ctx.IsRank(a.Sym)
}

// lastUse reports the last remote event that no Cluster().Sync() follows
// on every path to the block's exit.
func lastUse(ctx *kernels.Context, syncs, maps []*kernels.Sync) *Finding {
	events := remoteEvents(ctx, maps)
	for i := len(events) - 1; i >= 0; i-- {
		e := events[i]
		if followedBySync(ctx, syncs, e) {
			continue
		}
		return &Finding{Node: e.node, Message: fmt.Sprintf(
			"distributed shared memory of another block used here (%s) and no Cluster().Sync() follows%s before the block exits: that block may exit while it is still accessed%s",
			e.what, skippedSync(ctx, syncs, e.seq, e.ctrl, false), clusterText(ctx))}
	}
	return nil
}

// precededBySync reports whether a Cluster().Sync() runs before m on
// every path that reaches m.
func precededBySync(ctx *kernels.Context, syncs []*kernels.Sync, m *kernels.Sync) bool {
	for _, s := range syncs {
		if s.Seq < m.Seq && covers(s, m.Ctrl, m.Loops) {
			return true
		}
	}
	return false
}

// followedBySync reports whether a Cluster().Sync() runs after e on every
// path from e to the block's exit.
func followedBySync(ctx *kernels.Context, syncs []*kernels.Sync, e event) bool {
	for _, s := range syncs {
		if s.Seq > e.seq && covers(s, e.ctrl, e.loops) {
			return true
		}
	}
	return false
}

// covers reports whether s runs whenever an event under ctrl and loops
// does: its conditions are a prefix of the event's, once the conditions
// of loops around s alone, which run at least once, are set aside.
func covers(s *kernels.Sync, ctrl []kernels.Ctrl, loops []*kernels.Loop) bool {
	own := ownConditions(s, loops)
	if len(own) > len(ctrl) {
		return false
	}
	for i, c := range own {
		if !sameCtrl(c, ctrl[i]) {
			return false
		}
	}
	return true
}

// ownConditions returns the conditions of s without those of loops that
// enclose s but not the event, when they are known to run at least once.
func ownConditions(s *kernels.Sync, eventLoops []*kernels.Loop) []kernels.Ctrl {
	var out []kernels.Ctrl
	for _, c := range s.Ctrl {
		if c.Kind == kernels.CtrlLoop {
			if l := loopAt(s.Loops, c.Pos); l != nil && !slices.Contains(eventLoops, l) && len(l.Domain) > 0 {
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

func loopAt(loops []*kernels.Loop, pos token.Pos) *kernels.Loop {
	for _, l := range loops {
		if l.Pos == pos {
			return l
		}
	}
	return nil
}

func sameCtrl(a, b kernels.Ctrl) bool {
	return a.Kind == b.Kind && a.Pos == b.Pos && a.Via == b.Via && a.Text == b.Text
}

// skippedSync names, when a Cluster().Sync() exists before (after) the
// event but not on every path, the condition that leads around it.
func skippedSync(ctx *kernels.Context, syncs []*kernels.Sync, seq int, ctrl []kernels.Ctrl, before bool) string {
	for _, s := range syncs {
		if (s.Seq < seq) != before {
			continue
		}
		for i, c := range s.Ctrl {
			if i < len(ctrl) && sameCtrl(c, ctrl[i]) {
				continue
			}
			switch c.Kind {
			case kernels.CtrlExit:
				return fmt.Sprintf(" on the path through the %s at %s", c.Via, ctx.PosText(c.Pos))
			case kernels.CtrlLoop:
				return fmt.Sprintf(" on the path where the loop at %s does not run", ctx.PosText(c.Pos))
			case kernels.CtrlElse:
				return fmt.Sprintf(" on the path where %s holds (%s)", c.Text, ctx.PosText(c.Pos))
			}
			return fmt.Sprintf(" on the path where %s fails (%s)", c.Text, ctx.PosText(c.Pos))
		}
	}
	return ""
}

func clusterText(ctx *kernels.Context) string {
	if cl := ctx.Shape.Cluster; cl.Known() {
		return fmt.Sprintf("; cluster of %d, %s", cl.Threads(), ctx.BlockText())
	}
	return "; " + ctx.BlockText()
}
