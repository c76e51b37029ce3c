package main

import (
	"flag"
	"fmt"
	"runtime/debug"
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

// version is the module version the binary was built from.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
