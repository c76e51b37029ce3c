package hwcheck

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/smemlint/smemlint/internal/cudagen"
	"github.com/smemlint/smemlint/simcheck"
	"github.com/smemlint/smemlint/simcheck/fuzz"
)

// Corpus is a set of packages to translate into one .cu file.
type Corpus struct {
	Name     string
	Dir      string // where the patterns are resolved (a module's directory)
	Patterns []string
}

// Options say what to prepare.
type Options struct {
	// Base is the repository root: #line paths are relative to it, and
	// the GPU script runs there, so that Nsight Compute finds the files.
	Base string
	// Dir is the output directory, under Base.
	Dir     string
	Corpora []Corpus
	// Fuzz is the number of the differential fuzzer's kernels (seeds 1
	// to Fuzz), PerFile of them to a .cu file.
	Fuzz, PerFile int
	// Seeds, when not empty, are the fuzzer's kernels to translate instead
	// of seeds 1 to Fuzz, in files named seedsNNNNN (after the last seed
	// of each): a few kernels measured again without the rest.
	Seeds []int
}

// sliceBytes is the size of each global buffer the harness allocates:
// enough for the corpora's default sizes, small enough that Nsight
// Compute's replays, which save and restore them, stay quick.
const sliceBytes = 8 << 20

// Prepare translates the corpora and the fuzzer's kernels, writes the .cu
// files under Dir/cu and the plan to Dir/plan.json.
func Prepare(opt Options) (*Plan, error) {
	if opt.PerFile <= 0 {
		opt.PerFile = 100
	}
	if err := os.MkdirAll(filepath.Join(opt.Dir, "cu"), 0o755); err != nil {
		return nil, fmt.Errorf("hwcheck: %w", err)
	}
	plan := &Plan{}
	for _, c := range opt.Corpora {
		pkgs, err := cudagen.Load(c.Dir, c.Patterns)
		if err != nil {
			return nil, fmt.Errorf("hwcheck: corpus %s: %w", c.Name, err)
		}
		if err := plan.add(opt, c.Name, c.Name, pkgs, nil); err != nil {
			return nil, err
		}
	}
	if opt.Fuzz > 0 || len(opt.Seeds) > 0 {
		if err := prepareFuzz(opt, plan); err != nil {
			return nil, err
		}
	}
	return plan, plan.write(filepath.Join(opt.Dir, "plan.json"))
}

// add translates pkgs into Dir/cu/<file>.cu and records its instances.
// sims gives, by kernel file name, the simulator's totals by key.
func (plan *Plan) add(opt Options, corpus, file string, pkgs []*cudagen.Package, sims map[string]map[Key]*Totals) error {
	out := cudagen.Generate(pkgs, cudagen.Options{Base: opt.Base, SliceBytes: sliceBytes})
	for _, pr := range out.Problems {
		plan.Problems = append(plan.Problems, pr.String())
	}
	if len(out.Launches) == 0 {
		return nil
	}
	name := filepath.Join("cu", file+".cu")
	if err := os.WriteFile(filepath.Join(opt.Dir, name), []byte(out.Source), 0o644); err != nil {
		return fmt.Errorf("hwcheck: %w", err)
	}
	plan.Files = append(plan.Files, File{Name: name, Corpus: corpus})
	for _, l := range out.Launches {
		in := Instance{Name: l.Name, Kernel: l.Kernel, File: name, Corpus: corpus, Block: l.Block, Grid: l.Grid}
		rows := map[Key]*Row{}
		fset := l.Package.Fset
		for _, a := range l.Context.Accesses {
			pos := fset.Position(a.Node.Pos())
			op := a.Verb()
			if a.Atomic {
				op = "atomic"
			}
			k := Key{File: cudagen.LinePath(opt.Base, pos.Filename), Line: pos.Line, Space: a.Space(), Op: op}
			r := rows[k]
			if r == nil {
				r = &Row{Key: k, Exact: true}
				rows[k] = r
				in.Rows = append(in.Rows, r)
			}
			r.Sites = append(r.Sites, fmt.Sprintf("%d: %s", pos.Column, a.Text))
			r.Sizes = append(r.Sizes, a.Size)
			ev := l.Context.Evaluate(a)
			switch {
			case a.Remote:
				r.Skip = "another block's shared memory"
			case ev.Skip != "":
				r.Skip = ev.Skip
			default:
				r.addFigures(ev.Figures)
				r.Exact = r.Exact && ev.Exact
			}
		}
		if sim, ok := sims[filepath.Base(l.Pos.Filename)]; ok && sim != nil {
			for _, r := range in.Rows {
				r.Sim = &Totals{} // a site the simulator never saw ran no request
			}
			for k, t := range sim {
				r := rows[k]
				if r == nil {
					r = &Row{Key: k, Skip: "the analyzer has no access here"}
					rows[k] = r
					in.Rows = append(in.Rows, r)
				}
				r.Sim = t
			}
		}
		plan.Instances = append(plan.Instances, in)
	}
	return nil
}

