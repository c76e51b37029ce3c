// Command hwsites reads the raw source views that scripts/realcode/measure.sh
// brings back (RAW/O3/*.csv, RAW/G/*.csv, and the launch shapes in
// RAW/launches/*.launches) and writes their per-site figures to OUT/O3 and
// OUT/G, one file per program:
//
//	go run ./internal/realcode/hwsites/cmd RAW testdata/realcode/hw
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/smemlint/smemlint/internal/ncu"
	"github.com/smemlint/smemlint/internal/realcode/hwsites"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: hwsites RAW OUT")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "hwsites:", err)
		os.Exit(1)
	}
}

func run(raw, out string) error {
	for _, flavor := range []string{"O3", "G"} {
		files, err := filepath.Glob(filepath.Join(raw, flavor, "*__*.csv"))
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(out, flavor), 0o755); err != nil {
			return err
		}
		for _, f := range files {
			launches := filepath.Join(raw, "launches", strings.TrimSuffix(filepath.Base(f), ".csv")+".launches")
			if err := convert(f, launches, filepath.Join(out, flavor, filepath.Base(f))); err != nil {
				return err
			}
		}
	}
	return nil
}

func convert(in, launches, out string) error {
	var blocks map[string]int64
	if l, err := os.Open(launches); err == nil {
		blocks, err = hwsites.ReadLaunches(filepath.Base(launches), l)
		l.Close()
		if err != nil {
			return err
		}
	}
	r, err := os.Open(in)
	if err != nil {
		return err
	}
	defer r.Close()
	fns, err := ncu.Parse(filepath.Base(in), r)
	if err != nil {
		return err
	}
	w, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := hwsites.Write(w, hwsites.FromFunctions(fns, blocks)); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
