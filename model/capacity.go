package model

import (
	"fmt"
	"math"
)

// Occupancy is how many blocks of one kernel fit on a streaming
// multiprocessor, and what limits them.
type Occupancy struct {
	BlocksPerSM int
	Limiter     string // "shared memory", "threads" or "blocks"
}

// OccupancyOf returns the blocks per SM for blocks of threads threads that
// use sharedBytes of shared memory (static and dynamic together).
func (a *Arch) OccupancyOf(threads, sharedBytes int) Occupancy {
	o := Occupancy{BlocksPerSM: a.MaxBlocksPerSM, Limiter: "blocks"}
	if threads > 0 {
		if byThreads := a.MaxThreadsPerSM / threads; byThreads < o.BlocksPerSM {
			o = Occupancy{byThreads, "threads"}
		}
	}
	if sharedBytes > 0 {
		if byShared := a.SharedPerSM / (sharedBytes + a.ReservedSharedBlock); byShared < o.BlocksPerSM {
			o = Occupancy{byShared, "shared memory"}
		}
	}
	return o
}

// CheckSharedSize reports whether a block's shared memory fits: static
// declarations within StaticSharedPerBlock, everything within
// MaxSharedPerBlock.
func (a *Arch) CheckSharedSize(static, dynamic int) error {
	if static < 0 || dynamic < 0 {
		return fmt.Errorf("negative shared-memory size (static %d, dynamic %d bytes)", static, dynamic)
	}
	if static > a.StaticSharedPerBlock {
		return fmt.Errorf("static shared memory %s exceeds the %s a block may declare statically on %s",
			Bytes(static), Bytes(a.StaticSharedPerBlock), a.Name)
	}
	if dynamic > a.MaxSharedPerBlock-static { // static+dynamic may overflow
		total := "more than " + Bytes(math.MaxInt)
		if dynamic <= math.MaxInt-static {
			total = Bytes(static + dynamic)
		}
		return fmt.Errorf("shared memory %s (static %s + dynamic %s) exceeds the %s per block of %s",
			total, Bytes(static), Bytes(dynamic), Bytes(a.MaxSharedPerBlock), a.Name)
	}
	return nil
}

// Bytes formats a byte count the way CUDA documentation does: "48 KB" for
// whole kibibytes, "49156 bytes" otherwise.
func Bytes(n int) string {
	if n != 0 && n%kib == 0 {
		return fmt.Sprintf("%d KB", n/kib)
	}
	return fmt.Sprintf("%d bytes", n)
}

// SharedRegionAlign is the alignment of every region (Shared array or the
// dynamic region) of a block's shared arena in the simulator, which the
// analyzer reproduces: enough for the widest access, 16 bytes.
const SharedRegionAlign = 16

// GlobalAlign is the alignment cudaMalloc guarantees, and simt.Malloc
// reproduces: the analyzer assumes global slices start on it.
const GlobalAlign = 256
