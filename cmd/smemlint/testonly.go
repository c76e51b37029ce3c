package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// testsOff reports whether the command line turns test files off
// (-test=false), before its first package argument.
func testsOff(args []string) bool {
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			return false
		}
		name, value, ok := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "test" && ok {
			on, err := strconv.ParseBool(value)
			return err == nil && !on
		}
	}
	return false
}

// noteTestOnly names, on w, the packages of patterns that hold test files
// only: -test=false leaves nothing of them to check, which would
// otherwise pass in silence. It says nothing when the go command cannot
// list them: the run that follows reports why.
func noteTestOnly(patterns []string, w io.Writer) {
	args := append([]string{"list", "-e", "-f", "{{.ImportPath}} {{len .GoFiles}} {{len .CgoFiles}} {{len .TestGoFiles}} {{len .XTestGoFiles}}", "--"}, patterns...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 5 {
			continue
		}
		if f[1] == "0" && f[2] == "0" && (f[3] != "0" || f[4] != "0") {
			fmt.Fprintf(w, "smemlint: note: %s has test files only, and -test=false leaves them out: nothing of it is checked\n", f[0])
		}
	}
}

// patternArgs returns the package patterns of a command line: the
// arguments after its flags.
func patternArgs(args []string) []string {
	for i, a := range args {
		if a == "--" {
			return args[i+1:]
		}
		if !strings.HasPrefix(a, "-") {
			return args[i:]
		}
	}
	return nil
}
