// Package racenote reports, for the race checks, the sites whose races
// could not be decided because they depend on data (kernels.Unchecked):
// a note each under -verbose, one line per package without it, so that no
// site is passed over in silence.
package racenote

import (
	"fmt"
	"go/ast"
	"go/token"

	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// Report reports the unchecked sites of res that keep admits (the check's
// memory space), one per statement, leaving out statements a finding of
// the check covers (reported).
func Report(rep *report.Reporter, res *kernels.Result, keep func(*kernels.Unchecked) bool, reported map[any]bool) {
	seen := map[any]bool{}
	var skipped int
	var first ast.Node
	for _, ctx := range res.Contexts {
		for _, u := range ctx.Unchecked() {
			node := ctx.Anchor(u.B.Node, u.B.Calls)
			if node == nil || !keep(u) || seen[u.SiteB] || reported[u.SiteB] {
				continue
			}
			seen[u.SiteB] = true
			if res.Config.Verbose {
				rep.Reportf(node, "note: "+Message(ctx, u))
				continue
			}
			if rep.Ignored(node.Pos()) {
				continue
			}
			if first == nil || node.Pos() < first.Pos() {
				first = node
			}
			skipped++
		}
	}
	if skipped == 0 {
		return
	}
	n := fmt.Sprintf("%d statements", skipped)
	if skipped == 1 {
		n = "1 statement"
	}
	at := rep.PackageClause(first.Pos())
	if at == nil {
		at = first
	}
	rep.Reportf(at, "note: "+n+" of this package not checked for races, which depend on data; -verbose lists them with the reason")
}

// Message says why the races of an unchecked site were not decided.
func Message(ctx *kernels.Context, u *kernels.Unchecked) string {
	why := ctx.DataWhy(u.Data)
	if why == "" {
		why = "a value smemlint does not compute"
	}
	verb := func(a *kernels.Access) string {
		switch {
		case a.Atomic:
			return "updates"
		case a.Store:
			return "writes"
		}
		return "reads"
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
	pair := fmt.Sprintf("%s %s %s and %s %s %s", ctx.ThreadText(c.TA), verb(c.A), ctx.Where(c.A), ctx.ThreadText(c.TB), verb(c.B), ctx.Where(c.B))
	if c.Blocks {
		pair = fmt.Sprintf("%s of block %s %s %s and %s of block %s %s %s", ctx.ThreadText(c.TA), blockText(c.BlockA), verb(c.A), ctx.Where(c.A),
			ctx.ThreadText(c.TB), blockText(c.BlockB), verb(c.B), ctx.Where(c.B))
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
