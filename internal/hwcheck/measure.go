package hwcheck

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/smemlint/smemlint/internal/ncu"
)

// Measured is what one build's instructions of one row did on the GPU,
// summed over the launch.
type Measured struct {
	// Requests are the warp-level executions ("Instructions Executed").
	Requests int64 `json:"requests"`
	// Sum is the wavefronts (shared) or sectors (global) of them all.
	Sum int64 `json:"sum"`
	// Opcodes are the SASS opcodes of the row's instructions, sorted.
	Opcodes []string `json:"opcodes"`
	// Widths are the access widths in bytes of those instructions.
	Widths []int `json:"widths"`
	// Instrs counts the row's instructions; Predicated those that ran with
	// lanes predicated off (an if-converted access).
	Instrs     int `json:"instrs,omitempty"`
	Predicated int `json:"predicated,omitempty"`
	// LanesOn are the lane-level executions that performed the access
	// ("Predicated-On Thread Instructions Executed").
	LanesOn int64 `json:"lanesOn,omitempty"`
}

func (m *Measured) add(in ncu.Instr) {
	m.Requests += in.Executed
	m.Sum += in.WavefrontsShared + in.SectorsGlobal
	m.Instrs++
	m.LanesOn += in.PredOnThreadExecuted
	if strings.HasPrefix(in.SASS, "@") && in.PredOnThreadExecuted < in.ThreadExecuted {
		m.Predicated++
	}
	op := opcode(in.SASS)
	if i := sort.SearchStrings(m.Opcodes, op); i == len(m.Opcodes) || m.Opcodes[i] != op {
		m.Opcodes = append(m.Opcodes[:i], append([]string{op}, m.Opcodes[i:]...)...)
	}
	if w := in.SizeBits() / 8; w > 0 {
		if i := sort.SearchInts(m.Widths, w); i == len(m.Widths) || m.Widths[i] != w {
			m.Widths = append(m.Widths[:i], append([]int{w}, m.Widths[i:]...)...)
		}
	}
}

// opcode returns an instruction's opcode without its predicate and
// operands: "@P0 LDS.64 R2, [R3]" gives "LDS.64".
func opcode(sass string) string {
	f := strings.Fields(sass)
	if len(f) > 0 && strings.HasPrefix(f[0], "@") {
		f = f[1:]
	}
	if len(f) == 0 {
		return "?"
	}
	return f[0]
}

// Build is one build's measurements: by instance (its ID), by row key. Generic
// holds, by instance and line, the opcodes of generic-space accesses,
// which reach shared or global memory through a generic address.
type Build struct {
	Rows    map[string]map[Key]*Measured
	Generic map[string]map[string][]string
	// Instances lists the instances profiled.
	Instances map[string]bool
	// SharedLoadWavefronts is, by instance, the hardware counter of the
	// shared-load wavefronts of its whole launch, where the raw page was
	// exported beside the source view (<name>.<build>.raw.csv.gz).
	SharedLoadWavefronts map[string]float64
}

// SharedLoadCounter is the hardware counter scripts/hwcheck-gpu.sh reads
// for every launch: unlike the source view's per-instruction figure, it
// is what the tables of docs/hardware.md were read from.
const SharedLoadCounter = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"

// spaces maps ncu's address spaces to the plan's; local memory (the
// stack of -G builds) is not an access of the Go source.
var spaces = map[string]string{"Shared": "shared", "Global": "global"}

// ops maps ncu's access operations to the plan's.
var ops = map[string]string{"Load": "load", "Store": "store", "Atomic": "atomic", "Reduction": "atomic"}

func newBuild() *Build {
	return &Build{Rows: map[string]map[Key]*Measured{}, Generic: map[string]map[string][]string{}, Instances: map[string]bool{},
		SharedLoadWavefronts: map[string]float64{}}
}

// ReadBuild reads the gzipped source-view exports of one build (one per
// generated file) and attributes every memory instruction to its kernel
// instance and Go line. A function that is not an instance is a callee
// of the instance before it. files are the Go files of the plan, by which
// the paths ncu prints (absolute on the GPU machine) are resolved. An
// instance that an export measured replaces what the exports before it in
// names said of it (a later run that measured some kernels again).
func ReadBuild(names []string, files []string, instances map[string]bool) (*Build, error) {
	b := newBuild()
	resolve := resolver(files)
	for _, name := range names {
		part, err := readOne(name, resolve, instances)
		if err != nil {
			return nil, err
		}
		for inst := range part.Instances {
			b.Instances[inst] = true
			b.Rows[inst] = part.Rows[inst]
			b.Generic[inst] = part.Generic[inst]
			delete(b.SharedLoadWavefronts, inst)
		}
		for inst, v := range part.SharedLoadWavefronts {
			b.SharedLoadWavefronts[inst] = v
		}
	}
	return b, nil
}

