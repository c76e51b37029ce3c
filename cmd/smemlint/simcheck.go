package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

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
	fs := newFlagSet("simcheck", "smemlint simcheck [-run REGEXP] [-short] [-json] [-strict] [-all] [-v] [-work] [-timeout d] [-launchtimeout d] packages")
	run := fs.String("run", "", "run only the tests matching `regexp` (go test -run)")
	short := fs.Bool("short", false, "run the tests with -short")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	strict := fs.Bool("strict", false, "fail when a site with a prediction was never executed")
	all := fs.Bool("all", false, "print every row, agreements included")
	verbose := fs.Bool("v", false, "show the output of go test")
	work := fs.Bool("work", false, "keep the instrumented files and traces and print their directory")
	timeout := fs.Duration("timeout", simcheck.DefaultTimeout, "kill the traced tests after `d`uration")
	launchTimeout := fs.Duration("launchtimeout", simcheck.DefaultLaunchTimeout,
		"fail a launch still running after `d`uration (a kernel that spins); 0 for no bound")
	if err := fs.Parse(args); err != nil {
		return exitError
	}
	if badOptions("simcheck") {
		return exitError
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if *timeout <= 0 {
		fmt.Fprintf(os.Stderr, "smemlint simcheck: -timeout %v: want a positive duration\n", *timeout)
		return exitError
	}
	if *launchTimeout < 0 {
		fmt.Fprintf(os.Stderr, "smemlint simcheck: -launchtimeout %v: want a positive duration, or 0 for no bound\n", *launchTimeout)
		return exitError
	}
	if *launchTimeout == 0 {
		*launchTimeout = -1 // Options: negative is no bound
	}
	opts := simcheck.Options{Run: *run, Short: *short, Strict: *strict, Work: *work,
		Timeout: *timeout, LaunchTimeout: *launchTimeout}
	if *verbose {
		opts.TestOutput = os.Stderr
	}
	// An interrupt kills the traced tests' process group and removes the
	// temporary files before the command exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	r, err := simcheck.CheckContext(ctx, patterns, opts)
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
