// Command tables turns the Nsight Compute export of the micro-kernels of
// hw/micro into the measurement tables of docs/hardware.md, with what
// smemlint's model predicts for each case beside what the GPU counted.
//
//	go run ./hw/tables -cases hw/micro/cases.h -raw raw.csv [-source source.csv] [-sass micro.sass]
//
// Without -raw it prints the model's figures alone. It exits 1 when a
// measurement disagrees with the model or a kernel's SASS does not hold
// exactly the one measured instruction, 2 on bad input.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	casesPath := flag.String("cases", "hw/micro/cases.h", "the `file` listing the cases")
	rawPath := flag.String("raw", "", "Nsight Compute `csv` (ncu --csv --page raw) of ./micro's launches")
	sourcePath := flag.String("source", "", "Nsight Compute per-instruction `csv` (--page source --csv --print-source sass, SourceCounters) of ./micro's launches")
	sassPath := flag.String("sass", "", "cuobjdump -sass `output` of ./micro, to check each kernel's instructions")
	arch := flag.String("arch", "sm_90", "model `profile` to predict with")
	flag.Parse()
	code, err := run(os.Stdout, *casesPath, *rawPath, *sourcePath, *sassPath, *arch)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tables:", err)
		os.Exit(2)
	}
	os.Exit(code)
}
