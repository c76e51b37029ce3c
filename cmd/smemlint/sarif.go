package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/internal/driver"
	"github.com/smemlint/smemlint/internal/sarif"
)

// Exit codes of a check run, as the multichecker's.
const (
	exitClean    = 0
	exitError    = 1
	exitFindings = 3
)

// sarifRequested reports whether the command line asks for SARIF output;
// main then runs sarifMain instead of the multichecker.
func sarifRequested(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name := strings.TrimLeft(a, "-")
		if strings.HasPrefix(a, "-") && (name == "sarif" || strings.HasPrefix(name, "sarif=")) {
			return true
		}
	}
	return false
}

// sarifMain checks packages and writes the findings as a SARIF 2.1.0 log:
//
//	smemlint -sarif results.sarif [-srcroot dir] [-arch sm_90] ./...
//
// Findings that //smemlint:ignore suppresses are in the log, marked as
// in-source suppressions. The findings that are not suppressed are also
// printed on standard error, and the exit code is the multichecker's: 0
// clean (notes are not findings), 3 findings, 1 error.
func sarifMain(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("smemlint", flag.ContinueOnError)
	out := fs.String("sarif", "", "write a SARIF 2.1.0 log to `file` (- for standard output)")
	root := fs.String("srcroot", ".", "the `directory` %SRCROOT% stands for: log paths are relative to it")
	tests := fs.Bool("test", true, "also check test files")
	fs.String("tags", "", "build `tags` (applied through GOFLAGS)")
	shortFlags(fs)
	oneLineFlagErrors(fs, "smemlint", stderr, func(w io.Writer) {
		fmt.Fprintln(w, "usage: smemlint -sarif FILE [-srcroot DIR] [-arch …] packages")
		fs.PrintDefaults()
	})
	if err := fs.Parse(args); err != nil {
		return exitError
	}
	if fs.NArg() == 0 || *out == "" {
		fmt.Fprintln(stderr, "usage: smemlint -sarif FILE [-srcroot DIR] [-arch …] packages")
		return exitError
	}
	if err := preflight(args); err != nil {
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError
	}
	absRoot, err := filepath.Abs(*root)
	if err != nil {
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError
	}
	if !*tests {
		noteTestOnly(fs.Args(), stderr)
	}
	res, err := driver.Run(fs.Args(), driver.Options{Tests: *tests, Suppressed: true})
	if err != nil {
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError
	}
	b := sarif.Builder{Root: absRoot, Rules: analyzer.Checks()}
	if err := writeLog(*out, b.Build(res)); err != nil {
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError
	}
	return printFindings(stderr, res)
}

func writeLog(name string, log *sarif.Log) error {
	if name == "-" {
		return sarif.Write(os.Stdout, log)
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := sarif.Write(f, log); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// loadError is the line of a load or type error: "file:line:col: msg", or
// "smemlint: msg" where it has no position (go/packages writes "-: msg").
func loadError(e packages.Error) string {
	if e.Pos == "" || e.Pos == "-" {
		return "smemlint: " + e.Msg
	}
	return e.Error()
}

// printFindings prints load errors and unsuppressed findings the way the
// multichecker does and returns the exit code.
func printFindings(w io.Writer, res *driver.Result) int {
	for _, e := range res.Errors {
		fmt.Fprintln(w, loadError(e))
	}
	code := exitClean
	for _, f := range res.Findings {
		if f.Suppressed {
			continue
		}
		fmt.Fprintf(w, "%s: %s\n", f.Pos, f.Message)
		for _, r := range f.Related {
			fmt.Fprintf(w, "%s: \t%s\n", r.Pos, r.Message)
		}
		if !isNote(f.Message) {
			code = exitFindings
		}
	}
	if len(res.Errors) > 0 {
		return exitError
	}
	return code
}
