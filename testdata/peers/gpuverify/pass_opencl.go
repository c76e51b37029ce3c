package gpuverify

import "github.com/smemlint/smemlint/simt"

// peer: gpuverify testsuite/OpenCL/barrier_invariants/add_zero/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=128 grid=64
func addZero(t *simt.Thread, out []int32) {
	a := simt.Shared[[129]int32](t)
	tid := t.ThreadIdx.X
	a[tid] = 0
	t.SyncThreads()
	if tid%2 == 0 {
		a[tid] = a[tid] + a[tid+1]
	}
	t.SyncThreads()
	out[t.BlockIdx.X*128+tid] = a[tid]
}

// peer: gpuverify testsuite/OpenCL/barrier_invariants/all_different/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=128 grid=64
func allDifferent(t *simt.Thread) {
	a := simt.Shared[[128]int32](t)
	tid := t.ThreadIdx.X
	a[tid] = int32(tid)
	t.SyncThreads()
	a[tid]++
	t.SyncThreads()
	a[tid]++
	t.SyncThreads()
	a[tid]++
	t.SyncThreads()
	a[tid]++
	t.SyncThreads()
}

// peer: gpuverify testsuite/OpenCL/barrier_invariants/all_different_loop/kernel.cl (pass; 100000 iterations there, 1000 here, so that a simulated run takes a second, not a minute)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func allDifferentLoop(t *simt.Thread) {
	a := simt.Shared[[128]int32](t)
	tid := t.ThreadIdx.X
	a[tid] = int32(tid)
	for i := 0; i < 1000; i++ {
		t.SyncThreads()
		a[tid]++
	}
	t.SyncThreads()
}

// peer: gpuverify testsuite/OpenCL/barrier_invariants/conditional_barrier_invariant/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=8
func conditionalBarrierInvariant(t *simt.Thread) {
	a := simt.Shared[[16]int32](t)
	tid := t.ThreadIdx.X
	if tid%2 == 0 {
		a[2*tid] = int32(tid)
	} else {
		a[2*tid+1] = int32(tid)
	}
	t.SyncThreads()
}

// peer: gpuverify testsuite/OpenCL/barrier_invariants/ghost_array/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func ghostArray(t *simt.Thread, out []int32) {
	a := simt.Shared[[128]int32](t)
	tid := t.ThreadIdx.X
	a[tid] = int32(tid)
	for i := 0; i < 10000; i++ {
		a[tid]++
	}
	t.SyncThreads()
	out[t.BlockIdx.X*64+tid] = a[tid]
}

// peer: gpuverify testsuite/OpenCL/barrier_invariants/global_array/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=128
func barrierGlobalArray(t *simt.Thread, a []int32, out []int32) {
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	a[gid] = 0
	t.SyncThreads()
	out[gid] = a[gid]
}

// peer: gpuverify testsuite/OpenCL/barrier_invariants/jeroen_bug/kernel.cl (xfail there for its barrier invariant, which says nothing of races; no race)
// verdict: pass
//
//smemlint:launch block=128 grid=64
func jeroenBug(t *simt.Thread) {
	a := simt.Shared[[128]int32](t)
	tid := t.ThreadIdx.X
	a[tid] = int32(tid)
	t.SyncThreads()
	a[tid] = int32(tid) + 1
	t.SyncThreads()
}

// peer: gpuverify testsuite/OpenCL/barrier_invariants/ternary/kernel.cl (pass: B[A[(tid+1)%8]] is a permutation)
// verdict: pass
//
//smemlint:launch block=8
func barrierTernary(t *simt.Thread, out []int32) {
	a := simt.Shared[[8]int32](t)
	b := simt.Shared[[8]int32](t)
	tid := t.ThreadIdx.X
	if tid%2 == 0 {
		a[tid] = int32((tid + 2) % 8)
	} else {
		a[tid] = int32(tid)
	}
	t.SyncThreads()
	b[a[(tid+1)%8]] = int32(tid)
	t.SyncThreads()
	off := 3
	if tid%2 == 0 {
		off = 1
	}
	out[tid] = b[(tid+off)%8]
}