// readOne reads one export and the counters exported beside it.
func readOne(name string, resolve func(string) string, instances map[string]bool) (*Build, error) {
	b := newBuild()
	fns, err := readExport(name)
	if err != nil {
		return nil, err
	}
	stem, _, _ := strings.Cut(filepath.Base(name), ".")
	if err := b.readCounters(stem, strings.TrimSuffix(name, ".csv.gz")+".raw.csv.gz", instances); err != nil {
		return nil, err
	}
	inst := ""
	for _, fn := range fns {
		kernel, _, _ := strings.Cut(fn.Name, "(")
		if id := stem + "/" + kernel; instances[id] {
			inst = id // a kernel instance; other functions are its callees
			b.Instances[inst] = true
		}
		if inst == "" {
			continue
		}
		file := resolve(fn.File)
		if file == "" {
			continue
		}
		// ncu lists an instruction under every line range it falls
		// in; it ran once, for the first.
		seen := map[uint64]bool{}
		for _, l := range fn.Lines {
			for _, in := range l.Instrs {
				if seen[in.Address] {
					continue
				}
				seen[in.Address] = true
				if in.Space == "Generic" {
					if b.Generic[inst] == nil {
						b.Generic[inst] = map[string][]string{}
					}
					at := fmt.Sprintf("%s:%d", file, in.Line)
					b.Generic[inst][at] = append(b.Generic[inst][at], opcode(in.SASS))
				}
				sp, op := spaces[in.Space], ops[in.Op]
				if sp == "" || op == "" {
					continue
				}
				k := Key{File: file, Line: in.Line, Space: sp, Op: op}
				if b.Rows[inst] == nil {
					b.Rows[inst] = map[Key]*Measured{}
				}
				m := b.Rows[inst][k]
				if m == nil {
					m = &Measured{}
					b.Rows[inst][k] = m
				}
				m.add(in)
			}
		}
	}
	return b, nil
}

// readCounters reads the raw page exported beside a source view, where
// there is one: the shared-load wavefronts of each instance's launch.
func (b *Build) readCounters(stem, name string, instances map[string]bool) error {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("hwcheck: %w", err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("hwcheck: %s: %w", name, err)
	}
	launches, err := ncu.ParseRaw(name, z)
	if err != nil {
		return fmt.Errorf("hwcheck: %w", err)
	}
	for _, l := range launches {
		v, ok := l.Metrics[SharedLoadCounter]
		if id := stem + "/" + l.Kernel; ok && instances[id] {
			b.SharedLoadWavefronts[id] += v
		}
	}
	return nil
}

func readExport(name string) ([]ncu.Function, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("hwcheck: %w", err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("hwcheck: %s: %w", name, err)
		}
		r = z
	}
	return ncu.Parse(name, r)
}

// resolver maps a path ncu printed to the plan's name of the file: the
// plan's path that it ends with.
func resolver(files []string) func(string) string {
	byBase := map[string][]string{}
	for _, f := range files {
		byBase[path.Base(f)] = append(byBase[path.Base(f)], f)
	}
	return func(p string) string {
		p = strings.ReplaceAll(p, "\\", "/")
		for _, f := range byBase[path.Base(p)] {
			if p == f || strings.HasSuffix(p, "/"+f) {
				return f
			}
		}
		return ""
	}
}

// Load reads a plan and the exports of both builds in the results
// directories (files <name>.G.csv.gz and <name>.O3.csv.gz) and compares
// them. A kernel instance measured in a later directory replaces its
// measurement in the earlier ones.
func Load(planFile string, results ...string) (*Report, error) {
	plan, err := ReadPlan(planFile)
	if err != nil {
		return nil, err
	}
	files := map[string]bool{}
	instances := map[string]bool{}
	for _, in := range plan.Instances {
		instances[in.ID()] = true
		for _, r := range in.Rows {
			files[r.File] = true
		}
	}
	var fileList []string
	for f := range files {
		fileList = append(fileList, f)
	}
	builds := map[string]*Build{}
	for _, b := range []string{"G", "O3"} {
		var names []string
		for _, res := range results {
			ns, err := filepath.Glob(filepath.Join(res, "*."+b+".csv.gz"))
			if err != nil {
				return nil, fmt.Errorf("hwcheck: %w", err)
			}
			names = append(names, ns...)
		}
		if len(names) == 0 {
			continue
		}
		var err error
		builds[b], err = ReadBuild(names, fileList, instances)
		if err != nil {
			return nil, err
		}
	}
	if len(builds) == 0 {
		return nil, fmt.Errorf("hwcheck: no *.G.csv.gz or *.O3.csv.gz in %s (run scripts/hwcheck-gpu.sh)", strings.Join(results, ", "))
	}
	return Compare(plan, builds["G"], builds["O3"]), nil
}
