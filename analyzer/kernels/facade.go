package kernels

import (
	"go/token"
	"sync"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/enum"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/front"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/pairs"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/search"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/uniform"
	"github.com/smemlint/smemlint/internal/simtapi"
)

// The checks see the engines through this package: the types of the
// evaluation (internal/ir) under their old names, and a Context whose
// methods ask the engines.

// SimtPath is the import path of the kernel API.
const SimtPath = simtapi.SimtPath

// What the evaluation of a context records (internal/ir).
type (
	Access      = ir.Access
	Array       = ir.Array
	Ctrl        = ir.Ctrl
	CtrlKind    = ir.CtrlKind
	Dim         = ir.Dim
	Exit        = ir.Exit
	Loop        = ir.Loop
	Note        = ir.Note
	Shape       = ir.Shape
	ShapeSource = ir.ShapeSource
	Sync        = ir.Sync
	SyncKind    = ir.SyncKind
	SourceFact  = front.SourceFact
	Fault       = ir.Fault
)

// Control kinds, synchronisation kinds and shape sources (internal/ir).
const (
	CtrlIf   = ir.CtrlIf
	CtrlElse = ir.CtrlElse
	CtrlLoop = ir.CtrlLoop
	CtrlExit = ir.CtrlExit

	SyncThreads = ir.SyncThreads
	SyncWarp    = ir.SyncWarp
	ClusterSync = ir.ClusterSync
	Shuffle     = ir.Shuffle
	Vote        = ir.Vote
	MapShared   = ir.MapShared
	Fence       = ir.Fence

	FromLaunch    = ir.FromLaunch
	FromDirective = ir.FromDirective
	Assumed       = ir.Assumed
)

// The engines' answers.
type (
	Eval           = enum.Eval
	Request        = enum.Request
	Merge          = enum.Merge
	Level          = uniform.Level
	Split          = uniform.Split
	MaskFault      = uniform.MaskFault
	ClusterSplit   = uniform.ClusterSplit
	Conflict       = pairs.Conflict
	PairQuery      = pairs.PairQuery
	ConflictFinder = pairs.ConflictFinder
	Race           = pairs.Race
	Unchecked      = pairs.Unchecked
	Degenerate     = pairs.Degenerate
	RaceScope      = pairs.Scope
	Search         = search.Search
)

// Uniformity levels (internal/uniform).
const (
	Varying      = uniform.Varying
	WarpUniform  = uniform.WarpUniform
	BlockUniform = uniform.BlockUniform
	GridUniform  = uniform.GridUniform
)

// Race scopes (internal/pairs): the check that owns a race.
const (
	InWarp       = pairs.InWarp
	AcrossWarps  = pairs.AcrossWarps
	AcrossBlocks = pairs.AcrossBlocks
)

// LargePitch is the value a row pitch takes to tell a race for any pitch
// from one of overlapping rows (see Degenerate).
const LargePitch = pairs.LargePitch

// FullMask is the mask of every lane of a warp.
const FullMask = uniform.FullMask

// FormatThreads describes a set of threads of a block: "threads 512..1023".
func FormatThreads(set []bool) string { return report.Threads(set) }

// FormatLanes describes a lane mask: "lanes 16..31", "lane 0".
func FormatLanes(mask uint64) string { return report.LaneRanges(mask) }

// Context is one kernel evaluated under one launch shape: the record of
// internal/ir, with the engines' questions as methods.
type Context struct {
	*ir.Context
	races *raceMemo
}

// raceMemo holds the race decision of a context, made once for the
// checks that share it.
type raceMemo struct {
	once      sync.Once
	list      []*Race
	unchecked []*Unchecked
}

// wrap returns the Context of a newly evaluated record, once for each.
func wrap(c *ir.Context) *Context {
	if c == nil {
		return nil
	}
	w := &Context{Context: c, races: &raceMemo{}}
	c.SetView(w)
	return w
}

// Of returns the Context of an event's Ctx: the one Result holds.
func Of(c *ir.Context) *Context {
	if w, ok := c.View().(*Context); ok {
		return w
	}
	return &Context{Context: c, races: &raceMemo{}}
}

// Evaluate computes the requests an access makes (see enum.Evaluate).
func (c *Context) Evaluate(a *Access) *Eval {
	defer c.Charge(ir.StartMeter())
	return enum.Evaluate(c.Context, a)
}

// Merges lists the loads an optimising compiler may merge into vector
// loads (see enum.Merges).
func (c *Context) Merges() []*Merge { return enum.Merges(c.Context) }

// Judge is Evaluate for the checks, remembered per access (see enum.Judge).
func (c *Context) Judge(a *Access) *Eval {
	defer c.Charge(ir.StartMeter())
	return enum.Judge(c.Context, a)
}

// PredLevel returns the uniformity of a condition.
func (c *Context) PredLevel(p affine.Pred) (l Level) {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(token.NoPos, "judging the uniformity of a condition", func() { l = GridUniform })
	return uniform.PredLevel(c.Context, p)
}

// ExprLevel returns the uniformity of an integer value.
func (c *Context) ExprLevel(e affine.Expr) (l Level) {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(token.NoPos, "judging the uniformity of a value", func() { l = GridUniform })
	return uniform.ExprLevel(c.Context, e)
}

// VaryingData returns a data symbol of p that may differ between lanes.
func (c *Context) VaryingData(p affine.Pred) (affine.Sym, bool) {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(token.NoPos, "looking for lane-varying data", nil)
	return uniform.VaryingData(c.Context, p)
}

// BlockSplit finds values under which p splits a block.
func (c *Context) BlockSplit(within, p affine.Pred) *Split {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(token.NoPos, "looking for values that split a block", nil)
	return uniform.BlockSplit(c.Context, within, p)
}