// peer: gpuverify testsuite/OpenCL/barrier_invariants/test_all_unary_low/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=128 grid=64
func allUnaryLow(t *simt.Thread, out []int32, arbitrary int) {
	b := simt.Shared[[128]int32](t)
	c := simt.Shared[[128]int32](t)
	d := simt.Shared[[128]int32](t)
	tid := t.ThreadIdx.X
	b[tid] = int32(tid)
	c[tid] = int32(tid)
	d[tid] = int32(tid)
	t.SyncThreads()
	if arbitrary >= 0 && arbitrary < 128 {
		out[t.BlockIdx.X*128+tid] = b[arbitrary] + c[arbitrary] + d[arbitrary]
	}
}

// peer: gpuverify testsuite/OpenCL/barrier_invariants/tid_barrier_invariant/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=128 grid=64
func tidBarrierInvariant(t *simt.Thread, out []int32) {
	a := simt.Shared[[128]int32](t)
	a[t.ThreadIdx.X] = int32(t.ThreadIdx.X)
	t.SyncThreads()
	out[t.BlockIdx.X*128+t.ThreadIdx.X] = a[t.ThreadIdx.X]
}

// peer: gpuverify testsuite/OpenCL/barrier_invariants/wrap_around/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=8
func wrapAround(t *simt.Thread) {
	a := simt.Shared[[8]int32](t)
	b := simt.Shared[[8]int32](t)
	tid := t.ThreadIdx.X
	a[tid] = int32(tid)
	t.SyncThreads()
	b[a[(tid+1)%8]] = int32(tid)
}

// peer: gpuverify testsuite/OpenCL/benign_race_tests/pass/writeafterread/kernel.cl (pass there: benign, the value written is the value read; a race under CUDA's memory model)
// verdict: race smemrace
//
//smemlint:launch block=64
func writeAfterRead(t *simt.Thread) {
	a := simt.Shared[[1]int32](t)
	v := a[0]
	a[0] = v
}

// peer: gpuverify testsuite/OpenCL/benign_race_tests/pass/writeinloop/kernel.cl (pass there: benign, every thread writes 42; a race under CUDA's memory model)
// verdict: race smemrace
//
//smemlint:launch block=64 grid=64
func writeInLoop(t *simt.Thread, start, end int) {
	a := simt.Shared[[1]int32](t)
	for i := start; i < end; i++ {
		a[0] = 42
	}
}

// peer: gpuverify testsuite/OpenCL/benign_race_tests/pass/writetiddiv64/kernel.cl (pass there: benign, tid/64 is 0 for all 64 threads; a race under CUDA's memory model)
// verdict: race smemrace
//
//smemlint:launch block=64 grid=64
func writeTidDiv64(t *simt.Thread, i int) {
	a := simt.Shared[[64]int32](t)
	if i < 0 || i >= 64 {
		return
	}
	a[i] = int32(t.ThreadIdx.X / 64)
}

