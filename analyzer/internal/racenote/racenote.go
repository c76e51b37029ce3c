// Package racenote reports, for the race checks, the sites whose races
// could not be decided because they depend on data (kernels.Unchecked):
// a note each under -verbose, one line per package without it, so that no
// site is passed over in silence.
package racenote

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// Keep selects, for one check, what it notes: the unchecked sites of its
// memory space, and the races it owns that need a degenerate row pitch,
// with the check's message for each (see kernels.Degenerate).
type Keep struct {
	Unchecked func(*kernels.Unchecked) bool
	// Races selects the unchecked pairs that race for some input data
	// (Unchecked.Race) that the check reports as findings.
	Races      func(*kernels.Unchecked) bool
	Degenerate func(*kernels.Context, *kernels.Race) (msg string, ok bool)
}

// Report reports the unchecked sites and degenerate races of res that
// keep selects, one per statement, leaving out statements a finding of
// the check covers (reported): a note each under -verbose, a line per
// kind and package without it.
func Report(rep *report.Reporter, res *kernels.Result, keep Keep, reported map[any]bool) {
	seen := map[any]bool{}
	var unchecked, degenerate summary
	for _, ctx := range res.Contexts {
		if keep.Degenerate != nil {
			for _, r := range ctx.Races() {
				msg, ok := keep.Degenerate(ctx, r)
				if r.Degenerate == nil || !ok {
					continue
				}
				node := ctx.Anchor(r.C.B.Node, r.C.B.Calls)
				if node == nil || seen[r.SiteB] || reported[r.SiteB] {
					continue
				}
				seen[r.SiteB] = true
				degenerate.add(rep, res.Config.Verbose, node, "note: "+DegenerateMessage(ctx, r, msg))
			}
		}
		for _, u := range ctx.Unchecked() {
			node := ctx.Anchor(u.B.Node, u.B.Calls)
			if node == nil || seen[u.SiteB] || reported[u.SiteB] {
				continue
			}
			switch {
			case u.Race && keep.Races != nil && keep.Races(u):
				seen[u.SiteB] = true
				rep.Reportf(node, DataMessage(ctx, u))
			case !u.Race && keep.Unchecked(u):
				seen[u.SiteB] = true
				unchecked.add(rep, res.Config.Verbose, node, "note: "+Message(ctx, u))
			}
		}
	}
	unchecked.report(rep, "statement", "not checked for races, which depend on data")
	degenerate.report(rep, "race", "only with a row pitch narrower than its rows")
}

// summary counts the notes of one kind that -verbose would print.
type summary struct{ report.Summary }

// add counts a note, or reports it under -verbose.
func (s *summary) add(rep *report.Reporter, verbose bool, node ast.Node, msg string) {
	if verbose {
		rep.Reportf(node, msg)
		return
	}
	s.Add(rep, node)
}

// report says, at the package clause, how many notes -verbose lists.
func (s *summary) report(rep *report.Reporter, noun, what string) {
	s.Summary.Report(rep, noun, noun+"s", what)
}

// DegenerateMessage says that a race needs a row pitch narrower than the
// rows it separates; msg is the check's message for the race.
func DegenerateMessage(ctx *kernels.Context, r *kernels.Race, msg string) string {
	var names []string
	for _, p := range r.Degenerate.Pitches {
		names = append(names, fmt.Sprintf("%s = %d", ctx.Syms.Name(p), kernels.LargePitch))
	}
	return fmt.Sprintf("race only with a row pitch narrower than its rows, not reported: %s. No race is found with %s: the parameter multiplies an index of the threads (a row pitch), and below the width of the rows it separates, rows overlap, which a launch whose grid fits the rows does not do",
		msg, strings.Join(names, ", "))
}

