// Package ir holds what the evaluation of a kernel context produces and
// the engines read: launch shapes, memory accesses, synchronisations,
// exits, loops and the roles of symbols. It evaluates nothing itself.
package ir

import (
	"cmp"
	"go/token"
	"slices"
	"strings"
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
	// cuts lists the searches that ran out of budget (see NoteCut).
	cutMu sync.Mutex
	cuts  []Note
}

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

// Cuts returns the searches the budget stopped, by position and text:
// checks running in parallel cut them in no fixed order.
func (c *Context) Cuts() []Note {
	c.cutMu.Lock()
	defer c.cutMu.Unlock()
	out := append([]Note(nil), c.cuts...)
	slices.SortFunc(out, func(a, b Note) int {
		if a.Pos != b.Pos {
			return cmp.Compare(a.Pos, b.Pos)
		}
		return strings.Compare(a.Msg, b.Msg)
	})
	return out
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