// peer: gpuverify testsuite/OpenCL/benign_race_tests/pass/writezero/kernel.cl (pass there: benign, every thread writes 0; a race under CUDA's memory model)
// verdict: race smemrace
//
//smemlint:launch block=64 grid=64
func writeZero(t *simt.Thread) {
	a := simt.Shared[[1]int32](t)
	a[0] = 0
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/pass/local_barrier_flag/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=1024 grid=1024
func localBarrierFlag(t *simt.Thread) {
	p := simt.Shared[[1025]int32](t)
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	p[t.ThreadIdx.X] = int32(gid)
	t.SyncThreads()
	p[t.ThreadIdx.X+1] = int32(gid)
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/fail/missing_local_barrier_flag/kernel.cl (xfail there: barrier(CLK_GLOBAL_MEM_FENCE) does not fence local memory; __syncthreads fences both, so no race under CUDA)
// verdict: pass
//
//smemlint:launch block=1024 grid=1024
func missingLocalFlag(t *simt.Thread) {
	p := simt.Shared[[1025]int32](t)
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	p[t.ThreadIdx.X] = int32(gid)
	t.SyncThreads()
	p[t.ThreadIdx.X+1] = int32(gid)
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/pass/local_id_benign_write_write/kernel.cl (pass there: benign, every group writes the same values; a race between blocks under CUDA's memory model)
// verdict: race globalrace
//
//smemlint:launch block=1024 grid=1024
func localIDBenign(t *simt.Thread, p []int32) {
	p[t.ThreadIdx.X] = int32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/pass/read_then_write/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=1024 grid=1024
func readThenWriteFlag(t *simt.Thread, out []int32) {
	p := simt.Shared[[1]int32](t)
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = p[0]
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 1 {
		p[0] = 0
	}
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/pass/write_then_read/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=1024 grid=1024
func writeThenReadFlag(t *simt.Thread, out []int32) {
	p := simt.Shared[[1]int32](t)
	if t.ThreadIdx.X == 0 {
		p[0] = int32(t.ThreadIdx.X)
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 1 {
		out[t.BlockIdx.X] = p[0]
	}
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/fail/bad_write_then_read/kernel.cl (xfail there: thread 0's barrier has no local fence; __syncthreads always fences, so no race under CUDA)
// verdict: pass
//
//smemlint:launch block=1024 grid=1024
func badWriteThenReadFlag(t *simt.Thread, out []int32) {
	p := simt.Shared[[1]int32](t)
	if t.ThreadIdx.X == 0 {
		p[0] = int32(t.ThreadIdx.X)
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 1 {
		out[t.BlockIdx.X] = p[0]
	}
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/fail/bad_read_then_write/kernel.cl (xfail there: the barrier of thread 1 has no local fence; __syncthreads always fences, so no race under CUDA)
// verdict: pass
//
//smemlint:launch block=1024 grid=1024
func badReadThenWriteFlag(t *simt.Thread, out []int32) {
	p := simt.Shared[[1]int32](t)
	out[t.BlockIdx.X*1024+t.ThreadIdx.X] = p[0]
	t.SyncThreads()
	if t.ThreadIdx.X == 1 {
		p[0] = 0
	}
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/pass/sync_within_group/kernel.cl (pass with one group here; across 1024 groups the last thread of one and the first of the next race, as interGroupWrongFlag)
// verdict: pass
//
//smemlint:launch block=1024
func syncWithinGroup(t *simt.Thread, p []int32) {
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	p[g] = int32(g)
	t.SyncThreads()
	if t.ThreadIdx.X < t.BlockDim.X-1 {
		p[g+1] = int32(g)
	}
}

// peer: gpuverify testsuite/OpenCL/divergence/race_no_divergence/kernel.cl (pass with --only-divergence; B[0] is written by every thread, a race the suite does not look for)
// verdict: race globalrace
//
//smemlint:launch block=1024
func raceNoDivergence(t *simt.Thread, a, b []int32) {
	tmp := a[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X]
	t.SyncThreads()
	b[0] = tmp
}

// peer: gpuverify testsuite/OpenCL/divergence/race_and_divergence/kernel.cl (xfail: barrier reached by non-uniform control flow; with --only-divergence, so the race on B[0] is not its verdict)
// verdict: divergence
//
//smemlint:launch block=1024
func raceAndDivergence(t *simt.Thread, a, b []int32) {
	tmp := a[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X]
	if tmp == 0 {
		t.SyncThreads()
	}
	b[t.ThreadIdx.X] = tmp
}

// peer: gpuverify testsuite/OpenCL/sourcelocation_tests/barrier_divergence/fail/kernel.cl (xfail: barrier reached by non-uniform control flow)
// verdict: divergence
//
//smemlint:launch block=1024 grid=1024
func barrierDivergenceFail(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	if t.ThreadIdx.X == 3 {
		t.SyncThreads()
	}
	a[t.ThreadIdx.X] = int32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/sourcelocation_tests/barrier_divergence/pass/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=1024 grid=1024
func barrierDivergencePass(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	b := simt.Shared[[1024]int32](t)
	a[t.ThreadIdx.X] = int32(t.ThreadIdx.X)
	t.SyncThreads()
	b[t.ThreadIdx.X] = int32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/barrier_intervals/test2/kernel.cl (xfail: barrier reached by non-uniform control flow, tid == 0)
// verdict: divergence
//
//smemlint:launch block=16 grid=16
func barrierIntervals2(t *simt.Thread) {
	p := simt.Shared[[16]int32](t)
	tid := t.ThreadIdx.X
	p[tid] = int32(tid)
	if tid == 0 {
		t.SyncThreads()
	}
	p[tid] = int32(tid)
	t.SyncThreads()
	p[tid] = int32(tid)
}

// peer: gpuverify testsuite/OpenCL/barrier_intervals/test1/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=16 grid=16
func barrierIntervals1(t *simt.Thread) {
	p := simt.Shared[[16]int32](t)
	tid := t.ThreadIdx.X
	p[tid] = int32(tid)
	t.SyncThreads()
	p[tid] = int32(tid)
	t.SyncThreads()
	p[tid] = int32(tid)
}

// peer: gpuverify testsuite/OpenCL/barrier_intervals/test3/kernel.cl (pass: the second loop is under a condition every thread reads from one word after a barrier)
// verdict: pass
//
//smemlint:launch block=16 grid=16
func barrierIntervals3(t *simt.Thread) {
	p := simt.Shared[[16]int32](t)
	tid := t.ThreadIdx.X
	for i := 0; i < 100; i++ {
		t.SyncThreads()
		p[tid] = int32(tid)
		t.SyncThreads()
	}
	if p[0] == 22 {
		for i := 0; i < 100; i++ {
			t.SyncThreads()
			p[tid] = int32(tid)
			t.SyncThreads()
		}
	}
}

// peer: gpuverify testsuite/OpenCL/sourcelocation_tests/races/pass/no_race/kernel.cl (pass: the two branches split the threads)
// verdict: pass
//
//smemlint:launch block=1024 grid=1024
func noRaceBranches(t *simt.Thread) {
	p := simt.Shared[[1024]int32](t)
	q := simt.Shared[[1024]int32](t)
	r := simt.Shared[[1024]int32](t)
	tid := t.ThreadIdx.X
	if tid > 10 {
		p[tid] = q[tid]
	}
	if tid <= 10 {
		r[tid] = p[tid]
	}
}

// peer: gpuverify testsuite/OpenCL/sourcelocation_tests/races/pass/read_read/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=1024 grid=1024
func readRead(t *simt.Thread) {
	p := simt.Shared[[1024]int32](t)
	q := simt.Shared[[1024]int32](t)
	r := simt.Shared[[1024]int32](t)
	tid := t.ThreadIdx.X
	p[tid] = q[tid]
	r[tid] = q[tid]
}

// peer: gpuverify testsuite/OpenCL/sourcelocation_tests/races/fail/write_read/kernel.cl (xfail: write-read race on a[3])
// verdict: race smemrace
//
//smemlint:launch block=1024 grid=1024
func writeReadA3(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	b := simt.Shared[[1024]int32](t)
	a[t.ThreadIdx.X] = int32(t.ThreadIdx.X)
	b[t.ThreadIdx.X] = a[3]
}

// peer: gpuverify testsuite/OpenCL/test_mod_invariants/global_direct/kernel.cl (pass: 128 threads, stride 256, distinct words)
// verdict: pass
//
//smemlint:launch block=16 grid=8
func globalDirect(t *simt.Thread, a []int32) {
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for i := gid; i < 1024; i += 256 {
		a[i] = int32(t.ThreadIdx.X)
	}
}

// peer: gpuverify testsuite/OpenCL/return_tests/id_dependent_return/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func idDependentReturn(t *simt.Thread, out []int32) {
	if t.ThreadIdx.X < 25 {
		return
	}
	out[t.BlockIdx.X*64+t.ThreadIdx.X] = 1
}
