package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/smemlint/smemlint/internal/hwcheck"
)

func init() {
	subcommands["hwcheck"] = subcommand{
		summary: "prepare|filter|report DIR: check the predictions on a GPU (make hwcheck; docs/hardware.md)",
		run:     runHwcheck,
	}
}

// runHwcheck prepares the CUDA translation of the corpora and the plan
// (prepare), or compares the plan with what scripts/hwcheck-gpu.sh
// measured (report). Run from the repository root.
func runHwcheck(args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "prepare":
			return hwcheckPrepare(args[1:])
		case "filter":
			return hwcheckFilter(args[1:])
		case "report":
			return hwcheckReport(args[1:])
		}
	}
	fmt.Fprintln(os.Stderr, "usage: smemlint hwcheck prepare [-fuzz N | -seeds LIST] [-o DIR] | filter IN OUT | report [-all] [-json] DIR [RESULTS...]")
	return exitError
}

func hwcheckPrepare(args []string) int {
	fs := newFlagSet("hwcheck prepare", "smemlint hwcheck prepare [-fuzz N | -seeds LIST] [-o DIR]")
	dir := fs.String("o", "_hwcheck", "output `directory` (a name starting with _ keeps go build out of it)")
	nfuzz := fs.Int("fuzz", 2000, "translate the differential fuzzer's kernels of seeds 1 to `N`")
	perFile := fs.Int("perfile", 100, "fuzz kernels per .cu file")
	seedList := fs.String("seeds", "", "translate only the fuzzer's kernels of these comma-separated `seeds` (no corpora): a few measured again")
	if err := fs.Parse(args); err != nil {
		return exitError
	}
	var seeds []int
	for _, f := range strings.FieldsFunc(*seedList, func(r rune) bool { return r == ',' || r == ' ' }) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "smemlint hwcheck: -seeds: %q is not a seed\n", f)
			return exitError
		}
		seeds = append(seeds, n)
	}
	slices.Sort(seeds)
	seeds = slices.Compact(seeds)
	base, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "smemlint hwcheck:", err)
		return exitError
	}
	corpora := hwcheckCorpora(base)
	if len(seeds) > 0 {
		corpora = nil
	}
	plan, err := hwcheck.Prepare(hwcheck.Options{Base: base, Dir: *dir, Corpora: corpora, Fuzz: *nfuzz, PerFile: *perFile, Seeds: seeds})
	if err != nil {
		fmt.Fprintln(os.Stderr, "smemlint hwcheck:", err)
		return exitError
	}
	for _, p := range plan.Problems {
		fmt.Fprintln(os.Stderr, p)
	}
	fmt.Printf("%s: %d files, %d kernel instances, %d not translated\n", *dir, len(plan.Files), len(plan.Instances), len(plan.Problems))
	return exitClean
}

func hwcheckReport(args []string) int {
	fs := newFlagSet("hwcheck report", "smemlint hwcheck report [-all] [-json] DIR [RESULTS...]")
	all := fs.Bool("all", false, "print every row, agreements included")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	if err := fs.Parse(args); err != nil {
		return exitError
	}
	if fs.NArg() < 1 {
		fs.Usage()
		return exitError
	}
	dir := fs.Arg(0)
	// Several result directories: a kernel measured in a later one
	// replaces its measurement in the earlier ones.
	res := []string{filepath.Join(dir, "results")}
	if fs.NArg() > 1 {
		res = fs.Args()[1:]
	}
	r, err := hwcheck.Load(filepath.Join(dir, "plan.json"), res...)
	if err == nil {
		if *asJSON {
			enc := json.NewEncoder(os.Stdout)
			enc.SetIndent("", " ")
			err = enc.Encode(r)
		} else {
			err = hwcheck.WriteTable(os.Stdout, r, *all)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "smemlint hwcheck:", err)
		return exitError
	}
	for _, m := range r.CountsG {
		if m[hwcheck.Disagree] > 0 {
			return exitFindings
		}
	}
	return exitClean
}

// hwcheckFilter shrinks source-view exports (gzipped) to what the report
// reads, for committing.
func hwcheckFilter(args []string) int {
	if len(args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: smemlint hwcheck filter IN.csv.gz OUT.csv.gz")
		return exitError
	}
	if err := hwcheck.FilterFile(args[0], args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "smemlint hwcheck:", err)
		return exitError
	}
	return exitClean
}

// hwcheckCorpora returns the corpora under the repository root base:
// examples, and the H100 rows and the real-code ports where testdata
// holds them.
func hwcheckCorpora(base string) []hwcheck.Corpus {
	corpora := []hwcheck.Corpus{{Name: "examples", Dir: base, Patterns: []string{"./examples/..."}}}
	td := filepath.Join(base, "testdata")
	for _, c := range []hwcheck.Corpus{
		{Name: "rows", Dir: td, Patterns: []string{"./hw/shared", "./hw/global"}},
		{Name: "realcode", Dir: td, Patterns: []string{"./realcode/..."}},
	} {
		// A pattern's directory, without its "/..." (which no file is named).
		if _, err := os.Stat(filepath.Join(td, strings.TrimSuffix(c.Patterns[0], "/..."))); err == nil {
			corpora = append(corpora, c)
		}
	}
	return corpora
}