// prepareFuzz writes the fuzzer's kernels as Go files under Dir/fuzz
// (which Nsight Compute shows beside the counters), runs each in the
// simulator and translates them, PerFile to a .cu file. They run on
// sm_90, the GPU's profile, whatever profile the seed drew.
func prepareFuzz(opt Options, plan *Plan) error {
	dir := filepath.Join(opt.Dir, "fuzz")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("hwcheck: %w", err)
	}
	fset := token.NewFileSet()
	var pkgs []*cudagen.Package
	sims := map[string]map[Key]*Totals{}
	seeds, stem := opt.Seeds, "seeds"
	if len(seeds) == 0 {
		stem = "fuzz"
		for seed := 1; seed <= opt.Fuzz; seed++ {
			seeds = append(seeds, seed)
		}
	}
	flush := func(last int) error {
		err := plan.add(opt, "fuzz", fmt.Sprintf("%s%05d", stem, last), pkgs, sims)
		pkgs, sims = nil, map[string]map[Key]*Totals{}
		return err
	}
	for i, seed := range seeds {
		spec := fuzz.Generate(uint64(seed))
		spec.Arch = "sm_90"
		src := spec.Source()
		name, err := filepath.Abs(filepath.Join(dir, fmt.Sprintf("fz%05d.go", seed)))
		if err != nil {
			return fmt.Errorf("hwcheck: %w", err)
		}
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			return fmt.Errorf("hwcheck: %w", err)
		}
		a, err := simcheck.AnalyzeSource(fset, name, src)
		if err != nil {
			return fmt.Errorf("hwcheck: fuzz seed %d: %w", seed, err)
		}
		p := &cudagen.Package{Fset: fset, Files: []*ast.File{a.File}, Info: a.Info, Types: a.Pkg, Contexts: a.Result.Contexts,
			Ints: map[string]int64{"p0": int64(spec.Param)}, Lens: map[string]int64{}}
		for _, arr := range spec.Arrays {
			if !arr.Shared {
				p.Lens[arr.Name] = int64(arr.Len())
			}
		}
		pkgs = append(pkgs, p)
		sims[filepath.Base(name)] = simulate(spec, src, cudagen.LinePath(opt.Base, name))
		if len(pkgs) == opt.PerFile || i == len(seeds)-1 {
			if err := flush(seed); err != nil {
				return err
			}
		}
	}
	return nil
}

// simulate runs a fuzz kernel traced and sums its requests by key.
func simulate(spec *fuzz.Spec, src, file string) map[Key]*Totals {
	tl, err := spec.Run()
	if err != nil || tl.Err != "" {
		return nil
	}
	type site struct {
		line int
		op   string
	}
	sites := map[int32]site{}
	lineOf := func(off int) int { return strings.Count(src[:off], "\n") + 1 }
	var walk func([]*fuzz.Stmt)
	walk = func(list []*fuzz.Stmt) {
		for _, s := range list {
			switch s.Kind {
			case "if", "for":
				walk(s.Body)
				walk(s.Else)
			case "load":
				sites[s.Load] = site{lineOf(s.Pos), "load"}
			case "store":
				sites[s.Store] = site{lineOf(s.Pos), "store"}
			case "update":
				sites[s.Load] = site{lineOf(s.Pos), "load"}
				sites[s.Store] = site{lineOf(s.Pos), "store"}
			case "copy":
				sites[s.Load] = site{lineOf(s.SrcPos), "load"}
				sites[s.Store] = site{lineOf(s.Pos), "store"}
			}
		}
	}
	walk(spec.Body)
	walk(spec.Dev)
	out := map[Key]*Totals{}
	for _, ts := range tl.Sites {
		s, ok := sites[ts.Site]
		if !ok {
			continue
		}
		k := Key{File: file, Line: s.line, Space: ts.Space, Op: s.op}
		t := out[k]
		if t == nil {
			t = &Totals{}
			out[k] = t
		}
		for f, n := range ts.Figures {
			t.Requests += int64(n)
			t.Sum += int64(f * n)
		}
	}
	return out
}
