// Package racenote reports, for the race checks, the sites whose races
// could not be decided because they depend on data (kernels.Unchecked):
// a note each under -verbose, one line per package without it, so that no
// site is passed over in silence.
package racenote

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// Keep selects, for one check, what it notes: the unchecked sites of its
// memory space, and the races it owns that need a degenerate row pitch,
// with the check's message for each (see kernels.Degenerate).
type Keep struct {
	Unchecked  func(*kernels.Unchecked) bool
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
			if node == nil || !keep.Unchecked(u) || seen[u.SiteB] || reported[u.SiteB] {
				continue
			}
			seen[u.SiteB] = true
			unchecked.add(rep, res.Config.Verbose, node, "note: "+Message(ctx, u))
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
