package cudagen

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/smemlint/smemlint/analyzer/kernels"
)

// Load loads the packages patterns name (relative to dir) and evaluates
// their kernels.
func Load(dir string, patterns []string) ([]*Package, error) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading %v: %w", patterns, err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			return nil, fmt.Errorf("%s: %v", p.ID, p.Errors[0])
		}
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %v", patterns)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{kernels.Analyzer}, pkgs, nil)
	if err != nil {
		return nil, fmt.Errorf("analyzing %v: %w", patterns, err)
	}
	var out []*Package
	for _, act := range graph.Roots {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %w", act, act.Err)
		}
		r, _ := act.Result.(*kernels.Result)
		p := act.Package
		pkg := &Package{Fset: p.Fset, Files: p.Syntax, Info: p.TypesInfo, Types: p.Types, Sizes: p.TypesSizes}
		if r != nil {
			pkg.Contexts = r.Contexts
		}
		out = append(out, pkg)
	}
	return out, nil
}