// Message says why the races of an unchecked site were not decided.
func Message(ctx *kernels.Context, u *kernels.Unchecked) string {
	why := ctx.DataWhy(u.Data)
	if why == "" {
		why = "a value smemlint does not compute"
	}
	with := ""
	if u.A != u.B || u.A.Node.Pos() != u.B.Node.Pos() {
		with = fmt.Sprintf(" against %s %s", u.A.Text, posText(ctx, u.A.Node.Pos()))
	}
	if u.Index {
		return fmt.Sprintf("%s %s not checked for races%s: the index depends on %s, so whether two threads touch the same bytes is decided at run time; %s",
			u.B.Space(), u.B.Text, with, why, ctx.BlockText())
	}
	c := u.C.InOrder()
	pair := fmt.Sprintf("%s %s %s and %s %s %s", ctx.ThreadText(c.TA), c.A.Action(), ctx.Where(c.A), ctx.ThreadText(c.TB), c.B.Action(), ctx.Where(c.B))
	if c.Blocks {
		pair = fmt.Sprintf("%s of block %s %s %s and %s of block %s %s %s", ctx.ThreadText(c.TA), blockText(c.BlockA), c.A.Action(), ctx.Where(c.A),
			ctx.ThreadText(c.TB), blockText(c.BlockB), c.B.Action(), ctx.Where(c.B))
	}
	return fmt.Sprintf("%s %s not checked for races%s: whether a thread makes the access depends on %s; where the data lets both in, %s race on byte %d of %s; %s",
		u.B.Space(), u.B.Text, with, why, pair, c.Offset, c.A.Array.Name, ctx.BlockText())
}

// DataMessage says that an unchecked pair races for some input data: the
// two threads, and the data that lets them race.
func DataMessage(ctx *kernels.Context, u *kernels.Unchecked) string {
	c := u.C
	pair := fmt.Sprintf("%s %s %s and %s %s %s", ctx.ThreadText(c.TA), c.A.Action(), ctx.Where(c.A), ctx.ThreadText(c.TB), c.B.Action(), ctx.Where(c.B))
	if c.Blocks {
		pair = fmt.Sprintf("%s of block %s %s %s and %s of block %s %s %s", ctx.ThreadText(c.TA), blockText(c.BlockA), c.A.Action(), ctx.Where(c.A),
			ctx.ThreadText(c.TB), blockText(c.BlockB), c.B.Action(), ctx.Where(c.B))
	}
	why := ctx.DataWhy(u.Data)
	var when string
	if u.Index {
		var at []string
		for i, t := range []int{c.TA, c.TB} {
			if u.Uses[i] {
				at = append(at, fmt.Sprintf("%d at %s", u.Vals[i], threadOf(ctx, c, i, t)))
			}
		}
		when = fmt.Sprintf("when %s in the index is %s", why, strings.Join(at, " and "))
	} else {
		when = "when " + dataConditions(ctx, u) + " lets both in"
	}
	return fmt.Sprintf("may race, depending on data: %s touch byte %d of %s %s (values smemlint cannot see); %s",
		pair, c.Offset, c.A.Array.Name, when, ctx.BlockText())
}

// threadOf names thread t, side i (0: A, 1: B) of c, with its block when
// c is between blocks.
func threadOf(ctx *kernels.Context, c *kernels.Conflict, i, t int) string {
	if !c.Blocks {
		return ctx.ThreadText(t)
	}
	return fmt.Sprintf("%s of block %s", ctx.ThreadText(t), blockText([2][3]int64{c.BlockA, c.BlockB}[i]))
}

// dataConditions names the conditions on data of u's accesses, with their
// positions: "a[i] != tid (a.go:15)".
func dataConditions(ctx *kernels.Context, u *kernels.Unchecked) string {
	var out []string
	for _, x := range []*kernels.Access{u.A, u.B} {
		for _, ctrl := range x.Ctrl {
			if !ctrl.Pred.DependsOn(ctx.IsData) || ctrl.Text == "" {
				continue
			}
			t := ctrl.Text
			if ctrl.Kind == kernels.CtrlElse {
				t = "!(" + t + ")"
			}
			t += " " + posText(ctx, ctrl.Pos)
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	if len(out) == 0 {
		return "the data"
	}
	return strings.Join(out, " and ")
}

func posText(ctx *kernels.Context, pos token.Pos) string { return "(" + ctx.PosText(pos) + ")" }

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
