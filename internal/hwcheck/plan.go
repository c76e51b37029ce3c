// Package hwcheck checks smemlint's predictions on the hardware: it
// translates kernels to CUDA (internal/cudagen), records what the analyzer
// predicts for every access line of every kernel instance (and, for the
// differential fuzzer's kernels, what the simulator measured under the
// same launch), and compares those with the per-instruction counters
// Nsight Compute measured on the GPU (internal/ncu), for a build with
// -O3 and one with -G.
//
// The comparison is by Go line: nvcc's line table, which the #line
// directives of the generated code fill, attributes each SASS instruction
// to a line, and the counters of a line's instructions of one memory
// space and operation are summed. Several sites of one space and
// operation on a line are compared together.
package hwcheck

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Plan is what prepare wrote: the kernel instances of every generated
// file and what is known of their accesses before anything runs.
type Plan struct {
	Files     []File     `json:"files"`
	Instances []Instance `json:"instances"`
	// Problems are the kernels that were not translated, with why.
	Problems []string `json:"problems,omitempty"`
}

// File is one generated .cu file.
type File struct {
	Name   string `json:"name"` // relative to the plan's directory
	Corpus string `json:"corpus"`
}

// Instance is one kernel under one launch.
type Instance struct {
	Name   string `json:"name"` // the __global__ function
	Kernel string `json:"kernel"`
	File   string `json:"file"` // the .cu file
	Corpus string `json:"corpus"`
	Block  [3]int `json:"block"`
	Grid   [3]int `json:"grid"`
	Rows   []*Row `json:"rows"`
}

// ID identifies the instance among all: its name is unique in its file.
func (in *Instance) ID() string {
	return strings.TrimSuffix(filepath.Base(in.File), ".cu") + "/" + in.Name
}

// Blocks returns the number of blocks of the instance's launch.
func (in *Instance) Blocks() int { return in.Grid[0] * in.Grid[1] * in.Grid[2] }

// Key identifies a row: the accesses of one space and operation on one
// Go line.
type Key struct {
	File  string `json:"file"`
	Line  int    `json:"line"`
	Space string `json:"space"` // "shared" or "global"
	Op    string `json:"op"`    // "load", "store" or "atomic"
}

func (k Key) String() string { return fmt.Sprintf("%s:%d %s %s", k.File, k.Line, k.Space, k.Op) }

// Row is what the analyzer (and the simulator, where it ran) says of the
// accesses of one key.
type Row struct {
	Key
	Sites []string `json:"sites"` // "col: text" of each access
	Sizes []int    `json:"sizes"` // access widths in bytes
	// Figures are every per-request figure the analyzer evaluated; Exact
	// when all evaluations used concrete values; Skip why an access of the
	// row was not evaluated.
	Figures []int  `json:"figures,omitempty"`
	Exact   bool   `json:"exact"`
	Skip    string `json:"skip,omitempty"`
	// Sim is the simulator's measurement of the same launch (the
	// differential fuzzer's kernels only).
	Sim *Totals `json:"sim,omitempty"`
}

// Totals are requests and the sum of their figures.
type Totals struct {
	Requests int64 `json:"requests"`
	Sum      int64 `json:"sum"`
}

// Predicted reports whether the analyzer evaluated every access of the
// row. A line that also holds an access it did not evaluate makes requests
// of figures it never stated, so the figures of the others say nothing of
// the line's mean (fuzz seed 1304: dev's store, called twice, the second
// time with an index that two branches set; the GPU's 24.9 sectors a
// request were the simulator's, not the first call's 32).
func (r *Row) Predicted() bool { return len(r.Figures) > 0 && r.Skip == "" }

func (r *Row) addFigures(fs []int) {
	for _, f := range fs {
		i := sort.SearchInts(r.Figures, f)
		if i == len(r.Figures) || r.Figures[i] != f {
			r.Figures = append(r.Figures[:i], append([]int{f}, r.Figures[i:]...)...)
		}
	}
}

// ReadPlan reads a plan written by Prepare.
func ReadPlan(name string) (*Plan, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("hwcheck: %w", err)
	}
	p := &Plan{}
	if err := json.Unmarshal(data, p); err != nil {
		return nil, fmt.Errorf("hwcheck: %s: %w", name, err)
	}
	return p, nil
}

func (p *Plan) write(name string) error {
	data, err := json.MarshalIndent(p, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(name, data, 0o644)
}
