package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/internal/driver"
)

// Under go vet, a package that uses cgo is type-checked from the files
// cgo writes, and the unit checker prints a type error as the type
// checker words it, with cgo's names (_Ctype_int), straight to standard
// error before it ends the process. So such a package is checked in a
// child whose standard error is copied through driver.CgoNames: the
// message names C.int, as the source does. Packages without cgo run in
// this process, as before.

// cgoUnit runs go vet's unit of a package that uses cgo in a child and
// returns its exit code; false when the unit does not use cgo, or this
// process is the child, or no child can be started.
func cgoUnit(args []string, stderr io.Writer) (int, bool) {
	if !usesCgo(args[len(args)-1]) {
		return 0, false
	}
	err, copyErr, ok := runChild(args, func(r io.Reader) error { return copyCgoNames(r, stderr) })
	if !ok {
		return 0, false
	}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return ee.ExitCode(), true
	case err != nil:
		fmt.Fprintln(stderr, "smemlint:", err)
		return exitError, true
	case copyErr != nil:
		fmt.Fprintln(stderr, "smemlint:", copyErr)
		return exitError, true
	}
	return exitClean, true
}

// copyCgoNames copies r to w line by line, with cgo's names restored.
func copyCgoNames(r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		if _, err := fmt.Fprintln(w, driver.CgoNames(sc.Text())); err != nil {
			io.Copy(io.Discard, r) // let the child finish
			return err
		}
	}
	return sc.Err()
}

// usesCgo reports whether go vet's configuration file lists files that
// cgo wrote.
func usesCgo(cfgFile string) bool {
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return false
	}
	var cfg struct{ GoFiles []string }
	if json.Unmarshal(data, &cfg) != nil {
		return false
	}
	for _, f := range cfg.GoFiles {
		if config.CgoOutput(f) {
			return true
		}
	}
	return false
}
