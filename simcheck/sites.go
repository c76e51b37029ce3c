// Package simcheck checks smemlint's predictions by running kernels: it
// instruments every shared and global access the analyzer evaluates,
// runs the packages' tests traced in the simulator, and compares each
// site's predicted figure (wavefronts or sectors per request) with the
// figures of the requests the kernel really made.
//
// The instrumentation goes through `go test -overlay`, so the user's
// files are never touched; edits never add or remove a line, so errors,
// panics and test output name the user's lines. A site is identified as
// the analyzer identifies it: the position of its access node (an index,
// selector or dereference expression, or the atomic call) and whether it
// loads or stores.
package simcheck

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// Op is what an access site does.
type Op uint8

// Access operations.
const (
	Load Op = iota
	Store
	Atomic
)

func (o Op) String() string { return [...]string{"load", "store", "atomic"}[o] }

// Site is one access site: a node and what it does.
type Site struct {
	ID   int32
	Pos  token.Position
	Op   Op
	Text string // the access's source text
	// Accesses are the analyzer's evaluations of the site: one per kernel
	// context (and per part, for a value accessed field by field).
	Accesses []*kernels.Access
	// Note says why the site was not instrumented.
	Note         string
	instrumented bool
}

// String returns "file.go:12:5 load".
func (s *Site) String() string { return fmt.Sprintf("%s %s", posString(s.Pos), s.Op) }

// unit is one file to instrument: its syntax in the package variant that
// sees the most launches, and the sites of its access nodes.
type unit struct {
	fset  *token.FileSet
	info  *types.Info
	pkg   *types.Package
	file  *ast.File
	name  string
	nodes map[ast.Node]*nodeSites
}

// loaded is what loading and analyzing the packages gave.
type loaded struct {
	sites []*Site
	units []*unit
	// findings are the positions of the smemrace and warpsync findings,
	// which hazards seen at run time confirm.
	findings []finding
	// traceArch is the profile the packages were analyzed for, in the
	// spelling of simt.TraceArchEnv.
	traceArch string
}

// finding is one diagnostic of a race check.
type finding struct {
	check string
	pos   token.Position
}

// raceChecks are the checks whose findings hazards are matched with, by
// the kind of hazard.
var raceChecks = map[string]string{"race": "smemrace", "warp": "warpsync"}

// load loads the packages patterns name, with their tests, runs the
// kernels analyzer on them and collects every access site.
func load(dir string, patterns []string) (*loaded, error) {
	var roots []*analysis.Analyzer
	for _, a := range analyzer.Checks() {
		if a.Name == raceChecks["race"] || a.Name == raceChecks["warp"] {
			roots = append(roots, a)
		}
	}
	roots = append(roots, kernels.Analyzer)
	mode := packages.LoadSyntax
	if usesFacts(roots) {
		// The checker then runs the analyzers on the dependencies too.
		mode = packages.LoadAllSyntax
	}
	cfg := &packages.Config{Mode: mode | packages.NeedModule, Dir: dir, Tests: true}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var clean []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			return nil, fmt.Errorf("%s: %v", p.ID, p.Errors[0])
		}
		clean = append(clean, p)
	}
	if len(clean) == 0 {
		return nil, fmt.Errorf("no packages match %v", patterns)
	}
	graph, err := checker.Analyze(roots, clean, nil)
	if err != nil {
		return nil, err
	}
	results := map[*packages.Package]*kernels.Result{}
	var findings []finding
	for _, act := range graph.Roots {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		if r, ok := act.Result.(*kernels.Result); ok {
			results[act.Package] = r
		}
		for _, d := range act.Diagnostics {
			findings = append(findings, finding{act.Analyzer.Name, act.Package.Fset.Position(d.Pos)})
			// The other steps of a warpsync chain are its related
			// locations: a hazard seen there is reported too.
			for _, r := range d.Related {
				if d.Category != "suppressed" { // a suppressed finding's related location is its directive
					findings = append(findings, finding{act.Analyzer.Name, act.Package.Fset.Position(r.Pos)})
				}
			}
		}
	}
	l := collect(clean, results)
	l.findings = findings
	if l.traceArch, err = traceProfile(results); err != nil {
		return nil, err
	}
	return l, nil
}

