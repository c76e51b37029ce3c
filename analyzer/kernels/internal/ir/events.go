package ir

import (
	"go/ast"
	"go/token"

	"github.com/smemlint/smemlint/affine"
)

// Access is one memory access site of a kernel context: a load or store of
// a shared array or a global slice.
type Access struct {
	Node   ast.Node // the index, selector or dereference expression (the call for atomics)
	Text   string   // its source text
	Store  bool
	Atomic bool
	Array  *Array
	Remote bool        // distributed shared memory of another block
	Addr   affine.Expr // byte address: arena offset (shared) or offset from a 256-byte aligned base (global)
	Size   int         // access width in bytes
	Ctrl   []Ctrl      // the conditions under which it runs
	Loops  []*Loop     // enclosing loops, outermost first
	Calls  []token.Pos // device-function calls leading here, outermost first
	Seq    int         // order of events within the context
	Ctx    *Context

	InForeignFile bool     // in another package's file
	AnchorCall    ast.Node // for foreign accesses: the outermost call in this package

	// Request, for one alternative of a reference that branches chose
	// among shared arrays by a condition that varies between threads
	// (q := s0[:]; if tid < 1 { q = s1[:] }), is the access that prices
	// the warp instruction the alternatives make together: one request
	// over every lane's address, whichever array it chose. It is not
	// among the context's accesses; nil for any other access.
	Request *Access
	// Unpriced, when not "", says why the access cannot be priced
	// exactly (a Request whose choice of address cannot be written as
	// arithmetic: the lanes choose by data).
	Unpriced string
	// Alts, for such a Request, are the addresses of its alternatives,
	// one of which each lane takes (Addr is the first): the request is
	// then priced by a bound over every choice (model.SharedBound), or,
	// where their values are not known either, not at all, for Unpriced.
	Alts []affine.Expr
}

// Space returns "shared" or "global".
func (a *Access) Space() string { return a.Array.Space.String() }

// Verb names the kind of access for messages: "load" or "store".
func (a *Access) Verb() string {
	if a.Store {
		return "store"
	}
	return "load"
}

// Action is what a race message says the thread does: "updates" for an
// atomic, "writes" for a store, "reads" otherwise.
func (a *Access) Action() string {
	switch {
	case a.Atomic:
		return "updates"
	case a.Store:
		return "writes"
	}
	return "reads"
}

// Shared reports whether a is a shared-memory access.
func (a *Access) Shared() bool { return a.Array.Space == SpaceShared }

// Guard returns the predicate of the lanes that take part.
func (a *Access) Guard() affine.Pred { return GuardOf(a.Ctrl) }

func GuardOf(ctrl []Ctrl) affine.Pred {
	g := affine.True
	for _, c := range ctrl {
		g = affine.AndP(g, c.Pred)
	}
	return g
}

// CtrlKind says what kind of control a condition comes from.
type CtrlKind uint8

// Control kinds.
const (
	CtrlIf   CtrlKind = iota // the then-branch of an if (or a switch case)
	CtrlElse                 // the else-branch
	CtrlLoop                 // the condition of an enclosing loop
	CtrlExit                 // lanes that did not leave by an earlier return, break or continue
)

// Ctrl is one condition that decides whether a thread reaches a point.
type Ctrl struct {
	Kind CtrlKind
	Pred affine.Pred // the threads that continue
	Pos  token.Pos   // the condition, or the return/break/continue
	Text string      // the condition's source text
	Via  string      // for CtrlExit: "return", "break", "continue", "panic"
}

// Loop is a loop enclosing an event.
type Loop struct {
	Pos    token.Pos
	Text   string     // the loop header
	Var    affine.Sym // the induction variable (or its iteration count)
	HasVar bool
	Domain []int64 // the values of Var when they can be enumerated
	// Cond is the per-thread condition to stay in the loop.
	Cond affine.Pred
}

// SyncKind is the kind of a synchronisation or warp-collective event.
type SyncKind uint8

// Synchronisation kinds.
const (
	SyncThreads SyncKind = iota
	SyncWarp
	ClusterSync
	Shuffle
	Vote
	MapShared // MapSharedRank / MapSharedRankSlice
	Fence
)

// Sync is one call of a barrier, warp collective or cluster operation.
type Sync struct {
	Kind  SyncKind
	Call  *ast.CallExpr
	Name  string      // the simt function or method
	Mask  affine.Expr // SyncWarp, shuffles, votes
	Lane  affine.Expr // shuffles: srcLane, delta or laneMask
	Width affine.Expr // shuffles: the width (32 unless given)
	Rank  affine.Expr // MapShared: the target rank
	Ctrl  []Ctrl
	Loops []*Loop
	Calls []token.Pos
	Seq   int
	Ctx   *Context
}

// Guard returns the predicate of the threads that reach the call.
func (s *Sync) Guard() affine.Pred { return GuardOf(s.Ctrl) }

// Exit is a statement by which threads leave the normal flow of a kernel
// context: a return, break, continue, goto or panic. The interpreter
// records where they are and under which conditions they run, so that the
// checks can tell which later or repeated events the leaving threads miss.
type Exit struct {
	Stmt ast.Stmt
	Via  string    // "return", "break", "continue", "goto", "panic"
	Pos  token.Pos // the statement
	// Target is, for a labelled branch or a goto, the position of the
	// label's statement; token.NoPos otherwise.
	Target token.Pos
	Ctrl   []Ctrl
	Loops  []*Loop
	Calls  []token.Pos
	Seq    int
}

// Guard returns the predicate of the threads that take the exit.
func (e *Exit) Guard() affine.Pred { return GuardOf(e.Ctrl) }

// Foreign reports whether the access lies in a file of another package,
// evaluated here because this package launches or calls its kernel.
func (a *Access) Foreign() bool { return a.InForeignFile }

// Anchor returns where a finding about the access is reported: the access
// itself, or, for an access in another package, the outermost call in
// this package that leads to it.
func (a *Access) Anchor() ast.Node {
	if a.InForeignFile && a.AnchorCall != nil {
		return a.AnchorCall
	}
	return a.Node
}
