package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/smemlint/smemlint/analyzer/config"
)

// preflight checks the options before any package is analyzed: the
// -arch and -bankmode flags (and -verbose beside -notes=false), and the configuration files that apply to
// the packages named (for go vet, the one package of the unit). A bad
// option is then one line and exit status 1 on every run. Without it,
// the mistake surfaces as an error of every analyzer on every package
// (hundreds of lines), and under go vet only on the first run: the build
// cache replays the later ones as successes.
func preflight(args []string) error {
	if len(args) == 1 && args[0] == "-flags" {
		return nil // go vet's first handshake: the second (-V=full) checks
	}
	if err := setOptionFlags(args); err != nil {
		return err
	}
	if err := config.CheckFlags(); err != nil {
		return err
	}
	for _, dir := range packageDirs(args) {
		if _, err := config.Resolve(dir); err != nil {
			return err
		}
	}
	if !vetUnit(args) {
		// dir/... also names the packages below dir, each of which reads
		// the file nearest it: those files are checked here too, as go
		// vet's handshake checks them (vetScopes). Otherwise a bad one
		// surfaces as "failed prerequisites", without its name.
		return checkConfigFiles(vetScopes(args))
	}
	return nil
}

// optionFlags are the config flags preflight reads, by every spelling,
// with the short name they are reported under.
var optionFlags = map[string]string{
	"arch": "arch", "smemlintconfig.arch": "arch",
	"bankmode": "bankmode", "smemlintconfig.bankmode": "bankmode",
	"verbose": "verbose", "smemlintconfig.verbose": "verbose",
	"notes": "notes", "smemlintconfig.notes": "notes",
}

// boolOptions are the option flags that take no value of their own
// (-verbose is -verbose=true).
var boolOptions = map[string]bool{"verbose": true, "notes": true}

// setOptionFlags sets the config flags that args give (-arch=X or
// -arch X, one or two dashes; -verbose, -notes=false); the flag package sets them again, to the
// same values, when it parses the whole command line.
func setOptionFlags(args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		short, ok := optionFlags[name]
		if !ok {
			continue
		}
		if !hasValue && boolOptions[short] {
			value = "true"
		} else if !hasValue {
			if i+1 == len(args) {
				return fmt.Errorf("-%s needs a value", short)
			}
			i++
			value = args[i]
		}
		if err := config.Flags().Set(short, value); err != nil && boolOptions[short] {
			return fmt.Errorf("invalid boolean value %q for -%s", value, short) // the flag package's words
		} else if err != nil {
			return fmt.Errorf("-%s=%s: %w", short, value, err)
		}
	}
	return nil
}

// packageDirs returns the directories where the configuration files that
// apply to the command line are looked for: the directory of go vet's
// package, or the current directory and those of the path patterns.
func packageDirs(args []string) []string {
	if vetUnit(args) {
		if dir := vetUnitDir(args[len(args)-1]); dir != "" {
			return []string{dir}
		}
		return nil
	}
	dirs := []string{"."}
	for _, a := range args {
		if !strings.HasPrefix(a, ".") && !filepath.IsAbs(a) {
			continue
		}
		d := strings.TrimSuffix(strings.TrimSuffix(a, "..."), "/")
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// vetUnitDir reads the package directory from go vet's configuration
// file; "" when it cannot, and the unit checker then reports why.
func vetUnitDir(cfgFile string) string {
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return ""
	}
	var cfg struct {
		Dir     string
		GoFiles []string
	}
	if json.Unmarshal(data, &cfg) != nil {
		return ""
	}
	// The files, not Dir, where they are the package's own: a package
	// that uses cgo lists cgo's output, in the build's work directory.
	for _, f := range cfg.GoFiles {
		if !config.CgoOutput(f) {
			return filepath.Dir(f)
		}
	}
	return cfg.Dir
}
