// Package ir holds what the evaluation of a kernel context produces and
// the engines read: launch shapes, memory accesses, synchronisations,
// exits, loops and the roles of symbols. It evaluates nothing itself.
package ir

import (
	"go/token"
	"sync"
	"sync/atomic"
	"time"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/model"
	"golang.org/x/tools/go/analysis"
)

// Context is one kernel evaluated under one launch shape.
type Context struct {
	Kernel string    // the kernel's name
	Pos    token.Pos // the kernel function
	Shape  Shape
	Arch   *model.Arch

	Syms     *affine.Table
	Accesses []*Access
	Syncs    []*Sync
	Exits    []*Exit // returns, branches, gotos and panics
	Arrays   []*Array
	// StaticShared is the static shared memory a block declares, as
	// model.Arena counts it (each array rounded up to SharedRegionAlign).
	StaticShared int64
	// Incomplete lists what the evaluation had to give up on.
	Incomplete []Note

	// Meta says what each symbol of Syms stands for.
	Meta []SymMeta
	// Tx, Ty, Tz are the thread-index symbols.
	Tx, Ty, Tz affine.Sym

	Pass   *analysis.Pass
	Config *config.Config
	// Redo evaluates the context again with a Shared array Padded (see
	// Repad); the interpreter sets it.
	Redo func(arr *Array, pad int64) *Context

	// Memo holds what the engines remember between the checks' questions.
	Memo Memo

	// view is the facade's value for this context (see SetView).
	view any

	faultMu sync.Mutex
	faults  []Fault

	// stmtKeys caches StmtKey, which smemrace and warpsync ask for the
	// same accesses.
	stmtMu   sync.Mutex
	stmtKeys map[token.Pos]any

	// spent is the processor time charged to the context, in
	// nanoseconds (see Charge).
	spent atomic.Int64
	// work counts the threads the context's searches visited, against
	// SearchBudget (see Spend); cuts lists the searches it stopped.
	work  atomic.Int64
	cutMu sync.Mutex
	cuts  []Note
}

// SearchBudget bounds the work of all the searches of one context
// together, in threads visited: each assignment of uniform symbols a
// search tries costs the threads of a block. Each search has its own
// bound too; this one bounds the time of a kernel that asks many
// questions (a race search for every pair of statements); the aim is
// 100 ms, not yet measured on a quiet machine. It counts work, not time, so that what is found does not
// depend on how busy the machine is. It is set so that no kernel of the
// repository's corpora is cut: the polybench ports of testdata/realcode
// need up to 2^21 (adi, correlation, covariance), SinglePassMerged of
// examples/reduction about 2^19.
const SearchBudget = 1 << 22

// Spend takes the work of one assignment from the context's search budget
// and reports whether it was there to take.
func (c *Context) Spend() bool { return c.work.Add(int64(max(c.Threads(), 1))) <= SearchBudget }

// Work returns the work the context's searches have done, in threads
// visited (see SearchBudget).
func (c *Context) Work() int64 { return c.work.Load() }

// NoteCut records a search that the budget stopped: what it looked for,
// at the site it was about.
func (c *Context) NoteCut(pos token.Pos, what string) {
	c.cutMu.Lock()
	defer c.cutMu.Unlock()
	for _, n := range c.cuts {
		if n.Pos == pos && n.Msg == what {
			return
		}
	}
	c.cuts = append(c.cuts, Note{Pos: pos, Msg: what})
}

// Cuts returns the searches the budget stopped, in the order they were
// cut.
func (c *Context) Cuts() []Note {
	c.cutMu.Lock()
	defer c.cutMu.Unlock()
	return append([]Note(nil), c.cuts...)
}

// Charge adds the processor time m measured to the context's analysis
// time and stops m. The evaluation and the engines' entry points that
// the checks call charge it; the engines' calls among themselves do not,
// so no time counts twice. Checks asking about one context in parallel
// each add theirs.
func (c *Context) Charge(m Meter) { c.spent.Add(int64(m.Stop())) }

// Spent returns the analysis time charged to the context so far, in
// processor time (see Meter): its evaluation and the engines' answers to
// the checks' questions about it.
func (c *Context) Spent() time.Duration { return time.Duration(c.spent.Load()) }

// Memo is per-context memory of the engines: the checks run in parallel
// and ask the same questions. Each engine owns its field.
type Memo struct {
	Levels sync.Map // uniform: predicate text -> uniform.Level
	Judged sync.Map // enum: *Access -> *enum.Eval
}

// Coords returns the thread-index symbols x, y, z.
func (c *Context) Coords() [3]affine.Sym { return [3]affine.Sym{c.Tx, c.Ty, c.Tz} }

// SetView records the value that stands for c outside the engines (the
// kernels package's Context), so that an event's Ctx leads back to it.
// It is set once, before the context is shared.
func (c *Context) SetView(v any) { c.view = v }

// View returns the value SetView recorded, or nil.
func (c *Context) View() any { return c.view }
