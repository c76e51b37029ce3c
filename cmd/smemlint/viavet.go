package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/internal/driver"
)

// Standalone checking runs through go vet when it can: go vet hands this
// binary one package at a time with its dependencies' export data and
// facts from the build cache, so a package is type-checked once and its
// dependencies not at all. The multichecker, by contrast, parses and
// type-checks every dependency from source on every run (the kernels
// analyzer's facts make it load them all), which made standalone twice
// as slow as go vet -vettool on a package of 1,000 kernels.
//
// The output and exit codes stay the multichecker's: go vet is asked for
// JSON, and the findings are printed here as the multichecker prints
// them. Command lines this path does not reproduce (-fix, -diff, -c,
// profiling and debug flags) go to the multichecker, as does everything
// when SMEMLINT_DRIVER=packages.

// driverEnv names the environment variable that selects the multichecker
// for standalone runs ("packages"); the default is go vet.
const driverEnv = "SMEMLINT_DRIVER"

// vetPlan is a standalone command line translated for go vet.
type vetPlan struct {
	flags    []string // as -name=value, for go vet to pass to the tool
	patterns []string
	json     bool
}

// planViaVet reads a standalone command line and returns how to run it
// under go vet, or false when the multichecker must run it.
func planViaVet(args []string, getenv func(string) string) (vetPlan, bool) {
	var p vetPlan
	if getenv(driverEnv) == "packages" || getenv("GOPACKAGESDRIVER") != "" {
		return p, false
	}
	if len(args) > 0 && args[0] == "help" {
		return p, false // smemlint help [check]: the multichecker's
	}
	known := vetFlags()
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		isBool, ok := known[name]
		if !ok {
			return p, false // -fix, -diff, -c, -debug, …, or a mistake the multichecker reports
		}
		if name == "json" {
			if !hasValue {
				value = "true"
			}
			if value != "true" && value != "false" {
				return p, false
			}
			p.json = value == "true"
			continue
		}
		if hasValue && isBool {
			if _, err := strconv.ParseBool(value); err != nil {
				return p, false // the multichecker names the bad value in one line; go vet would print its usage
			}
		}
		if !hasValue && !isBool {
			if i+1 == len(args) {
				return p, false
			}
			i++
			value, hasValue = args[i], true
		}
		if hasValue {
			p.flags = append(p.flags, "-"+name+"="+value)
		} else {
			p.flags = append(p.flags, "-"+name)
		}
	}
	p.patterns = args[i:]
	if len(p.patterns) == 0 || slices.Contains(p.patterns, "--") {
		return p, false
	}
	for _, pat := range p.patterns {
		if strings.HasPrefix(pat, "-") {
			return p, false
		}
	}
	return p, true
}

// vetFlags returns the flags a standalone run may pass through go vet,
// each with whether it is boolean: the checks' switches and options, the
// shared options and -json.
func vetFlags() map[string]bool {
	known := map[string]bool{"json": true}
	isBool := func(f *flag.Flag) bool {
		b, ok := f.Value.(interface{ IsBoolFlag() bool })
		return ok && b.IsBoolFlag()
	}
	for _, a := range analyzer.Checks() {
		known[a.Name] = true
		a.Flags.VisitAll(func(f *flag.Flag) { known[a.Name+"."+f.Name] = isBool(f) })
	}
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	shortFlags(fs)
	fs.VisitAll(func(f *flag.Flag) { known[f.Name] = isBool(f) })
	return known
}

// runViaVet runs the plan and prints the findings as the multichecker
// does; it returns the multichecker's exit code.
func runViaVet(p vetPlan, self string, stdout, stderr io.Writer) int {
	args := append([]string{"vet", "-vettool=" + self}, p.flags...)
	args = append(append(args, "-json"), p.patterns...)
	cmd := exec.Command("go", args...)
	// The tool go vet runs must never come back here.
	cmd.Env = append(os.Environ(), driverEnv+"=packages")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Start()
	if err == nil {
		stop := forwardSignals(cmd)
		err = cmd.Wait()
		stop()
	}
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() < 0 {
			// Not started, or ended by a signal (one we passed on): go
			// vet said nothing.
			stderr.Write(withoutHeaders(errs.Bytes()))
			fmt.Fprintf(stderr, "smemlint: running go vet: %v\n", err)
			return exitError
		}
		// A package that does not type-check fails go vet, but the
		// others' findings are in its output: they are printed too.
		// When it holds none, go vet may have checked nothing (a package
		// that does not parse stops it before any is vetted): the
		// packages are then checked in process, which reports the
		// broken ones and checks the rest.
		tree, jerr := readVetJSON(&out)
		if (jerr != nil || len(tree) == 0) && !p.json {
			return runViaDriver(p.patterns, stderr)
		}
		stderr.Write(withoutHeaders(errs.Bytes()))
		if jerr != nil {
			fmt.Fprintf(stderr, "smemlint: reading go vet's results: %v\n", jerr)
			return exitError
		}
		if p.json {
			printTreeJSON(tree, stdout, stderr)
		} else {
			printTreeText(tree, stderr)
		}
		return exitError
	}
	stderr.Write(withoutHeaders(errs.Bytes()))
	tree, err := readVetJSON(&out)
	if err != nil {
		fmt.Fprintf(stderr, "smemlint: reading go vet's results: %v\n", err)
		return exitError
	}
	if p.json {
		return printTreeJSON(tree, stdout, stderr)
	}
	return printTreeText(tree, stderr)
}

