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
	"strings"

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
	Blocks    int64  // blocks of the measured launch (0 when unknown)
}

// RequestsPerBlock returns the requests one block made on average (0
// when the launch's grid is unknown).
func (s Site) RequestsPerBlock() float64 {
	if s.Blocks == 0 {
		return 0
	}
	return float64(s.Requests) / float64(s.Blocks)
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
// blocks gives the grid size of each kernel's measured launch, by name
// (ReadLaunches); it may be nil.
func FromFunctions(fns []ncu.Function, blocks map[string]int64) []Site {
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
				s = &Site{Kernel: name, Line: in.Line, Space: in.Space, Op: in.Op, Blocks: blocks[name]}
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

var header = []string{"kernel", "line", "space", "op", "instrs", "requests", "units", "ideal", "blocks"}

// Write writes sites as CSV with a header row.
func Write(w io.Writer, sites []Site) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, s := range sites {
		rec := []string{s.Kernel, strconv.Itoa(s.Line), s.Space, s.Op, strconv.Itoa(s.Instrs),
			strconv.FormatInt(s.Requests, 10), strconv.FormatInt(s.Units, 10), strconv.FormatInt(s.Ideal, 10),
			strconv.FormatInt(s.Blocks, 10)}
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
		nums := []*int64{nil, &s.Requests, &s.Units, &s.Ideal, &s.Blocks}
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

// ReadLaunches reads the launch shapes ncu prints with
//
//	ncu -i REPORT --page raw --csv --metrics launch__grid_size
//
// (one or more exports appended) and returns each kernel's grid size, in
// blocks, by name: the first launch of each kernel.
func ReadLaunches(name string, r io.Reader) (map[string]int64, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("hwsites: %s: %w", name, err)
	}
	blocks := map[string]int64{}
	kernelCol, gridCol := -1, -1
	for i, rec := range recs {
		if k := slices.Index(rec, "Kernel Name"); k >= 0 {
			kernelCol, gridCol = k, slices.Index(rec, "launch__grid_size")
			continue
		}
		if kernelCol < 0 {
			return nil, fmt.Errorf("hwsites: %s: row %d: no header naming the Kernel Name column before it", name, i+1)
		}
		if gridCol < 0 || len(rec) <= max(kernelCol, gridCol) || rec[kernelCol] == "" {
			continue // the units row, or a result collected without the metric
		}
		kernel := rec[kernelCol]
		if j := strings.IndexByte(kernel, '('); j >= 0 {
			kernel = kernel[:j]
		}
		n, err := strconv.ParseInt(strings.ReplaceAll(rec[gridCol], ",", ""), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("hwsites: %s: row %d: grid size %q", name, i+1, rec[gridCol])
		}
		if _, ok := blocks[kernel]; !ok {
			blocks[kernel] = n
		}
	}
	return blocks, nil
}
