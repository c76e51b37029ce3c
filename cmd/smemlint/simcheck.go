package main

import (
	"fmt"
	"os"

	"github.com/smemlint/smemlint/simcheck"
)

func init() {
	subcommands["simcheck"] = subcommand{
		summary: "[-run RE] [-json] [-strict] packages: run the tests traced and check every prediction against the simulator",
		run:     runSimcheck,
	}
}

// runSimcheck instruments the packages, runs their tests traced and prints
// the agreement table. It exits 3 when a measurement contradicts a
// prediction (or, with -strict, a prediction was never executed).
func runSimcheck(args []string) int {
	fs := newFlagSet("simcheck", "smemlint simcheck [-run REGEXP] [-short] [-json] [-strict] [-all] [-v] [-work] packages")
	run := fs.String("run", "", "run only the tests matching `regexp` (go test -run)")
	short := fs.Bool("short", false, "run the tests with -short")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	strict := fs.Bool("strict", false, "fail when a site with a prediction was never executed")
	all := fs.Bool("all", false, "print every row, agreements included")
	verbose := fs.Bool("v", false, "show the output of go test")
	work := fs.Bool("work", false, "keep the instrumented files and traces and print their directory")
	if err := fs.Parse(args); err != nil {
		return exitError
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	opts := simcheck.Options{Run: *run, Short: *short, Strict: *strict, Work: *work}
	if *verbose {
		opts.TestOutput = os.Stderr
	}
	r, err := simcheck.Check(patterns, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "smemlint simcheck:", err)
		return exitError
	}
	if *asJSON {
		err = simcheck.WriteJSON(os.Stdout, r)
	} else {
		err = simcheck.WriteTable(os.Stdout, r, *all)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "smemlint simcheck:", err)
		return exitError
	}
	if r.Failed {
		return exitFindings
	}
	return exitClean
}
