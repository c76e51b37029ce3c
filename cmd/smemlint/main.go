// Command smemlint finds the memory mistakes that make GPU kernels slow or
// wrong — shared-memory bank conflicts, uncoalesced global accesses,
// shared memory over the limits — in kernels written against the simt API.
//
// Usage:
//
//	smemlint [flags] packages        check packages (exit 0 clean or notes only, 3 findings, 1 error)
//	go vet -vettool=$(command -v smemlint) packages
//	smemlint help [check]            describe the checks and their flags
//
// Flags include -json, -fix, -diff, -sarif FILE (SARIF 2.1.0 for code
// scanning), and the options -arch, -bankmode
// and -verbose of every check. Subcommands are listed by "smemlint help".
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/analyzer/config"
)

// subcommand is a mode of smemlint other than checking packages.
type subcommand struct {
	summary string
	run     func(args []string) int // returns the exit code
}

// subcommands is filled by the init functions of the files that implement
// them, before main runs.
var subcommands = map[string]subcommand{}

func main() {
	applyTags(os.Args[1:])
	forceNamedChecks(os.Args[1:])
	if len(os.Args) > 1 {
		if sc, ok := subcommands[os.Args[1]]; ok {
			os.Exit(sc.run(os.Args[2:]))
		}
		if os.Args[1] == "help" && len(os.Args) == 2 {
			printSubcommands()
		}
		if os.Args[1] == "help" && len(os.Args) > 2 {
			if err := checkHelpNames(os.Args[2:]); err != nil {
				fmt.Fprintln(os.Stderr, "smemlint help:", err)
				os.Exit(exitError)
			}
		}
	}
	if len(os.Args) == 2 && os.Args[1] == "-flags" && vetFlagsHandshake() {
		os.Exit(exitError)
	}
	if len(os.Args) == 2 && os.Args[1] == "-V=full" {
		os.Exit(vetVersion(os.Stdout, os.Stderr))
	}
	if fixRequested(os.Args[1:]) && !vetUnit(os.Args[1:]) {
		os.Exit(fixMain(os.Args[1:], os.Stdout, os.Stderr))
	}
	if sarifRequested(os.Args[1:]) {
		os.Exit(sarifMain(os.Args[1:], os.Stderr))
	}
	if err := preflight(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "smemlint:", err)
		os.Exit(exitError)
	}
	if !vetUnit(os.Args[1:]) {
		if code, ok := standaloneViaVet(os.Args[1:]); ok {
			os.Exit(code)
		}
	} else if code, ok := cgoUnit(os.Args[1:], os.Stderr); ok {
		os.Exit(code)
	}
	if !vetUnit(os.Args[1:]) && !(len(os.Args) == 2 && os.Args[1] == "-flags") {
		if testsOff(os.Args[1:]) && os.Getenv(quietChildEnv) == "" {
			noteTestOnly(patternArgs(os.Args[1:]), os.Stderr)
		}
		if code, ok := runQuietMultichecker(os.Args[1:], os.Stderr); ok {
			os.Exit(code)
		}
	}
	shortFlags(flag.CommandLine)
	oneLineFlagErrors(flag.CommandLine, "smemlint", os.Stderr, func(w io.Writer) {
		fmt.Fprintln(w, "Usage of smemlint:")
		flag.CommandLine.PrintDefaults()
	})
	if vetUnit(os.Args[1:]) && os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		tuneCollector()
	}
	multichecker.Main(analyzer.Checks()...)
}

// vetUnit reports whether the command line is go vet's: flags, then the
// configuration file of one package.
func vetUnit(args []string) bool {
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

func printSubcommands() {
	if len(subcommands) == 0 {
		return
	}
	names := make([]string, 0, len(subcommands))
	for n := range subcommands {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Println("Subcommands:")
	for _, n := range names {
		fmt.Printf("  smemlint %-10s %s\n", n, subcommands[n].summary)
	}
	fmt.Println()
}

// shortFlags exposes the shared options under their short names (-arch
// rather than -smemlintconfig.arch), for the command line and for go vet,
// which learns the flags a vet tool accepts from its -flags output.
func shortFlags(fs *flag.FlagSet) {
	for _, name := range []string{"arch", "bankmode", "verbose", "notes"} {
		f := config.Flags().Lookup(name)
		fs.Var(forward{f}, name, f.Usage)
	}
}

// forward is a flag that sets the config analyzer's flag of the same name.
type forward struct{ f *flag.Flag }

func (w forward) String() string {
	if w.f == nil {
		return ""
	}
	return w.f.Value.String()
}

func (w forward) Set(s string) error { return w.f.Value.Set(s) }

// IsBoolFlag lets -verbose be given without a value.
func (w forward) IsBoolFlag() bool {
	b, ok := w.f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// checkHelpNames checks the names "smemlint help NAME…" asks about: the
// multichecker would end on the first unknown one with its own words
// ("Analyzer "x" not registered"), without the names it knows.
func checkHelpNames(names []string) error {
	known := map[string]bool{}
	var list []string
	for _, a := range analyzer.Checks() {
		known[a.Name] = true
		list = append(list, a.Name)
	}
	for _, n := range names {
		if !known[n] {
			return fmt.Errorf("unknown check %q (checks: %s)", n, strings.Join(list, ", "))
		}
	}
	return nil
}
