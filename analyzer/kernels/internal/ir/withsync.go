package ir

import (
	"fmt"
	"go/token"
	"maps"

	"github.com/smemlint/smemlint/affine"
)

// WarpSyncAt is a SyncWarp a fix would insert: before the statement that
// spans [Before, End), with the lanes of Mask, reached under Ctrl inside
// Loops.
type WarpSyncAt struct {
	Before, End token.Pos
	Mask        uint32
	Ctrl        []Ctrl
	Loops       []*Loop
	// After, when set, places the call right after this access of c
	// instead (a statement split into a load and a store).
	After *Access
}

// WithSyncWarps returns a copy of c in which each insertion runs just
// before the first event of its statement, so that a fix that inserts
// SyncWarp calls can be checked by evaluating the kernel again; nil when a
// statement holds no event of c. The events are copies (their order
// numbers double to make room); symbols, arrays and loops are shared.
func (c *Context) WithSyncWarps(ins []WarpSyncAt) *Context {
	n := &Context{Kernel: c.Kernel, Pos: c.Pos, Shape: c.Shape, Arch: c.Arch, Syms: c.Syms,
		Arrays: c.Arrays, StaticShared: c.StaticShared, Meta: c.Meta, Tx: c.Tx, Ty: c.Ty, Tz: c.Tz,
		Pass: c.Pass, Config: c.Config}
	// The statements of positions are the same in the copy.
	c.stmtMu.Lock()
	n.stmtKeys = maps.Clone(c.stmtKeys)
	c.stmtMu.Unlock()
	for _, a := range c.Accesses {
		cp := *a
		cp.Seq, cp.Ctx = 2*a.Seq, n
		n.Accesses = append(n.Accesses, &cp)
	}
	for _, s := range c.Syncs {
		cp := *s
		cp.Seq, cp.Ctx = 2*s.Seq, n
		n.Syncs = append(n.Syncs, &cp)
	}
	for _, e := range c.Exits {
		cp := *e
		cp.Seq = 2 * e.Seq
		n.Exits = append(n.Exits, &cp)
	}
	for _, w := range ins {
		if w.After != nil {
			n.Syncs = append(n.Syncs, &Sync{Kind: SyncWarp, Name: "SyncWarp", Mask: affine.C(int64(w.Mask)),
				Ctrl: w.Ctrl, Loops: w.Loops, Calls: w.After.Calls, Seq: 2*w.After.Seq + 1, Ctx: n})
			continue
		}
		// One call per instance of the statement: a device function
		// called twice holds it twice (its accesses differ in Calls).
		first := map[string]*Access{}
		for _, a := range c.Accesses {
			if p := a.Node.Pos(); p >= w.Before && p < w.End {
				k := fmt.Sprint(a.Calls)
				if f, ok := first[k]; !ok || a.Seq < f.Seq {
					first[k] = a
				}
			}
		}
		if len(first) == 0 {
			return nil
		}
		for _, a := range first {
			n.Syncs = append(n.Syncs, &Sync{Kind: SyncWarp, Name: "SyncWarp", Mask: affine.C(int64(w.Mask)),
				Ctrl: w.Ctrl, Loops: w.Loops, Calls: a.Calls, Seq: 2*a.Seq - 1, Ctx: n})
		}
	}
	return n
}
