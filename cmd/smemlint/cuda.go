package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/smemlint/smemlint/internal/cudagen"
)

func init() {
	subcommands["cuda"] = subcommand{
		summary: "[-o DIR] [-set name=value] packages: translate the kernels to CUDA C++ with a host harness",
		run:     runCuda,
	}
}

// runCuda writes each package's kernels as CUDA C++: to standard output,
// or with -o one DIR/<package>.cu per package. Kernels it cannot
// translate are named on standard error with the construct and its
// position, and make the exit status 3.
func runCuda(args []string) int {
	fs := newFlagSet("cuda", "smemlint cuda [-o DIR] [-set name=value]... packages")
	outDir := fs.String("o", "", "write DIR/<package>.cu for each package instead of printing")
	sets := map[string]int64{}
	fs.Func("set", "pass `name=value` for every kernel int parameter of that name (default: the launch's constant, else 1024)",
		func(s string) error {
			name, val, ok := strings.Cut(s, "=")
			v, err := strconv.ParseInt(val, 0, 64)
			if !ok || err != nil {
				return fmt.Errorf("want name=integer, got %q", s)
			}
			sets[name] = v
			return nil
		})
	if err := fs.Parse(args); err != nil {
		return exitError
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "smemlint cuda:", err)
		return exitError
	}
	pkgs, err := cudagen.Load(wd, patterns)
	if err != nil {
		fmt.Fprintln(os.Stderr, "smemlint cuda:", err)
		return exitError
	}
	status := exitClean
	for _, p := range pkgs {
		out := cudagen.Generate([]*cudagen.Package{p}, cudagen.Options{Base: wd, Ints: sets})
		for _, pr := range out.Problems {
			fmt.Fprintln(os.Stderr, pr)
			status = exitFindings
		}
		if len(out.Launches) == 0 {
			continue
		}
		if *outDir == "" {
			fmt.Print(out.Source)
			continue
		}
		name := filepath.Join(*outDir, p.Types.Name()+".cu")
		err := os.MkdirAll(*outDir, 0o755)
		if err == nil {
			err = os.WriteFile(name, []byte(out.Source), 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "smemlint cuda:", err)
			return exitError
		}
		fmt.Fprintf(os.Stderr, "%s: %d kernel instances\n", name, len(out.Launches))
	}
	return status
}
