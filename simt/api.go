// Package simt is the kernel API of smemlint: GPU kernels written in plain
// Go against a simulated SIMT machine, and the executor that runs them.
//
// A kernel is a function whose first parameter is *Thread. Shared memory is
// a Go array obtained with Shared (or a slice from DynamicShared); global
// memory is a Go slice, usually from Malloc. Arguments reach the kernel
// through a closure:
//
//	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 32, Y: 32}, Block: simt.Dim3{X: 32, Y: 8}},
//		func(t *simt.Thread) { Transpose(t, out, in, n) })
//
// Launch never panics and never leaves a goroutine behind: an invalid
// configuration, a divergent barrier, a shuffle naming an absent lane, an
// out-of-range index or any other panic in a kernel comes back as a
// *LaunchError naming the kernel, the block and thread, and the source
// position. The one exception is a goroutine the kernel starts itself: it
// is no thread of the launch, so its simt calls fail the launch, but a
// panic in it ends the process, since Go recovers a panic only on the
// goroutine where it happens, and Launch, given a function value, cannot
// see the go statement before it runs. smemlint names, before anything
// runs, every go statement a kernel reaches: in its body, in a closure,
// and in the functions it calls, with the chain of calls.
//
// These names are a contract: corpora and examples are written against
// them, and smemlint's analyzers recognise them.
//
// # Execution
//
// Threads are numbered x + y*Bx + z*Bx*By within their block; warp w holds
// threads 32w to 32w+31, and a partial last warp has absent lanes. A block,
// or all blocks of a cluster, is a scheduling group: exactly one of its
// threads runs at a time, until it waits at a barrier or warp collective or
// exits; then the first thread released from a wait runs, else the next
// thread not yet started. Execution within a group is deterministic, and
// code that relies on warp lockstep without SyncWarp is exposed. Groups run
// in parallel, one per processor.
//
// # Shared memory layout
//
// Each block has one shared-memory arena. A thread's k-th Shared call
// returns the block's k-th static array. The arrays, and the dynamic
// region of DynamicShared, take arena offsets in the order the block first
// asks for them, each at the next multiple of 16 bytes: a block that calls
// Shared[[3]float32], then DynamicShared, then Shared[[5]float64] with
// SharedBytes 10 places them at offsets 0, 16 and 32. An array a block
// first reaches through MapSharedRank is placed when it is mapped. Static
// arrays, each rounded up to 16 bytes, count against the architecture's
// static limit, and with Config.SharedBytes against its per-block maximum.
package simt

import (
	"time"

	"github.com/smemlint/smemlint/model"
)

// WarpSize is the number of threads in a warp.
const WarpSize = model.WarpSize

// Dim3 is a grid, block or cluster shape, or a position in one. A zero Y or
// Z means 1 in a shape, as CUDA's dim3 defaults.
type Dim3 struct{ X, Y, Z int }

// Number is the set of element types that shuffles and atomics accept.
type Number interface {
	~int32 | ~uint32 | ~int64 | ~uint64 | ~float32 | ~float64
}

// Integer is the set of element types of the bitwise atomics.
type Integer interface {
	~int32 | ~uint32 | ~int64 | ~uint64
}

// Config is a launch configuration: kernel<<<Grid, Block, SharedBytes>>>
// with an optional cluster shape (cudaLaunchAttributeClusterDimension).
type Config struct {
	Grid, Block, Cluster Dim3
	SharedBytes          int    // dynamic shared memory per block, in bytes
	Arch                 string // architecture profile; "sm_90" when empty
	// Name names the kernel in errors. When empty, the name is taken from
	// the function the launch closure calls.
	Name string
	// Timeout, when positive, bounds the launch: a kernel still running
	// after it (a thread spinning forever, which no scheduler can preempt)
	// makes Launch return a KindTimeout error instead of hanging. The
	// stuck threads cannot be stopped: they keep their goroutines until
	// they end, and later launches may wait for those.
	Timeout time.Duration
	// Sequential runs the blocks (clusters) one after another in index
	// order instead of in parallel. Everything else about a launch is
	// deterministic already; this makes floating-point atomics across
	// blocks, whose rounding depends on their order, reproducible too.
	Sequential bool
}
