// Command benchcmd prints the performance figures of smemlint that `make
// bench` reports: the time to check a mix of kernels, standalone and under
// go vet, against go vet's default passes on the same packages.
//
//	go run ./internal/benchcmd -smemlint bin/smemlint [-mix old,users,tiles] [-kernels 1000] [-runs 5]
//
// The mixes: old, the templates of kernelgen.Write in one package; users,
// the example kernels and test corpora copied to -kernels kernels plus
// -kernels generated kernels of many shapes (kernelgen.WriteShapes);
// tiles, -kernels kernels of the mix issue 14 measured
// (kernelgen.WriteTiles).
package main

import (
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/smemlint/smemlint/internal/kernelgen"
)

func main() {
	bin := flag.String("smemlint", "bin/smemlint", "the smemlint binary to time")
	mixes := flag.String("mix", "old", "comma-separated mixes to time: old, users, tiles")
	kernels := flag.Int("kernels", 1000, "kernels in each part of a mix")
	runs := flag.Int("runs", 5, "timed runs of each command (0: only the per-kernel times)")
	keep := flag.String("keep", "", "write the mixes into this `directory` and keep them (default: a temporary one)")
	analyses := flag.Int("analyses", 3, "in-process analyses of each mix for the per-kernel times, which are the least of them")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the in-process analysis of the mixes to this `file` (the last mix's)")
	flag.Parse()
	if err := run(*bin, strings.Split(*mixes, ","), *kernels, *runs, *keep, *analyses, *profile); err != nil {
		fmt.Fprintln(os.Stderr, "benchcmd:", err)
		os.Exit(1)
	}
}

func run(bin string, mixes []string, kernels, runs int, keep string, analyses int, profile string) error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	bin, err = filepath.Abs(bin)
	if err != nil {
		return err
	}
	dir := keep
	if dir == "" {
		if dir, err = os.MkdirTemp("", "smemlint-bench"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	} else if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := kernelgen.WriteModule(dir, repo); err != nil {
		return err
	}
	var written []mix
	for _, name := range mixes {
		m, err := writeMix(dir, repo, name, kernels)
		if err != nil {
			return err
		}
		written = append(written, m)
	}
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir, tidy.Env = dir, append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	if out, err := tidy.CombinedOutput(); err != nil {
		return fmt.Errorf("go mod tidy: %v: %s", err, out)
	}
	for _, m := range written {
		if runs > 0 {
			if err := timeMix(dir, bin, m, runs); err != nil {
				return fmt.Errorf("mix %s: %w", m.name, err)
			}
		} else {
			fmt.Printf("== mix %s: %d kernels: %s\n", m.name, m.kernels, m.about)
		}
		if err := perKernel(dir, m, max(analyses, 1), profile); err != nil {
			return fmt.Errorf("mix %s: %w", m.name, err)
		}
	}
	return nil
}

// mix is a set of packages of the generated module to time together.
type mix struct {
	name     string
	about    string
	patterns []string
	kernels  int
}

func writeMix(dir, repo, name string, n int) (mix, error) {
	switch name {
	case "old":
		// kernelgen.Write also writes the module, as it always did.
		if err := kernelgen.Write(dir, repo, n, 100); err != nil {
			return mix{}, err
		}
		return mix{name, "kernelgen templates (transpose, reduce, strided, shuffle, stencil)", []string{"./gen"}, n}, nil
	case "users":
		copied, err := kernelgen.WriteCorpus(dir, repo, n)
		if err != nil {
			return mix{}, err
		}
		if err := kernelgen.WriteShapes(dir, n, 50, uint64(n)); err != nil {
			return mix{}, err
		}
		return mix{name, fmt.Sprintf("examples and test corpora copied to %d kernels + %d kernels of many shapes", copied, n),
			[]string{"./corpus/...", "./shapes"}, copied + n}, nil
	case "tiles":
		if err := kernelgen.WriteTiles(dir, n, 100, uint64(n)); err != nil {
			return mix{}, err
		}
		return mix{name, "issue 14's mix: 2-D blocks of 32-256 threads, modulo-wrapped tile, 4-16-step loop, guarded read", []string{"./tiles"}, n}, nil
	}
	return mix{}, fmt.Errorf("unknown mix %q (old, users, tiles)", name)
}

// timeMix times go vet, go vet -vettool=smemlint and standalone smemlint on
// the packages of m and prints the medians and the ratios.
func timeMix(dir, bin string, m mix, runs int) error {
	pkgDirs, err := packageDirs(dir, m.patterns)
	if err != nil {
		return err
	}
	commands := []struct {
		name string
		args []string
	}{
		{"go vet (default passes)", append([]string{"go", "vet"}, m.patterns...)},
		{"go vet -vettool=smemlint", append([]string{"go", "vet", "-vettool=" + bin}, m.patterns...)},
		{"smemlint (standalone)", append([]string{bin}, m.patterns...)},
	}
	fmt.Printf("== mix %s: %d kernels in %d packages: %s\n", m.name, m.kernels, len(pkgDirs), m.about)
	for _, c := range commands {
		if _, _, err := timeOnce(dir, pkgDirs, c.args, -1); err != nil { // warm the build cache
			return fmt.Errorf("%s: %w", c.name, err)
		}
	}
	// The commands take turns, run by run, so that a machine whose speed
	// drifts slows all of them alike; ratios are taken run by run too.
	// CPU time (user and system, the command's processes together) is
	// printed beside wall time: on a shared machine it varies less.
	times := make([][]time.Duration, len(commands))
	cpus := make([][]time.Duration, len(commands))
	for r := 0; r < runs; r++ {
		for i, c := range commands {
			d, cpu, err := timeOnce(dir, pkgDirs, c.args, r*len(commands)+i)
			if err != nil {
				return fmt.Errorf("%s: %w", c.name, err)
			}
			times[i] = append(times[i], d)
			cpus[i] = append(cpus[i], cpu)
		}
	}
	for i, c := range commands {
		ts := slices.Sorted(slices.Values(times[i]))
		cs := slices.Sorted(slices.Values(cpus[i]))
		fmt.Printf("%-28s median %6.2fs  (min %.2fs, max %.2fs, %d runs); CPU median %.2fs\n", c.name, ts[len(ts)/2].Seconds(),
			ts[0].Seconds(), ts[len(ts)-1].Seconds(), runs, cs[len(cs)/2].Seconds())
	}
	ratio := func(ds [][]time.Duration, i int) float64 {
		var rs []float64
		for r := range ds[i] {
			rs = append(rs, ds[i][r].Seconds()/ds[0][r].Seconds())
		}
		slices.Sort(rs)
		return rs[len(rs)/2]
	}
	fmt.Printf("ratio go vet -vettool=smemlint / go vet:   %.2f× (median of %d paired runs; target ≤ 1.5×); CPU %.2f×\n", ratio(times, 1), runs, ratio(cpus, 1))
	fmt.Printf("ratio smemlint standalone / go vet:        %.2f×; CPU %.2f×\n", ratio(times, 2), ratio(cpus, 2))
	// Issue 14's absolute bound is per 1,000 kernels; a mix of another
	// size is scaled to it.
	per := func(i int) float64 {
		ts := slices.Sorted(slices.Values(times[i]))
		return ts[len(ts)/2].Seconds() * 1000 / float64(m.kernels)
	}
	fmt.Printf("per 1,000 kernels (medians): go vet %.2fs, go vet -vettool=smemlint %.2fs, standalone %.2fs (target < 2 s)\n", per(0), per(1), per(2))
	return nil
}

// packageDirs lists the directories of Go packages that patterns (./dir
// or ./dir/...) name under root.
func packageDirs(root string, patterns []string) ([]string, error) {
	var dirs []string
	for _, pat := range patterns {
		base, all := strings.CutSuffix(pat, "/...")
		base = filepath.Join(root, base)
		if !all {
			dirs = append(dirs, base)
			continue
		}
		err := filepath.WalkDir(base, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if gos, _ := filepath.Glob(filepath.Join(path, "*.go")); len(gos) > 0 {
				dirs = append(dirs, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return dirs, nil
}

// timeOnce runs a command in dir after touching every package, so that no
// cached vet result is reused, and returns its wall and CPU time; exit
// status 3 (findings) is success.
func timeOnce(dir string, pkgDirs []string, args []string, n int) (time.Duration, time.Duration, error) {
	for _, p := range pkgDirs {
		if err := stamp(p, n); err != nil {
			return 0, 0, err
		}
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	start := time.Now()
	out, err := cmd.CombinedOutput()
	d := time.Since(start)
	if ee, ok := err.(*exec.ExitError); ok && (ee.ExitCode() == 3 || ee.ExitCode() == 1 && len(out) > 0 && args[0] == "go") {
		err = nil // findings were printed
	}
	if err != nil {
		return 0, 0, fmt.Errorf("%v: %s", err, out)
	}
	// The rusage of a reaped process includes the descendants it reaped:
	// go vet's compilers and vet tools.
	return d, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

// stamp writes stamp.go into the package at dir with a new constant, which
// changes the package for the build cache.
func stamp(dir string, n int) error {
	name := filepath.Join(dir, "stamp.go")
	pkg := ""
	gos, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, g := range gos {
		if g == name || strings.HasSuffix(g, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), g, nil, parser.PackageClauseOnly)
		if err != nil {
			return err
		}
		pkg = f.Name.Name
		break
	}
	if pkg == "" {
		return fmt.Errorf("no Go package in %s", dir)
	}
	return os.WriteFile(name, []byte(fmt.Sprintf("package %s\n\nconst smemlintBenchStamp = %d\n", pkg, n+2)), 0o644)
}
