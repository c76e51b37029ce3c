package model

// Arena is the layout of a block's shared memory, as the simulator
// allocates it and the analyzer assumes: the arrays in the order the block
// first asks for them (static Shared arrays and the dynamic region), each
// at the next multiple of SharedRegionAlign. Static arrays count toward
// the per-block static limit each rounded up to SharedRegionAlign.
type Arena struct {
	end    int64
	static int64
}

// AlignShared rounds n up to a multiple of SharedRegionAlign.
func AlignShared(n int64) int64 {
	return (n + SharedRegionAlign - 1) &^ (SharedRegionAlign - 1)
}

// Place adds an array of size bytes and returns its offset in the arena.
func (a *Arena) Place(size int64, static bool) int64 {
	base := AlignShared(a.end)
	a.end = base + size
	if static {
		a.static += AlignShared(size)
	}
	return base
}

// End is the arena's size so far.
func (a *Arena) End() int64 { return a.end }

// Static is the static shared memory of the arrays placed so far, the
// figure StaticSharedPerBlock limits.
func (a *Arena) Static() int64 { return a.static }

// StaticWith is Static after one more static array of size bytes.
func (a *Arena) StaticWith(size int64) int64 { return a.static + AlignShared(size) }
