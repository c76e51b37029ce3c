// Command smemlint finds the memory mistakes that make GPU kernels slow or
// wrong — shared-memory bank conflicts, uncoalesced global accesses,
// shared memory over the limits — in kernels written against the simt API.
//
// Usage:
//
//	smemlint [flags] packages        check packages (exit 0 clean, 3 findings, 1 error)
//	go vet -vettool=$(command -v smemlint) packages
//	smemlint help [check]            describe the checks and their flags
//
// Flags include -json, -fix, -diff, and the options -arch, -bankmode
// and -verbose of every check.
package main

import (
	"flag"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/analyzer/config"
)

func main() {
	shortFlags(flag.CommandLine)
	multichecker.Main(analyzer.Checks()...)
}

// shortFlags exposes the shared options under their short names (-arch
// rather than -smemlintconfig.arch), for the command line and for go vet,
// which learns the flags a vet tool accepts from its -flags output.
func shortFlags(fs *flag.FlagSet) {
	for _, name := range []string{"arch", "bankmode", "verbose"} {
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
