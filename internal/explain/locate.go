// Package explain shows why an access costs what smemlint says: for one
// access, the lanes of its worst warp request placed in their shared-memory
// banks (or their global-memory sectors), the launch shape and profile the
// figure rests on, and the fix; and, as a self-contained HTML page, a
// heatmap of every access of a kernel.
package explain

import (
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/internal/driver"
)

// Target is one access site explained: its worst evaluation over the
// kernel contexts that reach it.
type Target struct {
	Pos token.Position // where a //line directive puts the access, as findings say
	// Raw is the access's place in the file that holds its text; it
	// differs from Pos only under a //line directive.
	Raw     token.Position
	Access  *kernels.Access
	Eval    *kernels.Eval
	Finding *driver.Finding // the check's report at the site, if any
}

// Shared reports whether the access is to shared memory.
func (t *Target) Shared() bool { return t.Access.Shared() }

// Kernel is a kernel context with its explained accesses, in source order.
type Kernel struct {
	Ctx     *kernels.Context
	Fset    *token.FileSet
	Targets []*Target
}

// Load analyzes the package of file and returns the kernel contexts that
// have an access on line (at column col, when col > 0), with every access
// of each. The first context is the one whose access on the line is worst.
func Load(file string, line, col int, opts driver.Options) ([]*Kernel, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	opts.Dir = filepath.Dir(abs)
	opts.Extra = []*analysis.Analyzer{kernels.Analyzer}
	res, err := driver.Run([]string{"file=" + abs}, opts)
	if err != nil {
		return nil, err
	}
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("%s does not type-check: %v", file, res.Errors[0])
	}
	var out []*Kernel
	seen := map[*kernels.Context]bool{}
	for _, act := range res.Graph.Roots {
		kr, ok := act.Result.(*kernels.Result)
		if !ok || act.Analyzer != kernels.Analyzer {
			continue
		}
		fset := act.Package.Fset
		for _, ctx := range kr.Contexts {
			if seen[ctx] {
				continue
			}
			seen[ctx] = true
			k := kernel(ctx, fset, res.Findings)
			if k.at(abs, line, col) != nil {
				out = append(out, k)
			}
		}
	}
	if len(out) == 0 {
		if cols := columns(res, abs, line); col > 0 && len(cols) > 0 {
			return nil, fmt.Errorf("%s:%d:%d: no access at column %d; the accesses of line %d start at columns %s",
				file, line, col, col, line, strings.Join(cols, ", "))
		}
		return nil, fmt.Errorf("%s:%d: no shared or global access of a kernel here", file, line)
	}
	sort.SliceStable(out, func(i, j int) bool {
		return excess(out[i].at(abs, line, col)) > excess(out[j].at(abs, line, col))
	})
	return out, nil
}

// columns lists the columns where accesses of line start, in order.
func columns(res *driver.Result, file string, line int) []string {
	seen := map[int]bool{}
	for _, act := range res.Graph.Roots {
		kr, ok := act.Result.(*kernels.Result)
		if !ok {
			continue
		}
		for _, ctx := range kr.Contexts {
			for _, a := range ctx.Accesses {
				if a.Remote || a.Atomic {
					continue
				}
				for _, p := range positions(act.Package.Fset, a.Node.Pos()) {
					if p.Filename == file && p.Line == line {
						seen[p.Column] = true
					}
				}
			}
		}
	}
	var cols []int
	for c := range seen {
		cols = append(cols, c)
	}
	sort.Ints(cols)
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = strconv.Itoa(c)
	}
	return out
}

// kernel evaluates every access of a context, keeping one target per
// site and direction: the worst evaluation when a site is reached twice.
func kernel(ctx *kernels.Context, fset *token.FileSet, findings []driver.Finding) *Kernel {
	k := &Kernel{Ctx: ctx, Fset: fset}
	type key struct {
		pos   token.Pos
		store bool
	}
	index := map[key]*Target{}
	for _, a := range ctx.Accesses {
		if a.Remote || a.Atomic {
			continue
		}
		ev := ctx.Evaluate(a)
		kk := key{a.Node.Pos(), a.Store}
		if t, ok := index[kk]; ok {
			if ev.Skip == "" && (t.Eval.Skip != "" || ev.Worst.Excess(a.Shared()) > t.Eval.Worst.Excess(a.Shared())) {
				t.Eval = ev
			}
			continue
		}
		t := &Target{Pos: fset.Position(a.Node.Pos()), Raw: fset.PositionFor(a.Node.Pos(), false), Access: a, Eval: ev}
		// The finding that prices this access: bankconflict's for shared
		// memory, coalescing's for global; a race reported at the same
		// place (globalrace, warpsync, …) is another matter.
		pricing := "coalescing"
		if a.Shared() {
			pricing = "bankconflict"
		}
		for i := range findings {
			f := &findings[i]
			if f.Pos == t.Pos && !f.Suppressed && f.Check == pricing {
				t.Finding = f
			}
		}
		index[kk] = t
		k.Targets = append(k.Targets, t)
	}
	sort.SliceStable(k.Targets, func(i, j int) bool { return k.Targets[i].Pos.Offset < k.Targets[j].Pos.Offset })
	return k
}

// at returns the worst access of k on the line (and column) of file.
func (k *Kernel) at(file string, line, col int) *Target {
	var best *Target
	for _, t := range k.Targets {
		if !k.covers(t, file, line, col) {
			continue
		}
		if best == nil || excess(t) > excess(best) {
			best = t
		}
	}
	return best
}

// At returns the targets of k on the line (and column) of file, in
// source order.
func (k *Kernel) At(file string, line, col int) []*Target {
	abs, _ := filepath.Abs(file)
	var out []*Target
	for _, t := range k.Targets {
		if k.covers(t, abs, line, col) {
			out = append(out, t)
		}
	}
	return out
}

// covers reports whether t's access is on the line of file and, for a
// column above 0, spans it: where the findings place it, or where it is
// in the file that holds it, which differ after a //line directive.
func (k *Kernel) covers(t *Target, file string, line, col int) bool {
	starts := positions(k.Fset, t.Access.Node.Pos())
	ends := positions(k.Fset, t.Access.Node.End())
	for i, p := range starts {
		if p.Filename == file && p.Line == line && (col <= 0 || col >= p.Column && col <= ends[i].Column) {
			return true
		}
	}
	return false
}

// positions returns where pos is as the findings print it and, after a
// //line directive, where it is in the file that holds it.
func positions(fset *token.FileSet, pos token.Pos) []token.Position {
	p, raw := fset.Position(pos), fset.PositionFor(pos, false)
	if raw == p {
		return []token.Position{p}
	}
	return []token.Position{p, raw}
}

func excess(t *Target) int {
	if t == nil || t.Eval.Skip != "" {
		return -1
	}
	return t.Eval.Worst.Excess(t.Shared())
}
