package sitereport

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// Merges notes, for -verbose, the loads of the accesses keep selects that
// nvcc -O3 may merge into one 8- or 16-byte load (issue 11, construct 8):
// the merged load's figure from the same model, beside the figures of the
// loads as written, so that a profile of either build can be read. One
// note per position, from the first context that has it.
func Merges(rep *report.Reporter, res *kernels.Result, keep func(*kernels.Access) bool) {
	seen := map[token.Pos]bool{}
	for _, ctx := range res.Contexts {
		for _, m := range ctx.Merges() {
			first := m.Parts[0]
			at := first.Anchor()
			if !keep(first) || seen[at.Pos()] {
				continue
			}
			if msg, ok := mergeNote(ctx, m); ok {
				seen[at.Pos()] = true
				rep.Reportf(at, msg)
			}
		}
	}
}

// mergeNote words the note of one merge; false when a load of it is not
// evaluated.
func mergeNote(ctx *kernels.Context, m *kernels.Merge) (string, bool) {
	first := m.Parts[0]
	shared := first.Shared()
	unit := "sector"
	if shared {
		unit = "wavefront"
	}
	vec := ctx.Evaluate(m.Vector)
	if vec.Skip != "" {
		return "", false
	}
	var figs []int
	sum := 0
	for _, p := range m.Parts {
		ev := ctx.Judge(p)
		if ev.Skip != "" {
			return "", false
		}
		f := ev.Worst.Metric(shared)
		figs = append(figs, f)
		sum += f
	}
	var b strings.Builder
	fmt.Fprintf(&b, "note: %s load %s: ", first.Space(), first.Text)
	if m.Loop != nil {
		fmt.Fprintf(&b, "nvcc -O3 may unroll the loop (%s) and read %d iterations' elements as one %d-byte load: ",
			ctx.PosText(m.Loop.Pos), m.N, m.Vector.Size)
	} else {
		var others []string
		for _, p := range m.Parts[1:] {
			others = append(others, p.Text)
		}
		fmt.Fprintf(&b, "nvcc -O3 may merge it with %s into one %d-byte load: ", strings.Join(others, ", "), m.Vector.Size)
	}
	fmt.Fprintf(&b, "%s per request (ideal %d) for %d elements", report.Plural(vec.Worst.Metric(shared), unit), vec.Worst.Ideal(shared), m.N)
	if m.Loop != nil {
		fmt.Fprintf(&b, ", against %d requests of %s as written", m.N, report.Plural(figs[0], unit))
	} else {
		fmt.Fprintf(&b, ", against %d requests, %s in all, as written", m.N, report.Plural(sum, unit))
	}
	fmt.Fprintf(&b, "; %s", first.Ctx.Shape.Describe())
	return b.String(), true
}
