// Package hwsites turns the per-instruction counters of an Nsight Compute
// source view (internal/ncu) into per-site figures: for each kernel, each
// CUDA line and each kind of access (global or shared, load or store), the
// SASS instructions, the warp-level requests they made and the sectors
// (global) or wavefronts (shared) those requests cost. These are the facts
// the real-code corpus (testdata/realcode) is compared with.
package hwsites

import (
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/smemlint/smemlint/internal/ncu"
)

// Site is one kind of access on one source line of one kernel.
type Site struct {
	Kernel    string // the kernel function's name
	Line      int    // the CUDA source line
	Space, Op string // "Global" or "Shared"; "Load" or "Store" (or "Atomic", ...)
	Instrs    int    // SASS instructions of this kind on the line
	Requests  int64  // warp-level requests they made (instructions executed)
	Units     int64  // sectors (global) or wavefronts (shared)
	Ideal     int64  // the same with the ideal pattern
}

// PerRequest returns the mean cost of one request, as a profiler reports
// it: units over requests (0 when the site never ran).
func (s Site) PerRequest() float64 {
	if s.Requests == 0 {
		return 0
	}
	return float64(s.Units) / float64(s.Requests)
}

// FromFunctions returns the sites of every kernel of a source view, from
// the first result of each kernel that holds SourceCounters figures.
// Local-memory accesses (register spills, -G's stack) are not sites.
func FromFunctions(fns []ncu.Function) []Site {
	done := map[string]bool{}
	var sites []Site
	for i := range fns {
		f := &fns[i]
		name := f.ShortName()
		if !f.Counted || done[name] {
			continue
		}
		done[name] = true
		byKey := map[[3]string]*Site{}
		var order [][3]string
		for _, in := range f.Instructions() {
			if in.Space != "Global" && in.Space != "Shared" {
				continue
			}
			key := [3]string{strconv.Itoa(in.Line), in.Space, in.Op}
			s := byKey[key]
			if s == nil {
				s = &Site{Kernel: name, Line: in.Line, Space: in.Space, Op: in.Op}
				byKey[key] = s
				order = append(order, key)
			}
			s.Instrs++
			s.Requests += in.Executed
			if in.Space == "Global" {
				s.Units += in.SectorsGlobal
				s.Ideal += in.SectorsGlobalIdeal
			} else {
				s.Units += in.WavefrontsShared
				s.Ideal += in.WavefrontsSharedIdeal
			}
		}
		for _, k := range order {
			sites = append(sites, *byKey[k])
		}
	}
	slices.SortStableFunc(sites, func(a, b Site) int {
		if a.Kernel != b.Kernel {
			if a.Kernel < b.Kernel {
				return -1
			}
			return 1
		}
		return a.Line - b.Line
	})
	return sites
}

var header = []string{"kernel", "line", "space", "op", "instrs", "requests", "units", "ideal"}

// Write writes sites as CSV with a header row.
func Write(w io.Writer, sites []Site) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, s := range sites {
		rec := []string{s.Kernel, strconv.Itoa(s.Line), s.Space, s.Op, strconv.Itoa(s.Instrs),
			strconv.FormatInt(s.Requests, 10), strconv.FormatInt(s.Units, 10), strconv.FormatInt(s.Ideal, 10)}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// Read reads what Write wrote; name is used in errors.
func Read(name string, r io.Reader) ([]Site, error) {
	recs, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("hwsites: %s: %w", name, err)
	}
	if len(recs) == 0 || !slices.Equal(recs[0], header) {
		return nil, fmt.Errorf("hwsites: %s: the first row is not the header %v", name, header)
	}
	var sites []Site
	for i, rec := range recs[1:] {
		s := Site{Kernel: rec[0], Space: rec[2], Op: rec[3]}
		nums := []*int64{nil, &s.Requests, &s.Units, &s.Ideal}
		var line, instrs int
		if line, err = strconv.Atoi(rec[1]); err != nil {
			return nil, fmt.Errorf("hwsites: %s: row %d: line %q", name, i+2, rec[1])
		}
		if instrs, err = strconv.Atoi(rec[4]); err != nil {
			return nil, fmt.Errorf("hwsites: %s: row %d: instrs %q", name, i+2, rec[4])
		}
		s.Line, s.Instrs = line, instrs
		for j, p := range nums[1:] {
			if *p, err = strconv.ParseInt(rec[5+j], 10, 64); err != nil {
				return nil, fmt.Errorf("hwsites: %s: row %d: %s %q", name, i+2, header[5+j], rec[5+j])
			}
		}
		sites = append(sites, s)
	}
	return sites, nil
}
