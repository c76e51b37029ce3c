package main

import (
	"fmt"
	"io"

	"github.com/smemlint/smemlint/internal/ncu"
)

// readSource reads the per-instruction SASS view of Nsight Compute
// (SourceCounters; internal/ncu reads it) and returns the memory
// instructions of each kernel, by kernel name.
func readSource(name string, r io.Reader) (map[string][]ncu.Counters, error) {
	funcs, err := ncu.Parse(name, r)
	if err != nil {
		return nil, err
	}
	m := map[string][]ncu.Counters{}
	for i := range funcs {
		f := &funcs[i]
		if !f.Counted {
			return nil, fmt.Errorf("%s: kernel %s has no SourceCounters figures (collect with --section SourceCounters)", name, f.ShortName())
		}
		for _, in := range f.Instructions() {
			if in.Memory() {
				m[f.ShortName()] = append(m[f.ShortName()], in.Counters)
			}
		}
	}
	return m, nil
}

// perInstruction returns the figure SourceCounters gives the measured
// instruction of kernel k of case c: wavefronts for shared memory,
// sectors for global. ok is false when the kernel is missing or does not
// hold exactly one instruction of the case's kind.
func perInstruction(c *Case, k string, src map[string][]ncu.Counters) (figure int64, ok bool) {
	space, op := "Global", "Load"
	if c.Shared() {
		space = "Shared"
	}
	if !c.Load() {
		op = "Store"
	}
	n := 0
	for _, in := range src[k] {
		if in.Space == space && in.Op == op {
			n++
			figure = in.SectorsGlobal
			if c.Shared() {
				figure = in.WavefrontsShared
			}
		}
	}
	return figure, n == 1
}