// packageHeader is the line go vet prints before a package's errors; the
// errors name their files, so it only adds a line per cause.
var packageHeader = regexp.MustCompile(`^# \S+$`)

// withoutHeaders drops go vet's package header lines from its output.
func withoutHeaders(b []byte) []byte {
	var out bytes.Buffer
	for _, l := range bytes.SplitAfter(b, []byte("\n")) {
		if !packageHeader.Match(bytes.TrimRight(l, "\n")) {
			out.Write(l)
		}
	}
	return out.Bytes()
}

// runViaDriver checks the packages in process (internal/driver) and
// prints the errors, one per cause, and the findings as a plain run does.
func runViaDriver(patterns []string, stderr io.Writer) int {
	res, err := driver.Run(patterns, driver.Options{Tests: true})
	if err != nil {
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError
	}
	return printFindings(stderr, res)
}

// vetTree is the multichecker's JSON result: package ID, then analyzer
// name, then a list of diagnostics or an {"error": …} object.
type vetTree map[string]map[string]json.RawMessage

// readVetJSON merges the JSON objects go vet prints, one per package.
func readVetJSON(r io.Reader) (vetTree, error) {
	tree := vetTree{}
	dec := json.NewDecoder(r)
	for {
		var unit vetTree
		if err := dec.Decode(&unit); err == io.EOF {
			return tree, nil
		} else if err != nil {
			return nil, err
		}
		for id, byCheck := range unit {
			if tree[id] == nil {
				tree[id] = map[string]json.RawMessage{}
			}
			for name, v := range byCheck {
				tree[id][name] = v
			}
		}
	}
}

// printTreeJSON prints the merged tree as one object, as the multichecker
// does for all the packages of a run; the exit code is 0.
func printTreeJSON(tree vetTree, stdout, stderr io.Writer) int {
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		fmt.Fprintf(stderr, "smemlint: %v\n", err)
		return exitError
	}
	fmt.Fprintf(stdout, "%s\n", data)
	return exitClean
}

// vetDiagnostic is the part of a JSON diagnostic that the text output
// shows.
type vetDiagnostic struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
	Related []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

// printTreeText prints the findings as "file:line:col: message" lines, in
// the multichecker's order of checks (see printOrder) for packages sorted
// by path (the multichecker follows the command line), without the copies
// a package and its test variant both report.
func printTreeText(tree vetTree, stderr io.Writer) int {
	ids := make([]string, 0, len(tree))
	for id := range tree {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	type key struct{ posn, end, check, msg string }
	seen := map[key]bool{}
	var buf bytes.Buffer
	code := exitClean
	for _, pa := range printOrder(analyzer.Checks(), ids) {
		a, id := pa.check, pa.pkg
		raw, ok := tree[id][a.Name]
		if !ok {
			continue
		}
		var failed struct {
			Err string `json:"error"`
		}
		if json.Unmarshal(raw, &failed) == nil && failed.Err != "" {
			fmt.Fprintf(&buf, "%s: %s\n", a.Name, failed.Err)
			code = exitError
			continue
		}
		var diags []vetDiagnostic
		if err := json.Unmarshal(raw, &diags); err != nil {
			fmt.Fprintf(&buf, "smemlint: %s: %s: %v\n", id, a.Name, err)
			code = exitError
			continue
		}
		for _, d := range diags {
			if code == exitClean && !isNote(d.Message) {
				code = exitFindings
			}
			k := key{d.Posn, d.End, a.Name, d.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			fmt.Fprintf(&buf, "%s: %s\n", d.Posn, d.Message)
			for _, r := range d.Related {
				fmt.Fprintf(&buf, "%s: \t%s\n", r.Posn, r.Message)
			}
		}
	}
	stderr.Write(buf.Bytes())
	return code
}

// checkOfPackage is one check's result for one package.
type checkOfPackage struct {
	check *analysis.Analyzer
	pkg   string
}

// printOrder returns the order in which the multichecker prints results:
// check by check, package by package, but a check's required checks for a
// package before it, as its graph runs them.
func printOrder(checks []*analysis.Analyzer, ids []string) []checkOfPackage {
	isCheck := map[*analysis.Analyzer]bool{}
	for _, a := range checks {
		isCheck[a] = true
	}
	var order []checkOfPackage
	seen := map[checkOfPackage]bool{}
	var visit func(k checkOfPackage)
	visit = func(k checkOfPackage) {
		if seen[k] {
			return
		}
		seen[k] = true
		for _, r := range k.check.Requires {
			if isCheck[r] {
				visit(checkOfPackage{r, k.pkg})
			}
		}
		order = append(order, k)
	}
	for _, a := range checks {
		for _, id := range ids {
			visit(checkOfPackage{a, id})
		}
	}
	return order
}

// standaloneViaVet runs a standalone command line through go vet when it
// can, and reports whether it did, with the exit code.
func standaloneViaVet(args []string) (int, bool) {
	p, ok := planViaVet(args, os.Getenv)
	if !ok {
		return 0, false
	}
	self, err := os.Executable()
	if err != nil {
		return 0, false
	}
	if _, err := exec.LookPath("go"); err != nil {
		return 0, false
	}
	return runViaVet(p, self, os.Stdout, os.Stderr), true
}
