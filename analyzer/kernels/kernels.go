package kernels

import (
	_ "embed"
	"errors"
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/front"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/interp"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/internal/simtapi"
)

//go:embed doc.go
var doc string

// Analyzer evaluates the kernels of a package for the smemlint checks.
var Analyzer = &analysis.Analyzer{
	Name:       "smemlintkernels",
	Doc:        doctext.MustExtract(doc, "smemlintkernels"),
	URL:        "https://github.com/smemlint/smemlint/blob/main/docs/checks/README.md",
	Run:        run,
	Requires:   []*analysis.Analyzer{config.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(SourceFact)},
}

// Result is what the checks receive: every kernel context of the package.
type Result struct {
	Contexts []*Context
	Config   *config.Config
	// Rejected are the launches whose simt.Config breaks a launch rule of
	// the simulator (model.CheckLaunch): the directives check reports them.
	Rejected []Note
	// Notes are things the analysis could not do, for -v.
	Notes []Note
	// Faults are internal errors that stopped the evaluation of a kernel;
	// those met later, answering a check's question, are in the
	// context's Faults.
	Faults []Fault
}

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	res := &Result{Config: cfg}
	if !simtapi.ImportsSimt(pass.Pkg) {
		return res, nil
	}
	front.ExportSource(pass)
	f := front.NewFinder(pass, cfg)
	f.Find()
	jobs := f.Jobs()
	ctxs, errs := evaluateAll(pass, cfg, f, jobs)
	for i, job := range jobs {
		var fault *Fault
		switch {
		case errors.As(errs[i], &fault):
			res.Faults = append(res.Faults, *fault)
			continue
		case errs[i] != nil:
			res.Notes = append(res.Notes, Note{Pos: job.Pos, Msg: errs[i].Error()})
			continue
		}
		if ctxs[i] != nil {
			res.Contexts = append(res.Contexts, wrap(ctxs[i]))
		}
	}
	res.Notes = append(res.Notes, f.Notes()...)
	res.Rejected = f.Rejected()
	return res, nil
}

// evaluateAll evaluates the jobs on as many goroutines as there are
// processors: the interpretation is the one part of the analysis that no
// other analyzer runs beside. Jobs that share a host function share its
// scope, which keeps state while it evaluates, so they run one after the
// other on one goroutine. Results are in job order.
func evaluateAll(pass *analysis.Pass, cfg *config.Config, f *front.Finder, jobs []front.Job) ([]*ir.Context, []error) {
	ctxs, errs := make([]*ir.Context, len(jobs)), make([]error, len(jobs))
	var groups [][]int
	byHost := map[*front.HostScope]int{}
	for i, j := range jobs {
		if j.Host == nil {
			groups = append(groups, []int{i})
			continue
		}
		g, ok := byHost[j.Host]
		if !ok {
			g = len(groups)
			byHost[j.Host] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(groups)) {
		wg.Go(func() {
			for g := next.Add(1) - 1; g < int64(len(groups)); g = next.Add(1) - 1 {
				for _, i := range groups[g] {
					m := ir.StartMeter()
					ctxs[i], errs[i] = interp.Evaluate(pass, cfg, f, jobs[i])
					if ctxs[i] != nil {
						ctxs[i].Charge(m)
					} else {
						m.Stop()
					}
				}
			}
		})
	}
	wg.Wait()
	return ctxs, errs
}
