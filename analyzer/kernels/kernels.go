package kernels

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/doctext"
	"github.com/smemlint/smemlint/model"
)

//go:embed doc.go
var doc string

// SimtPath is the import path of the kernel API.
const SimtPath = "github.com/smemlint/smemlint/simt"

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
	// Notes are things the analysis could not do, for -v.
	Notes []Note
}

// Note is a remark about the analysis itself.
type Note struct {
	Pos token.Pos
	Msg string
}

// Dim is a block, grid or cluster shape; a zero component is unknown.
type Dim struct{ X, Y, Z int }

// Threads returns X*Y*Z.
func (d Dim) Threads() int { return d.X * d.Y * d.Z }

// Known reports whether every component is known.
func (d Dim) Known() bool { return d.X > 0 && d.Y > 0 && d.Z > 0 }

func (d Dim) String() string {
	c := func(v int) string {
		if v <= 0 {
			return "?"
		}
		return fmt.Sprint(v)
	}
	return c(d.X) + "×" + c(d.Y) + "×" + c(d.Z)
}

// ShapeSource says where a context's launch shape came from.
type ShapeSource uint8

// Shape sources.
const (
	FromLaunch ShapeSource = iota
	FromDirective
	Assumed
)

// Shape is a launch configuration as far as it is known.
type Shape struct {
	Block, Grid, Cluster Dim
	SharedBytes          int64 // dynamic shared memory; -1 when unknown
	Source               ShapeSource
	Pos                  token.Pos // the launch call or the directive
}

// Describe returns the shape the way messages state it: "block 32×8",
// "block 256×1×1 assumed (no launch found)".
func (s Shape) Describe() string {
	b := s.Block
	text := fmt.Sprintf("block %d", b.X)
	if b.Y > 1 || b.Z > 1 {
		text += fmt.Sprintf("×%d", b.Y)
	}
	if b.Z > 1 {
		text += fmt.Sprintf("×%d", b.Z)
	}
	if s.Source == Assumed {
		text = fmt.Sprintf("block %d assumed: no launch or //smemlint:launch found", b.X)
	}
	return text
}

// Context is one kernel evaluated under one launch shape.
type Context struct {
	Kernel string    // the kernel's name
	Pos    token.Pos // the kernel function
	Shape  Shape
	Arch   *model.Arch

	Syms     *affine.Table
	Accesses []*Access
	Syncs    []*Sync
	Exits    []*Exit // returns, branches, gotos and panics
	Arrays   []*Array
	// StaticShared is the bytes of Shared arrays a block declares.
	StaticShared int64
	// Incomplete lists what the evaluation had to give up on.
	Incomplete []Note

	meta []symMeta
	// levels caches PredLevel: the checks, which run in parallel, ask
	// about the same guards.
	levelMu sync.Mutex
	levels  map[string]Level
	// stmtKeys caches StmtKey, which smemrace and warpsync ask for the
	// same accesses.
	stmtMu   sync.Mutex
	stmtKeys map[token.Pos]any
	judged   sync.Map // *Access -> *Eval, see Judge

	// What Repad needs to evaluate the context again.
	job    *job
	pass   *analysis.Pass
	cfg    *config.Config
	finder *finder
	// tx, ty, tz are the thread-index symbols.
	tx, ty, tz affine.Sym
}

// Coords returns the thread-index symbols x, y, z.
func (c *Context) Coords() [3]affine.Sym { return [3]affine.Sym{c.tx, c.ty, c.tz} }

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	res := &Result{Config: cfg}
	if !importsSimt(pass.Pkg) {
		return res, nil
	}
	exportSource(pass)
	f := newFinder(pass, cfg)
	f.find()
	jobs := f.jobs()
	ctxs, errs := evaluateAll(pass, cfg, f, jobs)
	for i, job := range jobs {
		if errs[i] != nil {
			res.Notes = append(res.Notes, Note{job.pos, errs[i].Error()})
			continue
		}
		if ctxs[i] != nil {
			res.Contexts = append(res.Contexts, ctxs[i])
		}
	}
	res.Notes = append(res.Notes, f.notes...)
	return res, nil
}

// evaluateAll evaluates the jobs on as many goroutines as there are
// processors: the interpretation is the one part of the analysis that no
// other analyzer runs beside. Jobs that share a host function share its
// scope, which keeps state while it evaluates, so they run one after the
// other on one goroutine. Results are in job order.
func evaluateAll(pass *analysis.Pass, cfg *config.Config, f *finder, jobs []job) ([]*Context, []error) {
	ctxs, errs := make([]*Context, len(jobs)), make([]error, len(jobs))
	var groups [][]int
	byHost := map[*hostScope]int{}
	for i, j := range jobs {
		if j.host == nil {
			groups = append(groups, []int{i})
			continue
		}
		g, ok := byHost[j.host]
		if !ok {
			g = len(groups)
			byHost[j.host] = g
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
					ctxs[i], errs[i] = safeEvaluate(pass, cfg, f, jobs[i])
				}
			}
		})
	}
	wg.Wait()
	return ctxs, errs
}

// importsSimt reports whether pkg uses the kernel API; the others are
// skipped at once, which keeps the analyzer cheap on ordinary code.
func importsSimt(pkg *types.Package) bool {
	if pkg.Path() == SimtPath {
		return false
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == SimtPath {
			return true
		}
	}
	return false
}

// isSimtObj reports whether obj is the simt package's name.
func isSimtObj(obj types.Object, name string) bool {
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == SimtPath && obj.Name() == name
}

// isThreadPtr reports whether t is *simt.Thread.
func isThreadPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && isSimtObj(n.Obj(), "Thread")
}

// isKernelSig reports whether sig's first parameter is *simt.Thread.
func isKernelSig(sig *types.Signature) bool {
	return sig != nil && sig.Params().Len() > 0 && isThreadPtr(sig.Params().At(0).Type())
}

// safeEvaluate evaluates a context; an internal error in the evaluation of
// one kernel becomes a note instead of crashing the whole run.
func safeEvaluate(pass *analysis.Pass, cfg *config.Config, f *finder, j job) (ctx *Context, err error) {
	defer func() {
		if r := recover(); r != nil {
			ctx, err = nil, fmt.Errorf("smemlint internal error evaluating kernel %s (please report it): %v", j.name, r)
		}
	}()
	return evaluate(pass, cfg, f, j)
}
