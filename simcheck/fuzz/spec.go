// Package fuzz is simcheck's differential fuzzer: it generates random
// kernels — quasi-affine shared and global indices over the thread index,
// the block index and loop variables, elements of 1 to 16 bytes and
// structs accessed field by field, block shapes with partial warps,
// guards, loops with uniform and divergent trip counts, barriers — and
// demands that smemlint's prediction for every access site agrees with
// the requests the simulator measures. Race kernels (Options.Races) are
// built to race or not, and their static race verdicts (smemrace,
// warpsync) must agree with the simulator's hazard detector too.
//
// A kernel exists twice: as Go source, which the analyzer reads, and as a
// Spec, which an interpreter runs in the simulator through simt's tracing
// calls, making exactly the accesses the compiled source would. That
// keeps a check to a few milliseconds: no compiler runs.
package fuzz

// Elem is an element type of an array.
type Elem struct {
	Name    string // Go type
	Size    int
	Numeric bool // supports += 1
	Zero    string
}

// Elems are the element types the generator picks from: access widths of
// 1 to 16 bytes, and a 12-byte struct that is accessed field by field.
var Elems = []Elem{
	{"float32", 4, true, "0"},
	{"float64", 8, true, "0"},
	{"int32", 4, true, "0"},
	{"uint16", 2, true, "0"},
	{"uint8", 1, true, "0"},
	{"[4]float32", 16, false, "[4]float32{}"},
	{"[2]float32", 8, false, "[2]float32{}"},
	{"p3", 12, false, "p3{}"},
}

// Array is a shared array (one or two dimensions) or a global slice.
type Array struct {
	Name   string
	Shared bool
	Elem   Elem
	Dims   []int // shared: [R] or [R][C]; global: [len]
	Base   int64 // shared: arena offset
	// Choice, when not nil, makes the array a slice that a branch chose
	// (q := s0[:]; if cond { q = s1[:] }): no memory of its own. Dims
	// is the shorter choice's.
	Choice *Choice
	// Data, for a global int32 array, is what the host stores in it
	// before the launch: the values a "let" reads and indices use.
	Data []int
}

// Choice is the pair of shared arrays a slice is chosen from, and the
// guard under which it is B (else A): on the thread, or, where Data is
// not -1, on c0, the element at Index of the global int32 array Data,
// which the host fills: each lane then chooses by data.
type Choice struct {
	A, B  int
	Cond  *Cond
	Data  int
	Index *Expr
}

// Len is the number of elements.
func (a *Array) Len() int {
	n := 1
	for _, d := range a.Dims {
		n *= d
	}
	return n
}

// Expr is an integer expression of Go's int semantics.
type Expr struct {
	Op   string // "c", a variable ("tx", "ty", "tz", "bx", "i0"...), or a binary operator
	C    int    // the constant of "c"
	X, Y *Expr
}

// Cond is a guard: X Cmp C, or two guards joined by && or ||.
type Cond struct {
	Join string // "", "&&", "||"
	A, B *Cond
	X    *Expr
	Cmp  string
	C    int
}

// Stmt is one statement of a kernel body.
type Stmt struct {
	// "let" reads Array at Index into the variable Var (d0): data that
	// later indices use.
	Kind string // "load", "store", "update", "copy", "let", "if", "for", "sync", "syncwarp", "assign", "reslice", "return", "break", "continue", "call"
	// Accesses: the array and one index per dimension; "copy" stores
	// Src into Array.
	Array, Src int
	Index      []*Expr
	SrcIndex   []*Expr
	// Sites are the site numbers: the load, then the store.
	Load, Store int32
	// Pos and SrcPos are the byte offsets of the access nodes in the
	// kernel's source.
	Pos, SrcPos int
	// Field names a field of a p3 element ("A", "B" or "C") that the
	// access reads or writes alone.
	Field string
	// assign: Var = X, Var += X, Var *= X or Var >>= X.
	X      *Expr
	Assign string
	// if: Cond, Body, Else. for: Var, From, Step, Cond over Var, Body.
	Cond       *Cond
	Body, Else []*Stmt
	Var        string
	From       int
	// Loop step: "++", "+= n", ">>= 1" or "<<= 1"; LoopCond is "Var < To"
	// or "Var > 0", or divergent: "Var < tx % m".
	Step     string
	StepN    int
	To       int
	ToThread *Expr // a thread-dependent bound, when not nil
	Loop     int32 // the loop's number, for simt.TraceLoop
	// Mask is the lane mask of a "syncwarp".
	Mask uint32
	// FromX and ToX, when not nil, are a loop's start and bound as
	// expressions of outer loop variables (Options.NestedLoops).
	FromX, ToX *Expr
	// Vec, when not 0, makes a load or store a vector access of Vec
	// elements from Index[0] on, in Form "conv" ([N]E(a[i:i+N])) or "ptr"
	// (*(*[N]E)(a[i:])). A "reslice" advances Array by StepN elements.
	Vec  int
	Form string
}

