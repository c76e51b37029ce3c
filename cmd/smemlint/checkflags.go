package main

import (
	"strconv"
	"strings"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/analyzer/config"
)

// forceNamedChecks turns on, over a configuration file's checks list, the
// checks the command line enables by name (-smemrace, -smemrace=true): a
// flag overrides the file. The multichecker and go vet's unit runs parse
// these flags themselves, after the configuration is read, so they are
// picked out of the arguments first; returns the names it forced.
func forceNamedChecks(args []string) []string {
	known := map[string]bool{}
	for _, a := range analyzer.Checks() {
		known[a.Name] = true
	}
	var forced []string
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !known[name] {
			continue
		}
		on := true
		if hasValue {
			var err error
			if on, err = strconv.ParseBool(value); err != nil {
				continue // the flag package reports it
			}
		}
		if on {
			config.ForceEnabled(name)
			forced = append(forced, name)
		}
	}
	return forced
}
