package fuzz

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/simcheck"
	"github.com/smemlint/smemlint/simt"
)

// fset holds every generated file and the simt package they import.
var fset = token.NewFileSet()

// simtTypes is the simt package, type-checked from source once.
var simtTypes = sync.OnceValues(func() (*types.Package, error) {
	return importer.ForCompiler(fset, "source", nil).Import(kernels.SimtPath)
})

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// Analyze type-checks a kernel's source and runs the kernels analyzer on
// it, as go vet would, without loading anything from disk but simt.
func Analyze(src string) (*kernels.Result, *token.File, error) {
	f, err := parser.ParseFile(fset, "fz.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Instances: map[*ast.Ident]types.Instance{},
		Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes: map[ast.Node]*types.Scope{}, FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
		if path != kernels.SimtPath {
			return nil, fmt.Errorf("fuzz: unexpected import %q", path)
		}
		return simtTypes()
	})}
	sizes := types.SizesFor("gc", "amd64")
	conf.Sizes = sizes
	pkg, err := conf.Check("fz", fset, []*ast.File{f}, info)
	if err != nil {
		return nil, nil, err
	}
	pass := &analysis.Pass{
		Analyzer: config.Analyzer, Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info, TypesSizes: sizes,
		ResultOf: map[*analysis.Analyzer]any{}, Report: func(analysis.Diagnostic) {},
		// A generated kernel is alone in its package: there are no
		// facts to import, and those exported go nowhere.
		ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
		ExportPackageFact: func(analysis.Fact) {},
		ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
		ExportObjectFact:  func(types.Object, analysis.Fact) {},
		AllPackageFacts:   func() []analysis.PackageFact { return nil },
		AllObjectFacts:    func() []analysis.ObjectFact { return nil },
	}
	cfg, err := config.Analyzer.Run(pass)
	if err != nil {
		return nil, nil, err
	}
	pass.Analyzer, pass.ResultOf[config.Analyzer] = kernels.Analyzer, cfg
	res, err := kernels.Analyzer.Run(pass)
	if err != nil {
		return nil, nil, err
	}
	return res.(*kernels.Result), fset.File(f.Pos()), nil
}

// Disagreement is a site where prediction and measurement differ.
type Disagreement struct {
	Site int32
	Pos  string // line:col in the source
	Why  string
}

// Outcome is what checking one kernel found.
type Outcome struct {
	Spec        *Spec
	Source      string
	Sites       int // sites compared with measurements
	Unpredicted int
	// Rules counts the sites compared by the rule they were judged by.
	Rules         map[simcheck.Rule]int
	Disagreements []Disagreement
}

// Check generates the kernel of a seed, analyzes it, runs it traced and
// compares every site.
func Check(seed uint64) (*Outcome, error) {
	spec := Generate(seed)
	out := &Outcome{Spec: spec, Source: spec.Source(), Rules: map[simcheck.Rule]int{}}
	res, file, err := Analyze(out.Source)
	if err != nil {
		return out, fmt.Errorf("analyzing the generated kernel: %v", err)
	}
	if len(res.Contexts) != 1 {
		return out, fmt.Errorf("the analyzer found %d kernel contexts, want 1 (notes: %v)", len(res.Contexts), res.Notes)
	}
	tl, err := spec.Run()
	if err != nil {
		return out, fmt.Errorf("running the generated kernel: %v", err)
	}
	accesses := sitesOf(spec, res.Contexts[0], file)
	measured := map[int32]simt.TraceSite{}
	for _, ts := range tl.Sites {
		measured[ts.Site] = ts
	}
	for site := int32(0); site < spec.Sites; site++ {
		out.judge(site, accesses[site], measured, tl, file)
	}
	return out, nil
}

// judge compares one site.
func (o *Outcome) judge(site int32, as []*kernels.Access, measured map[int32]simt.TraceSite, tl *simt.TraceLaunch, file *token.File) {
	ts, ran := measured[site]
	pos := "?"
	if len(as) > 0 {
		p := file.Position(as[0].Node.Pos())
		pos = fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	if len(as) == 0 {
		if ran {
			o.Disagreements = append(o.Disagreements, Disagreement{site, pos, "measured, but the analyzer has no access here"})
		}
		return
	}
	if !ran {
		for _, a := range as {
			if ev := a.Ctx.Evaluate(a); ev.Skip == "" && ev.Exact && ev.Requests > 0 {
				o.Disagreements = append(o.Disagreements, Disagreement{site, pos,
					fmt.Sprintf("predicted %d requests (figures %v), none made", ev.Requests, ev.Figures)})
				return
			}
		}
		return
	}
	m := simcheck.Measurement{Block: tl.Block, Grid: tl.Grid, Arch: tl.Arch, Space: ts.Space, Figures: ts.Figures}
	v, why := simcheck.Judge(as, m)
	if v != simcheck.Unpredicted {
		o.Rules[simcheck.RuleOf(as, m)]++
	}
	switch v {
	case simcheck.Unpredicted:
		o.Unpredicted++
	case simcheck.Disagree:
		o.Sites++
		o.Disagreements = append(o.Disagreements, Disagreement{site, pos, why})
	default:
		o.Sites++
	}
}

// sitesOf maps the site numbers of a spec to the analyzer's accesses, by
// the position of their nodes.
func sitesOf(spec *Spec, ctx *kernels.Context, file *token.File) map[int32][]*kernels.Access {
	type key struct {
		off   int
		store bool
	}
	ids := map[key]int32{}
	var walk func([]*Stmt)
	walk = func(list []*Stmt) {
		for _, s := range list {
			switch s.Kind {
			case "if", "for":
				walk(s.Body)
				walk(s.Else)
			case "load":
				ids[key{s.Pos, false}] = s.Load
			case "store":
				ids[key{s.Pos, true}] = s.Store
			case "update":
				ids[key{s.Pos, false}], ids[key{s.Pos, true}] = s.Load, s.Store
			case "copy":
				ids[key{s.SrcPos, false}], ids[key{s.Pos, true}] = s.Load, s.Store
			}
		}
	}
	walk(spec.Body)
	out := map[int32][]*kernels.Access{}
	for _, a := range ctx.Accesses {
		if id, ok := ids[key{file.Offset(a.Node.Pos()), a.Store}]; ok {
			out[id] = append(out[id], a)
		}
	}
	return out
}

// Report describes the disagreements of an outcome, with the kernel.
func (o *Outcome) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d: %d disagreement(s):\n", o.Spec.Seed, len(o.Disagreements))
	sort.Slice(o.Disagreements, func(i, j int) bool { return o.Disagreements[i].Site < o.Disagreements[j].Site })
	for _, d := range o.Disagreements {
		fmt.Fprintf(&b, "  fz.go:%s site %d: %s\n", d.Pos, d.Site, d.Why)
	}
	lines := strings.Split(o.Source, "\n")
	for i, l := range lines {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}
