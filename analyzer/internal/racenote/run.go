package racenote

import (
	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// Owner describes a check that reports races between warps (or blocks)
// in one memory space: smemrace and globalrace differ only in these.
type Owner struct {
	Name    string                                       // the check
	Shared  bool                                         // its memory space
	Owns    func(*kernels.Race) bool                     // the races it reports (the engine decides, once per pair of sites, which check owns a race)
	Message func(*kernels.Context, *kernels.Race) string // its wording of one
}

// Run reports the races o owns, one per statement, then the notes of
// Report for its memory space: the unchecked sites and the races that
// need a degenerate row pitch.
func Run(pass *analysis.Pass, o Owner) (any, error) {
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, o.Name)
	seen := map[any]bool{}
	for _, ctx := range res.Contexts {
		for _, r := range Owned(ctx, o.Owns) {
			node := ctx.Anchor(r.C.B.Node, r.C.B.Calls)
			if !seen[r.SiteB] && node != nil {
				seen[r.SiteB] = true
				rep.Reportf(node, o.Message(ctx, r))
			}
		}
	}
	Report(rep, res, Keep{
		Unchecked: func(u *kernels.Unchecked) bool { return u.B.Shared() == o.Shared },
		Races:     func(u *kernels.Unchecked) bool { return u.B.Shared() == o.Shared && u.Scope != kernels.InWarp },
		Degenerate: func(ctx *kernels.Context, r *kernels.Race) (string, bool) {
			if !o.Owns(r) {
				return "", false
			}
			return o.Message(ctx, r), true
		},
	}, seen)
	return nil, nil
}

// Owned returns the races of ctx that owns selects and that need no
// degenerate row pitch (those are notes, not findings).
func Owned(ctx *kernels.Context, owns func(*kernels.Race) bool) []*kernels.Race {
	var out []*kernels.Race
	for _, r := range ctx.Races() {
		if owns(r) && r.Degenerate == nil {
			out = append(out, r)
		}
	}
	return out
}