// traceProfile returns the architecture profile the packages were
// analyzed for (the flags, smemlint.conf), as simt.TraceArchEnv spells it,
// for the traced tests to run launches that name none on it (packages
// without kernels aside). One run of
// go test has one profile: packages under configuration files that
// disagree are checked separately.
func traceProfile(results map[*packages.Package]*kernels.Result) (string, error) {
	profiles := map[string]string{} // profile -> a package with it
	for p, r := range results {
		if len(r.Contexts) == 0 {
			continue // no launch runs on a profile (go test's generated main among them)
		}
		c := r.Config
		prof := c.Arch.Name
		if c.BankMode != 0 {
			prof += ":" + strconv.Itoa(c.BankMode)
		}
		if _, ok := profiles[prof]; !ok || p.PkgPath < profiles[prof] {
			profiles[prof] = p.PkgPath
		}
	}
	if len(profiles) > 1 {
		var list []string
		for prof, pkg := range profiles {
			list = append(list, pkg+" "+prof)
		}
		sort.Strings(list)
		return "", fmt.Errorf("the packages are analyzed for different profiles (%s, from smemlint.conf or flags): run simcheck on each group separately", strings.Join(list, ", "))
	}
	for prof := range profiles {
		return prof, nil
	}
	return "", nil
}

// usesFacts reports whether an analyzer or one it requires uses facts.
func usesFacts(as []*analysis.Analyzer) bool {
	for _, a := range as {
		if len(a.FactTypes) > 0 || usesFacts(a.Requires) {
			return true
		}
	}
	return false
}

// collect picks, for every file, the package variant that analyzes it
// with the most kernel contexts (a package's test variant sees the
// launches of its tests too) and gathers the sites of its accesses.
func collect(pkgs []*packages.Package, results map[*packages.Package]*kernels.Result) *loaded {
	type owner struct {
		pkg      *packages.Package
		file     *ast.File
		contexts int
	}
	owners := map[string]*owner{}
	for _, p := range pkgs {
		r := results[p]
		if r == nil {
			continue
		}
		for _, f := range p.Syntax {
			name := p.Fset.File(f.Pos()).Name()
			if o := owners[name]; o == nil || len(r.Contexts) > o.contexts {
				owners[name] = &owner{p, f, len(r.Contexts)}
			}
		}
	}
	names := make([]string, 0, len(owners))
	for n := range owners {
		names = append(names, n)
	}
	sort.Strings(names)
	out := &loaded{}
	for _, name := range names {
		o := owners[name]
		out.addUnit(&unit{fset: o.pkg.Fset, info: o.pkg.TypesInfo, pkg: o.pkg.Types, file: o.file, name: name,
			nodes: map[ast.Node]*nodeSites{}}, results[o.pkg].Contexts)
	}
	out.number()
	return out
}

// addUnit gathers the sites of the accesses of contexts in u's file.
func (l *loaded) addUnit(u *unit, contexts []*kernels.Context) {
	for _, ctx := range contexts {
		for _, a := range ctx.Accesses {
			if a.Node.Pos() >= u.file.FileStart && a.Node.Pos() < u.file.FileEnd {
				l.addAccess(u, a)
			}
		}
	}
	if len(u.nodes) > 0 {
		l.units = append(l.units, u)
	}
}

// number gives the sites their numbers, in the order of their positions.
func (l *loaded) number() {
	sort.SliceStable(l.sites, func(i, j int) bool { return lessPos(l.sites[i], l.sites[j]) })
	for i, s := range l.sites {
		s.ID = int32(i)
	}
}

// addAccess files an access under its node's site.
func (l *loaded) addAccess(u *unit, a *kernels.Access) {
	ns := u.nodes[a.Node]
	if ns == nil {
		ns = &nodeSites{}
		u.nodes[a.Node] = ns
	}
	slot, op := &ns.load, Load
	switch {
	case a.Atomic:
		slot, op = &ns.atomic, Atomic
	case a.Store:
		slot, op = &ns.store, Store
	}
	if *slot == nil {
		*slot = &Site{Pos: u.fset.Position(a.Node.Pos()), Op: op, Text: a.Text}
		l.sites = append(l.sites, *slot)
	}
	(*slot).Accesses = append((*slot).Accesses, a)
}

func lessPos(a, b *Site) bool {
	if a.Pos.Filename != b.Pos.Filename {
		return a.Pos.Filename < b.Pos.Filename
	}
	if a.Pos.Offset != b.Pos.Offset {
		return a.Pos.Offset < b.Pos.Offset
	}
	return a.Op < b.Op
}
