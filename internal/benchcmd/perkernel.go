package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// kernelTime is the analysis time of one kernel under one launch shape.
type kernelTime struct {
	spent time.Duration
	name  string // kernel, position and shape
}

// perKernel loads the packages of m in this process, runs every check on
// them analyses times (with a CPU profile of the analyses alone when
// profile is not empty) and prints the analysis time per kernel context at
// p50, p99 and max with the kernel that took the max, and every context over
// the 100 ms budget. A context's time is what kernels.Context.Spent charges
// to it: the processor time of its evaluation and of the engines' answers
// to every check's questions about it, which the load of the machine does
// not inflate.
func perKernel(dir string, m mix, analyses int, profile string) error {
	// Contexts are charged processor time, not wall time (see
	// ir.Meter); set before the first analysis.
	if err := os.Setenv("SMEMLINT_CPU_METER", "1"); err != nil {
		return err
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}
	pkgs, err := packages.Load(cfg, m.patterns...)
	if err != nil {
		return err
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		return fmt.Errorf("%d errors loading %v", n, m.patterns)
	}
	roots := append([]*analysis.Analyzer{kernels.Analyzer}, analyzer.Checks()...)
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	// The machine is shared: each context's time is the least of several
	// analyses, which drops the pauses that other processes, the
	// collector and the scheduler add.
	best := map[string]time.Duration{}
	var wall time.Duration
	for range analyses {
		start := time.Now()
		graph, err := checker.Analyze(roots, pkgs, nil)
		wall = min(wall, time.Since(start))
		if wall == 0 {
			wall = time.Since(start)
		}
		if err != nil {
			return err
		}
		for act := range graph.All() {
			if act.Err != nil {
				return fmt.Errorf("%s: %w", act, act.Err)
			}
			res, ok := act.Result.(*kernels.Result)
			if !ok || act.Analyzer != kernels.Analyzer {
				continue
			}
			for _, c := range res.Contexts {
				pos := act.Package.Fset.Position(c.Pos)
				if rel, err := filepath.Rel(dir, pos.Filename); err == nil {
					pos.Filename = rel
				}
				name := fmt.Sprintf("%s (%s, %s)", c.Kernel, pos, c.Shape.Describe())
				if t, ok := best[name]; !ok || c.Spent() < t {
					best[name] = c.Spent()
				}
			}
		}
	}
	if profile != "" {
		pprof.StopCPUProfile()
	}
	var times []kernelTime
	for name, t := range best {
		times = append(times, kernelTime{t, name})
	}
	if len(times) == 0 {
		return fmt.Errorf("no kernel contexts in %v", m.patterns)
	}
	slices.SortFunc(times, func(a, b kernelTime) int { return int(a.spent - b.spent) })
	at := func(q float64) time.Duration { return times[min(len(times)-1, int(q*float64(len(times))))].spent }
	worst := times[len(times)-1]
	fmt.Printf("per-kernel analysis (processor time in process, %d contexts, least of %d analyses, %.2fs wall in all): p50 %s  p99 %s  max %s: %s\n",
		len(times), analyses, wall.Seconds(), round(at(0.5)), round(at(0.99)), round(worst.spent), worst.name)
	over := 0
	for i := len(times) - 1; i >= 0 && times[i].spent > kernelBudget; i-- {
		over++
		if over <= maxListed {
			fmt.Printf("  over %s: %s %s\n", kernelBudget, round(times[i].spent), times[i].name)
		}
	}
	if over > maxListed {
		fmt.Printf("  ... %d more over %s\n", over-maxListed, kernelBudget)
	}
	fmt.Printf("contexts over %s: %d of %d\n", kernelBudget, over, len(times))
	return nil
}

// kernelBudget is the analysis time issue 14 allows one kernel context.
const kernelBudget = 100 * time.Millisecond

// maxListed bounds the contexts over the budget that are named.
const maxListed = 10

// round shortens a duration for printing.
func round(d time.Duration) time.Duration {
	switch {
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	case d >= time.Microsecond:
		return d.Round(time.Microsecond)
	}
	return d
}
