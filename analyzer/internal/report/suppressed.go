package report

import (
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/directive"
)

// SuppressedCategory is the Category of a finding that a //smemlint:ignore
// directive suppresses. Such findings are delivered only when the config
// flag -suppressed asks for them; their first related information points
// at the directive and carries its reason.
const SuppressedCategory = "suppressed"

// suppressed delivers d, which a directive suppresses, when the driver
// asked for suppressed findings, and drops it otherwise.
func (r *Reporter) suppressed(d analysis.Diagnostic) {
	if !config.ReportSuppressed() {
		return
	}
	ig, at, ok := r.ignoredBy(d.Pos)
	if !ok {
		return
	}
	r.seen[seenKey{d.Pos, d.Message}] = true
	d.Category = SuppressedCategory
	d.Related = append([]analysis.RelatedInformation{{
		Pos:     at,
		Message: "//smemlint:ignore " + r.check + ": " + ig.Reason,
	}}, d.Related...)
	r.pass.Report(d)
}

// ignoredBy returns the directive that suppresses the check at pos and the
// start of the line it is on.
func (r *Reporter) ignoredBy(pos token.Pos) (ig directive.Ignore, at token.Pos, ok bool) {
	p := r.pass.Fset.Position(pos)
	lines := r.ignores[p.Filename]
	tf := r.pass.Fset.File(pos)
	for _, l := range []int{p.Line, p.Line - 1} {
		if d, found := lines[l]; found && d.Matches(r.check) && tf != nil && l >= 1 {
			return d, tf.LineStart(l), true
		}
	}
	return directive.Ignore{}, token.NoPos, false
}
