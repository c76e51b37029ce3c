package shuffle

import (
	_ "embed"
	"fmt"
	"go/ast"
	"math/bits"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/model"
)

//go:embed doc.go
var doc string

// Analyzer reports warp shuffles and votes that cannot work.
var Analyzer = &analysis.Analyzer{
	Name:     "shuffle",
	Doc:      doctext.MustExtract(doc, "shuffle"),
	URL:      "https://github.com/smemlint/smemlint/blob/main/docs/checks/shuffle.md",
	Requires: []*analysis.Analyzer{kernels.Analyzer},
	Run:      run,
}

// Finding is one faulty collective.
type Finding struct {
	Node    ast.Node
	Message string
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, "shuffle")
	for _, ctx := range res.Contexts {
		for _, s := range ctx.Syncs {
			if s.Kind != kernels.Shuffle && s.Kind != kernels.Vote {
				continue
			}
			if f := Check(ctx, s); f != nil {
				if node := ctx.Anchor(f.Node, s.Calls); node != nil {
					rep.Reportf(node, f.Message)
				}
			}
		}
	}
	return nil, nil
}

// Check returns the finding for one shuffle or vote, or nil.
func Check(ctx *kernels.Context, s *kernels.Sync) *Finding {
	c := &checker{ctx: ctx, s: s}
	if f := c.width(); f != nil {
		return f
	}
	if f := c.masks(); f != nil {
		return f
	}
	if s.Kind == kernels.Shuffle {
		return c.lanes()
	}
	return nil
}

type checker struct {
	ctx *kernels.Context
	s   *kernels.Sync
}

func (c *checker) finding(node ast.Node, format string, args ...any) *Finding {
	return &Finding{Node: node, Message: fmt.Sprintf(format, args...) + "; " + c.ctx.BlockText()}
}

// width checks a constant width: a power of two from 1 to the warp size.
func (c *checker) width() *Finding {
	w, ok := c.s.Width.IsConst()
	if c.s.Kind != kernels.Shuffle || !ok || w >= 1 && w <= model.WarpSize && w&(w-1) == 0 {
		return nil
	}
	return c.finding(c.s.Call, "%s width %d is not a power of two from 1 to %d", c.s.Name, w, model.WarpSize)
}

// masks checks that the lanes the mask names all reach the call.
func (c *checker) masks() *Finding {
	s, ctx := c.s, c.ctx
	if s.Mask.DependsOn(ctx.IsData) {
		return nil // a ballot's mask: trusted
	}
	for _, ctrl := range s.Ctrl {
		if _, ok := ctx.VaryingData(ctrl.Pred); ok {
			return c.finding(s.Call, "%s with mask %s %s: lanes that fail it skip the call",
				s.Name, maskText(s.Mask), ctx.DescribeCtrl(ctrl, "data-dependent"))
		}
	}
	if mf, e := ctx.CollectiveFault(s); mf != nil {
		return c.maskFinding(mf, e)
	}
	return nil
}

func (c *checker) maskFinding(mf *kernels.MaskFault, e *kernels.Exit) *Finding {
	s, ctx := c.s, c.ctx
	mask := fmt.Sprintf("0x%08x", mf.Mask)
	switch {
	case mf.NotIn:
		return c.finding(s.Call, "lane %d of warp %d calls %s with mask %s, which does not name it", mf.Lane, mf.Warp, s.Name, mask)
	case mf.Absent != 0:
		return c.finding(s.Call, "%s mask %s names %s, which do not exist in warp %d", s.Name, mask, kernels.FormatLanes(mf.Absent), mf.Warp)
	}
	with := ""
	if b := mf.Search.Bindings(mf.Env, mf.Syms); b != "" {
		with = "with " + b + ", "
	}
	n := bits.OnesCount64(mf.Missing)
	if e != nil {
		return c.finding(s.Call, "%s with mask %s in a loop that lanes leave by a lane-dependent %s (%s): %s%s of warp %d %s while the others call it",
			s.Name, mask, e.Via, ctx.PosText(e.Pos), with, kernels.FormatLanes(mf.Missing), mf.Warp, agree(n, "leave"))
	}
	ctrl := s.Ctrl[ctx.Culprit(s.Ctrl, mf.Env, ctx.WarpThreads(mf.Warp, mf.Missing|mf.Reach))]
	return c.finding(s.Call, "%s with mask %s %s: %s%s of warp %d %s but %s",
		s.Name, mask, ctx.DescribeCtrl(ctrl, "lane-dependent"), with, kernels.FormatLanes(mf.Missing), mf.Warp,
		agree(n, "are in the mask"), agree(n, "skip it"))
}

func maskText(m affine.Expr) string {
	if v, ok := m.IsConst(); ok {
		return fmt.Sprintf("0x%08x", uint64(v)&kernels.FullMask)
	}
	return "?"
}

// agree puts "are in", "skip it" in the singular for one lane.
func agree(n int, verb string) string {
	if n != 1 {
		return verb
	}
	first, rest, _ := strings.Cut(verb, " ")
	if first == "are" {
		first = "is"
	} else {
		first += "s"
	}
	if rest == "" {
		return first
	}
	return first + " " + rest
}
