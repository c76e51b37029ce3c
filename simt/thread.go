package simt

import "runtime"

// Thread is one kernel thread: its coordinates, and the handle through
// which the kernel reaches barriers, warp collectives, shared memory and
// its cluster. A *Thread is valid only inside its own kernel thread, while
// the launch runs.
type Thread struct {
	ThreadIdx, BlockIdx Dim3
	// BlockDim and GridDim are normalised: a zero Y or Z of the launch
	// configuration reads 1.
	BlockDim, GridDim Dim3

	g      *group
	b      *block
	c      *carrier // the goroutine that runs this thread
	cl     Cluster
	linear int32 // index in the block: x + y*Bx + z*Bx*By
	state  threadState

	// The wait this thread is parked in: kind, site and, for warp
	// collectives, the operands and the result.
	wait   waitKind
	pc     uintptr
	mask   uint32
	arg    int
	width  int
	val    uint64
	result uint64

	nshared int     // Shared calls made: the next is the block's nshared-th array
	csyncs  int     // Cluster().Sync calls completed
	mapPC   uintptr // site of a MapSharedRank of another block since the last Cluster().Sync
	mapRank int

	// Synchronisations passed, for traced runs: they separate the epochs
	// in which requests form and accesses may race (trace.go).
	barriers  int32 // SyncThreads calls completed
	warpSyncs int32 // SyncWarp calls completed
}

// enter checks that t is the thread running now and returns its group. A
// *Thread used after its launch, by another thread, or from a goroutine of
// the user's own panics: there is no error to return.
func (t *Thread) enter(op string) *group {
	if t == nil {
		panic(&apiPanic{"simt: " + op + " called on a nil *Thread"})
	}
	g := t.g
	if g == nil || g.running.Load() != t {
		if !onKernelThread() {
			fromGoroutine(g, op)
		}
		panic(&apiPanic{"simt: " + op + ": the *Thread is not the running kernel thread " +
			"(used after its launch, by another thread, or from another goroutine)"})
	}
	return g
}

// fromGoroutine ends a goroutine that a kernel started and that calls the
// kernel API while the launch runs: a panic there, where no launch
// recovers it, would end the process. The launch fails with the reason.
// After the launch it returns, and the caller panics as for any misuse.
func fromGoroutine(g *group, op string) {
	if g == nil || g.l.ended.Load() {
		return
	}
	msg := op + " called from a goroutine the kernel started; only kernel threads may call the simt API"
	g.l.fail(&LaunchError{Kind: KindMisuse, Kernel: g.l.kernelName(""), Msg: msg}, g.index)
	runtime.Goexit()
}

// LaneID returns the thread's lane in its warp.
func (t *Thread) LaneID() int {
	t.enter("LaneID")
	return int(t.linear) % WarpSize
}

// WarpID returns the index of the thread's warp within its block.
func (t *Thread) WarpID() int {
	t.enter("WarpID")
	return int(t.linear) / WarpSize
}

// ThreadFenceBlock is __threadfence_block. Threads of a block run one at a
// time, handing over through synchronising operations, so there is no
// reordering for it to prevent.
func (t *Thread) ThreadFenceBlock() { t.enter("ThreadFenceBlock") }

// ThreadFence is __threadfence. Atomics are sequentially consistent here,
// and plain accesses between blocks have no order to restore.
func (t *Thread) ThreadFence() { t.enter("ThreadFence") }

// barrierSite identifies a barrier: the program counters of the
// SyncThreads call and of the calls leading to it. A device function whose
// barrier is reached through two different calls holds two barriers, as
// CUDA compiles it, whether or not Go inlines the function. Every thread
// enters its kernel through the same call, so the frames below the kernel
// are the same for all of them.
type barrierSite [4]uintptr

// SyncThreads is __syncthreads: it waits until every thread of the block
// waits at this same call site (reached through the same calls). Threads that have exited never arrive, so
// a barrier some threads skip or return before is a deadlock, reported as
// a *LaunchError of KindDeadlock once no thread can move.
func (t *Thread) SyncThreads() {
	g := t.enter("SyncThreads")
	g.l.noteName()
	var site barrierSite
	runtime.Callers(2, site[:]) // the call site and the calls leading to it
	pc, b := site[0], t.b
	if b.barWait == 0 {
		b.barSite, b.barSplit = site, false
	} else if site != b.barSite {
		b.barSplit = true
	}
	b.barWait++
	t.wait, t.pc, t.state = waitBarrier, pc, stWaiting
	if b.barWait == len(b.threads) && !b.barSplit {
		b.barWait = 0
		g.releaseAll(b.threads)
	}
	g.park(t)
	t.barriers++
}
