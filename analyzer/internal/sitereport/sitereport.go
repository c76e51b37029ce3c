// Package sitereport reports the evaluated access sites of a check that
// judges each access by its worst request (bankconflict, coalescing): one
// diagnostic per source position, notes under -verbose.
package sitereport

import (
	"fmt"
	"go/ast"
	"go/token"
	"math/bits"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// UnpricedAtomic is why an atomic is not evaluated.
const UnpricedAtomic = "smemlint does not price atomic operations"

// Check says how one check words its findings.
type Check struct {
	// Finding reports whether a site's worst evaluation is reported.
	Finding func(ev *kernels.Eval) bool
	// Message describes the worst evaluation; Totals adds, for -verbose,
	// what one block's requests add up to.
	Message, Totals func(ev *kernels.Eval) string
	// Fix proposes a fix for a finding; nil when the check has none.
	Fix func(s *kernels.AccessSite) (analysis.SuggestedFix, bool)
	// Space names the check's accesses in the count of those not
	// evaluated: "global", "shared".
	Space string
	// Unpriced are the check's accesses it does not evaluate at all
	// (atomics), each with why.
	Unpriced []Unpriced
}

// Unpriced is an access of a check's space that the check does not
// evaluate, and why: it is not priced, but it is not passed over in
// silence either.
type Unpriced struct {
	Node ast.Node
	Msg  string // "global atomic count[0] not evaluated: …"
}

// UnpricedSites returns, one per source position, the accesses why names
// a reason for ("" for the others).
func UnpricedSites(res *kernels.Result, why func(a *kernels.Access) string) []Unpriced {
	seen := map[token.Pos]bool{}
	var out []Unpriced
	for _, ctx := range res.Contexts {
		for _, a := range ctx.Accesses {
			w := why(a)
			if w == "" || seen[a.Anchor().Pos()] {
				continue
			}
			seen[a.Anchor().Pos()] = true
			out = append(out, Unpriced{Node: a.Anchor(), Msg: w})
		}
	}
	return out
}

// Report reports sites: a diagnostic for each finding and, under
// -verbose, a note for every other site, evaluated or not.
func Report(rep *report.Reporter, verbose bool, sites []*kernels.AccessSite, c Check) {
	// x[i] += y loads and stores x[i] at one position: one report there.
	reported := map[token.Pos]bool{}
	// Without -verbose the accesses not evaluated are counted, so that
	// none passes in silence: one line per package says how many.
	var skipped report.Summary
	skip := func(n ast.Node, msg string) {
		if verbose {
			rep.Reportf(n, "note: "+msg)
			return
		}
		skipped.Add(rep, n)
	}
	for _, u := range c.Unpriced {
		skip(u.Node, u.Msg)
	}
	for _, s := range sites {
		ev := s.Worst
		if reported[s.Node.Pos()] {
			// The other half of a compound assignment whose first half is
			// the finding: one finding per defect, but its figure is still
			// stated under -verbose rather than dropped.
			if verbose && ev.Skip == "" {
				rep.Reportf(s.Node, "note: "+c.Message(ev)+LaneData(ev)+c.Totals(ev)+"; "+compoundNote(s.Store))
			}
			continue
		}
		switch {
		case ev.Skip != "":
			skip(s.Node, fmt.Sprintf("%s %s %s not evaluated: %s", ev.Access.Space(), ev.Access.Verb(), ev.Access.Text, ev.Skip))
		case c.Finding(ev):
			msg := c.Message(ev) + LaneData(ev)
			if verbose {
				msg += c.Totals(ev)
			}
			d := analysis.Diagnostic{Pos: s.Node.Pos(), End: s.Node.End(), Message: msg}
			if c.Fix != nil {
				if fix, ok := c.Fix(s); ok {
					d.SuggestedFixes = []analysis.SuggestedFix{fix}
				}
			}
			rep.Report(d)
			reported[s.Node.Pos()] = true
		case verbose:
			rep.Reportf(s.Node, "note: "+c.Message(ev)+LaneData(ev)+c.Totals(ev))
		}
	}
	skipped.Report(rep, c.Space+" access", c.Space+" accesses", "not evaluated")
}

// compoundNote says why a site at a reported position is a note: x[i] op= y
// loads and stores the same element, and the finding at that position
// covers both.
func compoundNote(store bool) string {
	if store {
		return "the store of a compound assignment, whose load is the finding here"
	}
	return "the load of a compound assignment, whose store is the finding here"
}

// LaneData states the assumption behind a figure priced under conditions
// on data that differ between lanes: the figure is that of every lane
// passing; with one lane it is OneLane, which is said where it differs.
func LaneData(ev *kernels.Eval) string {
	if len(ev.LaneData) == 0 {
		return ""
	}
	unit := "sector"
	if ev.Access.Shared() {
		unit = "wavefront"
	}
	all := ev.Worst.Metric(ev.Access.Shared())
	msg := "; assumes every lane " + strings.Join(ev.LaneData, " and ") + ", which depends on " + ev.LaneWhy
	if ev.OneLane == 0 || ev.OneLane == all {
		return msg + fmt.Sprintf(" (%s however many lanes pass)", report.Plural(all, unit))
	}
	return msg + fmt.Sprintf(" (%s with one lane, %d with all %d)", report.Plural(ev.OneLane, unit), all, bits.OnesCount32(ev.Worst.Req.On))
}
