package bankconflict

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/internal/sitereport"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

//go:embed doc.go
var doc string

// Analyzer reports shared-memory bank conflicts.
var Analyzer = &analysis.Analyzer{
	Name:     "bankconflict",
	Doc:      doctext.MustExtract(doc, "bankconflict"),
	URL:      "https://github.com/smemlint/smemlint/blob/main/docs/checks/bankconflict.md",
	Requires: []*analysis.Analyzer{kernels.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, "bankconflict")
	sitereport.Report(rep, res.Config.Verbose, Sites(res), sitereport.Check{
		Finding: (*kernels.Eval).Shown,
		Message: Message,
		Totals:  Totals,
		Fix: func(s *kernels.AccessSite) (analysis.SuggestedFix, bool) {
			if s.Worst.Bound != "" {
				// A bound over the lanes' choices: no padding is
				// shown to remove a conflict the data may not make.
				return analysis.SuggestedFix{}, false
			}
			return paddingFix(pass, s)
		},
		Space: "shared",
		Unpriced: sitereport.UnpricedSites(res, func(a *kernels.Access) string {
			switch {
			case !a.Shared():
				return ""
			case a.Atomic:
				return "shared atomic " + a.Text + " not evaluated: " + sitereport.UnpricedAtomic
			case a.Remote:
				return "shared " + a.Verb() + " " + a.Text + " not evaluated: it reaches another block's shared memory (MapSharedRank), " +
					"which smemlint does not price"
			}
			return ""
		}),
	})
	if res.Config.Verbose {
		sitereport.Merges(rep, res, keep)
	}
	return nil, nil
}

// Sites evaluates every local shared access of every context and keeps,
// per source position and direction, the worst evaluation.
func Sites(res *kernels.Result) []*kernels.AccessSite {
	return kernels.EvaluateSites(res, keep, worse)
}

// keep selects the accesses the check judges: local shared ones.
func keep(a *kernels.Access) bool { return a.Shared() && !a.Remote && !a.Atomic }

// worse prefers evaluated accesses, then the larger conflict.
func worse(a, b *kernels.Eval) bool {
	if (a.Skip == "") != (b.Skip == "") {
		return a.Skip == ""
	}
	if a.Worst.Shared.Ways != b.Worst.Shared.Ways {
		return a.Worst.Shared.Ways > b.Worst.Shared.Ways
	}
	return a.Worst.Shared.Wavefronts > b.Worst.Shared.Wavefronts
}

// Message describes the worst request of an evaluated access.
func Message(ev *kernels.Eval) string {
	a, w := ev.Access, ev.Worst.Shared
	var b strings.Builder
	fmt.Fprintf(&b, "shared %s %s: ", a.Verb(), a.Text)
	switch {
	case ev.Bound != "" && w.Wavefronts > w.Ideal:
		fmt.Fprintf(&b, "up to %s per request (ideal %d) depending on data: %s (%s can reach bank %d in %d different words)",
			report.Plural(w.Wavefronts, "wavefront"), w.Ideal, ev.Bound, report.Lanes(w.Lanes), w.Bank, w.Ways)
	case ev.Bound != "":
		fmt.Fprintf(&b, "%s per request (ideal %d) whichever address each lane takes: %s",
			report.Plural(w.Wavefronts, "wavefront"), w.Ideal, ev.Bound)
	case w.Ways > 1:
		fmt.Fprintf(&b, "%d-way bank conflict (%s, ideal %d)", w.Ways, report.Plural(w.Wavefronts, "wavefront"), w.Ideal)
		hit := "hit"
		switch n := countBits(w.Lanes); {
		case n == w.Ways && n == 2:
			hit = "both hit"
		case n == w.Ways:
			hit = "all hit"
		}
		fmt.Fprintf(&b, ": %s %s bank %d", report.Lanes(w.Lanes), hit, w.Bank)
		if countBits(w.Lanes) != w.Ways {
			fmt.Fprintf(&b, " in %d different words", w.Ways)
		}
	default:
		fmt.Fprintf(&b, "%s per request (ideal %d)", report.Plural(w.Wavefronts, "wavefront"), w.Ideal)
	}
	fmt.Fprintf(&b, "; %s", a.Ctx.Shape.Describe())
	if len(ev.Figures) > 1 && ev.Worst.Bindings != "" {
		fmt.Fprintf(&b, "; worst at %s", ev.Worst.Bindings)
	}
	if ev.Stride != "" && ev.Threshold > 0 {
		fmt.Fprintf(&b, "; depends on %s (worst from %s = %d on)", ev.Stride, ev.Stride, ev.Threshold)
	}
	return b.String()
}

// Totals states, for -verbose notes, what one block's requests add up to.
func Totals(ev *kernels.Eval) string {
	mean, ok := ev.Mean()
	return report.BlockTotals(ev.BlockRequests, ev.BlockTotal, mean, ok, ev.Worst.Shared.Wavefronts, "wavefront")
}

func countBits(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