// Spec is one random kernel.
type Spec struct {
	Seed   uint64
	Opts   Options // what the generator was asked for
	Block  [3]int
	Grid   [2]int // blocks in X and Y
	Arch   string
	Arrays []*Array
	Body   []*Stmt
	// Dev is the body of a device function, dev, that statements of
	// kind "call" at the kernel's top level call; nil when there is none.
	Dev   []*Stmt
	Sites int32 // the number of site numbers used
	Loops int32 // the number of loop numbers used
	// Param is the value passed for the kernel's int parameter p0, which
	// the analyzer does not know; 0: no parameter.
	Param int
	// Lets are the initial values of the local variables j0, j1.
	Lets []*Expr
	// Exits allows return, break and continue, and then no barrier.
	Exits bool
}

// siteLoops returns, by site number, the loops around each site,
// outermost first: what simcheck's instrumentation tells simt.
func (s *Spec) siteLoops() [][]int32 {
	out := make([][]int32, s.Sites)
	var walk func(list []*Stmt, loops []int32)
	walk = func(list []*Stmt, loops []int32) {
		for _, st := range list {
			switch st.Kind {
			case "if":
				walk(st.Body, loops)
				walk(st.Else, loops)
			case "for":
				walk(st.Body, append(loops[:len(loops):len(loops)], st.Loop))
			case "load", "store", "update", "copy", "let":
				for _, id := range []int32{st.Load, st.Store} {
					if id >= 0 {
						out[id] = loops
					}
				}
			}
		}
	}
	walk(s.Body, nil)
	walk(s.Dev, nil)
	return out
}

// hasData reports whether indices of the kernel depend on data read from
// memory (a "let"). A choice by data does not count: the analyzer bounds
// its sites, and a note there fails.
func (s *Spec) hasData() bool {
	chooses := map[int]bool{}
	for _, a := range s.Arrays {
		if c := a.Choice; c != nil && c.Data >= 0 {
			chooses[c.Data] = true
		}
	}
	for i, a := range s.Arrays {
		if a.Data != nil && !chooses[i] {
			return true
		}
	}
	return false
}

// Threads returns the threads of a block.
func (s *Spec) Threads() int { return s.Block[0] * s.Block[1] * s.Block[2] }

// Constructs counts the statements of the #11 constructs in the kernel:
// vector accesses, re-slicings, carried updates (*=, >>=, masked add) and
// loops bounded by an outer loop's variable.
func (s *Spec) Constructs() map[string]int {
	out := map[string]int{}
	var walk func([]*Stmt)
	walk = func(list []*Stmt) {
		for _, st := range list {
			switch {
			case st.Vec > 0:
				out["vector"]++
			case st.Kind == "reslice":
				out["reslice"]++
			case st.Kind == "assign" && (st.Assign == "*=" || st.Assign == ">>=" || st.X.Op == "&" && st.X.X.X != nil && st.X.X.X.Op == st.Var):
				out["carried"]++
			case st.Kind == "for" && (st.FromX != nil || st.ToX != nil):
				out["nested"]++
			}
			walk(st.Body)
			walk(st.Else)
		}
	}
	walk(s.Body)
	walk(s.Dev)
	return out
}