// WarpSplit finds values under which p splits a warp.
func (c *Context) WarpSplit(within, p affine.Pred) *Split {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(token.NoPos, "looking for values that split a warp", nil)
	return uniform.WarpSplit(c.Context, within, p)
}

// WithoutWarpUniform drops the warp-uniform conjuncts of p.
func (c *Context) WithoutWarpUniform(p affine.Pred, unknownOnly bool) (q affine.Pred) {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(token.NoPos, "dropping warp-uniform conditions", func() { q = p })
	return uniform.WithoutWarpUniform(c.Context, p, unknownOnly)
}

// MaskFault finds a warp whose collective mask names a lane that does not
// make the call.
func (c *Context) MaskFault(guard affine.Pred, mask affine.Expr) *MaskFault {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(token.NoPos, "checking a warp collective's mask", nil)
	return uniform.FindMaskFault(c.Context, guard, mask)
}

// ClusterSplit finds values under which p splits a cluster.
func (c *Context) ClusterSplit(p affine.Pred) *ClusterSplit {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(token.NoPos, "looking for values that split a cluster", nil)
	return uniform.FindClusterSplit(c.Context, p)
}

// WarpMask returns the lanes of the warp env's thread for which p holds.
func (c *Context) WarpMask(p affine.Pred, env affine.Env) (uint64, bool) {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(token.NoPos, "computing a warp's lanes", nil)
	return uniform.WarpMask(c.Context, p, env)
}

// CollectiveGuard returns the lanes that reach a warp collective or one of
// its alternatives.
func (c *Context) CollectiveGuard(s *Sync) (g affine.Pred) {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(s.Call.Pos(), "matching a warp collective with its alternatives", func() { g = s.Guard() })
	return uniform.CollectiveGuard(c.Context, s)
}

// SkippingExits returns the exits that let threads skip s.
func (c *Context) SkippingExits(s *Sync) []*Exit {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(s.Call.Pos(), "looking for exits that skip a barrier", nil)
	return uniform.SkippingExits(c.Context, s)
}

// Culprit returns the first condition of ctrl that some threads fail.
func (c *Context) Culprit(ctrl []Ctrl, env affine.Env, threads []int) int {
	defer c.Charge(ir.StartMeter())
	defer c.Catch(token.NoPos, "naming the condition threads fail", nil)
	return uniform.Culprit(c.Context, ctrl, env, threads)
}

// WarpThreads returns the linear indices of the lanes of mask in warp w.
func (c *Context) WarpThreads(w int, mask uint64) []int {
	defer c.Charge(ir.StartMeter())
	return uniform.WarpThreads(c.Context, w, mask)
}

// FindConflict finds two threads that touch the same bytes through a and b.
// (ConflictFinder.Find charges the time.)
func (c *Context) FindConflict(a, b *Access, q PairQuery) *Conflict {
	defer c.Catch(a.Node.Pos(), "searching for threads that race", nil)
	return pairs.FindConflict(c.Context, a, b, q)
}

// Races decides once which pairs of sites race and which check owns each
// (see pairs.Races): warpsync and smemrace share the answer, so that one
// pair is never reported by both.
func (c *Context) Races() []*Race {
	c.races.once.Do(func() {
		defer c.Catch(token.NoPos, "deciding which sites race", nil)
		c.races.list, c.races.unchecked = pairs.Decide(c.Context)
	})
	return c.races.list
}

// Unchecked returns the sites with no race whose races with another site
// depend on data (see pairs.Decide), decided with Races.
func (c *Context) Unchecked() []*Unchecked {
	c.Races()
	return c.races.unchecked
}

// Conflicts returns a pair search that keeps addresses between questions.
func (c *Context) Conflicts() *ConflictFinder { return pairs.Conflicts(c.Context) }

// NewSearch returns a search over the given uniform symbols.
func (c *Context) NewSearch(syms []affine.Sym) *Search {
	s := search.NewSearch(c.Context, syms)
	s.ChargeEach()
	return s
}

// Repad evaluates the context again with a Shared array padded.
func (c *Context) Repad(arr *Array, pad int64) *Context {
	defer c.Charge(ir.StartMeter())
	return wrap(c.Context.Repad(arr, pad))
}

// Hypotheses returns the values tried for an unknown stride.
func Hypotheses(complete bool) []int64 { return search.Hypotheses(complete) }

// AlignedFirst returns the stride hypotheses, large powers of two first.
func AlignedFirst() []int64 { return search.AlignedFirst() }

// CollectiveFault finds a warp whose lanes named by the warp collective
// s's mask do not all make the call, and the exit behind it, if any.
func (c *Context) CollectiveFault(s *Sync) (*MaskFault, *Exit) {
	defer c.Catch(s.Call.Pos(), "checking a warp collective's mask", nil)
	return uniform.FindCollectiveFault(c.Context, s)
}

// WarpSyncAt is a SyncWarp a fix would insert (see RacesWithSyncWarps).
type WarpSyncAt = ir.WarpSyncAt

// RacesWithSyncWarps decides the races of the statements stmts (as
// StmtKey gives them) again with the given SyncWarp calls inserted, to
// check a fix before it is offered, in the kernel's order until stop
// (when not nil) holds for a race; false when an insertion has no place
// in the context. Only the statements a fix is for are decided: a site's
// race does not depend on the others' (see pairs.RacesAt).
func (c *Context) RacesWithSyncWarps(ins []WarpSyncAt, stmts []any, stop func(*Race) bool) ([]*Race, bool) {
	defer c.Catch(token.NoPos, "checking a SyncWarp fix", nil)
	n := c.Context.WithSyncWarps(ins)
	if n == nil {
		return nil, false
	}
	return pairs.RacesAt(n, stmts, stop), true
}
