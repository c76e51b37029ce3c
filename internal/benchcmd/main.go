// Command benchcmd prints the performance figures of smemlint that `make
// bench` reports: the time to check a generated package of 1,000 kernels,
// against go vet's default passes on the same package.
//
//	go run ./internal/benchcmd -smemlint bin/smemlint [-kernels 1000] [-runs 5]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"github.com/smemlint/smemlint/internal/kernelgen"
)

func main() {
	bin := flag.String("smemlint", "bin/smemlint", "the smemlint binary to time")
	kernels := flag.Int("kernels", 1000, "kernels in the generated package")
	runs := flag.Int("runs", 5, "timed runs of each command")
	flag.Parse()
	if err := run(*bin, *kernels, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "benchcmd:", err)
		os.Exit(1)
	}
}

func run(bin string, kernels, runs int) error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	bin, err = filepath.Abs(bin)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "smemlint-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := kernelgen.Write(dir, repo, kernels, 100); err != nil {
		return err
	}
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir, tidy.Env = dir, append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	if out, err := tidy.CombinedOutput(); err != nil {
		return fmt.Errorf("go mod tidy: %v: %s", err, out)
	}
	commands := []struct {
		name string
		args []string
	}{
		{"go vet (default passes)", []string{"go", "vet", "./gen"}},
		{"go vet -vettool=smemlint", []string{"go", "vet", "-vettool=" + bin, "./gen"}},
		{"smemlint (standalone)", []string{bin, "./gen"}},
	}
	fmt.Printf("generated package: %d kernels in %s\n", kernels, dir)
	for _, c := range commands {
		if _, err := timeOnce(dir, c.args, -1); err != nil { // warm the build cache
			return fmt.Errorf("%s: %w", c.name, err)
		}
	}
	// The commands take turns, run by run, so that a machine whose speed
	// drifts slows all of them alike; ratios are taken run by run too.
	times := make([][]time.Duration, len(commands))
	for r := 0; r < runs; r++ {
		for i, c := range commands {
			d, err := timeOnce(dir, c.args, r*len(commands)+i)
			if err != nil {
				return fmt.Errorf("%s: %w", c.name, err)
			}
			times[i] = append(times[i], d)
		}
	}
	for i, c := range commands {
		ts := slices.Sorted(slices.Values(times[i]))
		fmt.Printf("%-28s median %6.2fs  (min %.2fs, max %.2fs, %d runs)\n", c.name, ts[len(ts)/2].Seconds(),
			ts[0].Seconds(), ts[len(ts)-1].Seconds(), runs)
	}
	ratio := func(i int) float64 {
		var rs []float64
		for r := range times[i] {
			rs = append(rs, times[i][r].Seconds()/times[0][r].Seconds())
		}
		slices.Sort(rs)
		return rs[len(rs)/2]
	}
	fmt.Printf("ratio go vet -vettool=smemlint / go vet:   %.2f× (median of %d paired runs; target ≤ 1.5×)\n", ratio(1), runs)
	fmt.Printf("ratio smemlint standalone / go vet:        %.2f×\n", ratio(2))
	return nil
}

// timeOnce runs a command in dir after touching the package, so that no
// cached vet result is reused; exit status 3 (findings) is success.
func timeOnce(dir string, args []string, n int) (time.Duration, error) {
	stamp := filepath.Join(dir, "gen", "stamp.go")
	if err := os.WriteFile(stamp, []byte(fmt.Sprintf("package gen\n\nconst stamp = %d\n", n+2)), 0o644); err != nil {
		return 0, err
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
		return 0, fmt.Errorf("%v: %s", err, out)
	}
	return d, nil
}
