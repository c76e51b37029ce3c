package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/smemlint/smemlint/analyzer/config"
)

// newFlagSet returns a subcommand's flag set with the shared options.
func newFlagSet(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet("smemlint "+name, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage:", usage)
		fs.PrintDefaults()
	}
	shortFlags(fs)
	return fs
}

// badOptions reports a bad -arch or -bankmode of subcommand name in one
// line on standard error, before any package is loaded: otherwise the
// mistake surfaces as "failed prerequisites" of every analyzer, or, in
// the language server, not at all.
func badOptions(name string) bool {
	if err := config.CheckFlags(); err != nil {
		fmt.Fprintf(os.Stderr, "smemlint %s: %v\n", name, err)
		return true
	}
	return false
}

// version is the module version the binary was built from.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
