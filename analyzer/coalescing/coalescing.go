package coalescing

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"math/bits"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/internal/sitereport"
	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/model"
)

//go:embed doc.go
var doc string

// Analyzer reports uncoalesced global-memory accesses.
var Analyzer = &analysis.Analyzer{
	Name:     "coalescing",
	Doc:      doctext.MustExtract(doc, "coalescing"),
	URL:      "https://github.com/smemlint/smemlint/blob/main/docs/checks/coalescing.md",
	Requires: []*analysis.Analyzer{kernels.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[kernels.Analyzer].(*kernels.Result)
	rep := report.New(pass, "coalescing")
	sitereport.Report(rep, res.Config.Verbose, sites(res), sitereport.Check{
		Finding: func(ev *kernels.Eval) bool { return ev.Shown() && !misalignedOnly(ev) },
		Message: func(ev *kernels.Eval) string { return Message(pass, ev) },
		Totals:  totals,
		Space:   "global",
		Unpriced: sitereport.UnpricedSites(res, func(a *kernels.Access) string {
			if a.Shared() || !a.Atomic {
				return ""
			}
			return "global atomic " + a.Text + " not evaluated: " + sitereport.UnpricedAtomic
		}),
	})
	if res.Config.Verbose {
		sitereport.Merges(rep, res, keep)
	}
	return nil, nil
}

// keep selects the accesses the check judges.
func keep(a *kernels.Access) bool { return !a.Shared() && !a.Atomic }

func sites(res *kernels.Result) []*kernels.AccessSite {
	return kernels.EvaluateSites(res, keep, worse)
}

func worse(a, b *kernels.Eval) bool {
	if (a.Skip == "") != (b.Skip == "") {
		return a.Skip == ""
	}
	return a.Worst.Excess(false) > b.Worst.Excess(false)
}

// totals states, for -verbose notes, what one block's requests add up to.
func totals(ev *kernels.Eval) string {
	mean, ok := ev.Mean()
	return report.BlockTotals(ev.BlockRequests, ev.BlockTotal, mean, ok, ev.Worst.Global.Sectors, "sector")
}

// Message describes the worst request of an evaluated global access.
func Message(pass *analysis.Pass, ev *kernels.Eval) string {
	a, w := ev.Access, ev.Worst.Global
	var b strings.Builder
	fmt.Fprintf(&b, "global %s %s: ", a.Verb(), a.Text)
	if ev.Stride != "" && w.Sectors > w.Ideal {
		b.WriteString("up to ")
	}
	fmt.Fprintf(&b, "%s per request (ideal %d)", report.Plural(w.Sectors, "sector"), w.Ideal)
	if w.Sectors > w.Ideal {
		fmt.Fprintf(&b, ": %s", cause(pass, ev))
	}
	if ev.Stride != "" && w.Sectors > w.Ideal && ev.Threshold > 0 {
		fmt.Fprintf(&b, "; %d when %s ≥ %d", w.Sectors, ev.Stride, ev.Threshold)
	}
	fmt.Fprintf(&b, "; %s", a.Ctx.Shape.Describe())
	if len(ev.Figures) > 1 && ev.Worst.Bindings != "" && ev.Stride == "" {
		fmt.Fprintf(&b, "; worst at %s", ev.Worst.Bindings)
	}
	return b.String()
}

// cause explains why a request touches more sectors than it needs.
func cause(pass *analysis.Pass, ev *kernels.Eval) string {
	r, arch := ev.Worst.Req, ev.Access.Ctx.Arch
	if field, elem, ok := structField(pass, ev.Access); ok {
		return fmt.Sprintf("array of structs: each lane reads %d of every %d bytes (%s); a struct of arrays reads consecutive words",
			r.Size, elem, field)
	}
	if d, ok := constantStride(&r); ok {
		switch {
		case d == int64(r.Size) || d == -int64(r.Size):
			first := firstAddr(&r)
			return fmt.Sprintf("consecutive lanes, but the warp starts %d bytes into a %d-byte sector",
				mod(first, int64(arch.SectorBytes)), arch.SectorBytes)
		case d != 0:
			if ev.Stride != "" {
				return fmt.Sprintf("lanes are %s×%d bytes apart", ev.Stride, r.Size)
			}
			return fmt.Sprintf("lanes are %d bytes apart (a stride of %d elements)", abs(d), abs(d)/int64(r.Size))
		}
	}
	return fmt.Sprintf("the %d lanes touch %s in %s", bits.OnesCount32(r.On),
		report.Plural(ev.Worst.Global.Sectors, "sector"), report.Plural(ev.Worst.Global.Lines, fmt.Sprintf("%d-byte line", arch.LineBytes)))
}

// misalignedOnly reports whether the only waste is a start that is not on
// a sector boundary, with consecutive lanes: typical of neighbour accesses
// (in[i+1] next to in[i]) and reported with -verbose only.
func misalignedOnly(ev *kernels.Eval) bool {
	r := ev.Worst.Req
	d, ok := constantStride(&r)
	return ok && (d == int64(r.Size) || d == -int64(r.Size))
}

// constantStride returns the address distance between consecutive lanes
// that are on, when it is the same for all of them.
func constantStride(r *model.Request) (int64, bool) {
	prev, have, d := -1, false, int64(0)
	ok := true
	for n := 0; n < model.WarpSize; n++ {
		if r.On&(1<<n) == 0 {
			continue
		}
		if prev >= 0 {
			step := (r.Addr[n] - r.Addr[prev]) / int64(n-prev)
			if (r.Addr[n]-r.Addr[prev])%int64(n-prev) != 0 || have && step != d {
				ok = false
			}
			d, have = step, true
		}
		prev = n
	}
	return d, ok && have
}

func firstAddr(r *model.Request) int64 {
	for n := 0; n < model.WarpSize; n++ {
		if r.On&(1<<n) != 0 {
			return r.Addr[n]
		}
	}
	return 0
}

// structField reports an access to a field of an element of a slice or
// array of structs: the field's name and the element's size.
func structField(pass *analysis.Pass, a *kernels.Access) (string, int64, bool) {
	sel, ok := a.Node.(*ast.SelectorExpr)
	if !ok {
		return "", 0, false
	}
	t := pass.TypesInfo.TypeOf(sel.X)
	if t == nil {
		return "", 0, false
	}
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return "", 0, false
	}
	if _, isIndex := ast.Unparen(sel.X).(*ast.IndexExpr); !isIndex {
		return "", 0, false
	}
	sizes := pass.TypesSizes
	if sizes == nil {
		sizes = types.SizesFor("gc", "amd64")
	}
	return "." + sel.Sel.Name, sizes.Sizeof(t), true
}

func mod(a, m int64) int64 { return ((a % m) + m) % m }

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}
