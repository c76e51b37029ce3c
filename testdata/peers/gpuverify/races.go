package gpuverify

import "github.com/smemlint/smemlint/simt"

// peer: gpuverify testsuite/CUDA/fail_tests/race_on_shared/kernel.cu (xfail: write-write race)
// verdict: race warpsync
//
//smemlint:launch block=16
func raceOnShared(t *simt.Thread) {
	a := simt.Shared[[16]int32](t)
	a[0] = int32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/CUDA/fail_tests/shared_int/kernel.cu (xfail: write-write race)
// verdict: race smemrace
//
//smemlint:launch block=64 grid=64
func sharedInt(t *simt.Thread) {
	a := simt.Shared[int32](t)
	*a = int32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/shared_int/kernel.cl (xfail: write-write race)
// verdict: race smemrace
//
//smemlint:launch block=64 grid=64
func sharedIntCL(t *simt.Thread) {
	a := simt.Shared[[1]int32](t)
	a[0] = int32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/CUDA/param_values/value_causing_race/kernel.cu (xfail: write-write race with x = 185)
// verdict: race globalrace
//
//smemlint:launch block=512
func valueCausingRace(t *simt.Thread, a []float32, x int) {
	if t.ThreadIdx.X == 15 {
		a[t.ThreadIdx.X+x] = float32(t.ThreadIdx.X)
	}
	if t.ThreadIdx.X == 200 {
		a[t.ThreadIdx.X] = float32(t.ThreadIdx.X)
	}
}

// peer: gpuverify testsuite/CUDA/loop_unwind/kernel.cu (xfail: write-write race on B)
// verdict: race smemrace
//
//smemlint:launch block=512 grid=64
func loopUnwind(t *simt.Thread, a []float32) {
	b := simt.Shared[[256]float32](t)
	for i := 0; i < 10; i++ {
		b[i] = a[i]
	}
}

// peer: gpuverify testsuite/CUDA/misc/fail/miscfail3/kernel.cu (xfail: read-write race; offset is a parameter)
// verdict: race globalrace
//
//smemlint:launch block=1024
func miscFail3(t *simt.Thread, a []int32, offset int) {
	inlinedAdd(t, a, offset)
}

// inlinedAdd adds the element offset places on to each thread's own.
//
// device of: miscFail3
func inlinedAdd(t *simt.Thread, a []int32, offset int) {
	tmp := a[t.ThreadIdx.X+offset]
	a[t.ThreadIdx.X] += tmp
}

// peer: gpuverify testsuite/OpenCL/misc/fail/miscfail6/kernel.cl (xfail: read-write race, 0 <= offset < 2^23)
// verdict: race smemrace
//
//smemlint:launch block=1024
func miscFail6(t *simt.Thread, offset int) {
	a := simt.Shared[[2048]int32](t)
	if offset < 0 || offset >= 1024 {
		return
	}
	tmp := a[t.ThreadIdx.X+offset]
	a[t.ThreadIdx.X] += tmp
}

// peer: gpuverify testsuite/CUDA/pointertests/cast/kernel.cu (xfail: write-write race; bytes stored as words)
// verdict: race warpsync
//
//smemlint:launch block=32 grid=64
func pointerCast(t *simt.Thread) {
	x := simt.Shared[[8]uint32](t)
	for i := 0; i < 8; i++ {
		x[i] = uint32(t.ThreadIdx.X)
	}
}

// peer: gpuverify testsuite/CUDA/cooperative_groups/fail/race/kernel.cu (xfail: read-write race between blocks)
// verdict: race globalrace
//
//smemlint:launch block=32 grid=2
func coopRace(t *simt.Thread, a []int32) {
	idx := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	tmp := a[idx+1]
	a[idx] = tmp
}

// peer: gpuverify testsuite/CUDA/warpsync/bad_inter_group/kernel.cu (xfail --warp-sync=32: read-write race between blocks)
// verdict: race globalrace
//
//smemlint:launch block=128 grid=128
func badInterGroup(t *simt.Thread, a []int32) {
	a[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] += a[(t.BlockIdx.X+1)*t.BlockDim.X+t.ThreadIdx.X]
}

// peer: gpuverify testsuite/OpenCL/alignment/race_location/kernel.cl (xfail: write-write race on n[200])
// verdict: race globalrace
//
//smemlint:launch block=64 grid=64
func raceLocation(t *simt.Thread, n []int32) {
	n[200] = int32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/atomics/atomic_read_race/kernel.cl (xfail: read-atomic race)
// verdict: race smemrace
//
//smemlint:launch block=1024
func atomicReadRace(t *simt.Thread, out []int32) {
	a := simt.Shared[[1024]int32](t)
	x := a[t.ThreadIdx.X]
	simt.AtomicAdd(t, &a[0], 1)
	out[t.ThreadIdx.X] = x
}

// peer: gpuverify testsuite/OpenCL/atomics/pointers/kernel.cl (xfail: atomic-write race on A[12])
// verdict: race smemrace
//
//smemlint:launch block=1024
func atomicPointers(t *simt.Thread, c int) {
	a := simt.Shared[[1024]int32](t)
	b := simt.Shared[[1024]int32](t)
	tid := t.ThreadIdx.X
	p := &a[12]
	if c != 0 {
		p = &b[3]
	}
	a[tid] = simt.AtomicAdd(t, p, 1)
}

// peer: gpuverify testsuite/OpenCL/benign_race_tests/fail/writeafterread_addition/kernel.cl (xfail: read-write race)
// verdict: race smemrace
//
//smemlint:launch block=64
func writeAfterReadAddition(t *simt.Thread) {
	a := simt.Shared[[1]int32](t)
	v := a[0]
	a[0] = v + 1
}

// peer: gpuverify testsuite/OpenCL/benign_race_tests/fail/writeafterread_otherval/kernel.cl (xfail: read-write race)
// verdict: race smemrace
//
//smemlint:launch block=64
func writeAfterReadOtherVal(t *simt.Thread) {
	a := simt.Shared[[1]int32](t)
	b := simt.Shared[[64]int32](t)
	b[t.ThreadIdx.X] = a[0]
	a[0] = 5
}

// peer: gpuverify testsuite/OpenCL/benign_race_tests/fail/writereadarray_equality/kernel.cl (xfail: write-read race)
// verdict: race warpsync
//
//smemlint:launch block=2
func writeReadArrayEquality(t *simt.Thread, out []int32) {
	a := simt.Shared[[3]int32](t)
	a[t.ThreadIdx.X] = 0
	out[t.ThreadIdx.X] = a[t.ThreadIdx.X+1]
}

// peer: gpuverify testsuite/OpenCL/benign_race_tests/fail/writetiddiv64_offbyone/kernel.cl (xfail: write-write race; threads 63 and 64 write different values)
// verdict: race smemrace
//
//smemlint:launch block=65
func writeTidDiv64OffByOne(t *simt.Thread, i int) {
	a := simt.Shared[[65]int32](t)
	if i < 0 || i >= 65 {
		return
	}
	a[i] = int32(t.ThreadIdx.X / 64)
}

// peer: gpuverify testsuite/OpenCL/benign_race_tests/fail/writezero_nobenign/kernel.cl (xfail with --no-benign-tolerance: write-write race)
// verdict: race smemrace
//
//smemlint:launch block=64
func writeZeroNoBenign(t *simt.Thread) {
	a := simt.Shared[[1]int32](t)
	a[0] = 0
}

// peer: gpuverify testsuite/OpenCL/fresh_arrays/fail/global/kernel.cl (xfail: write-write race between groups; local_size 2048 is 1024 here)
// verdict: race globalrace
//
//smemlint:launch block=1024 grid=64
func freshGlobal(t *simt.Thread, q []float32) {
	q[t.ThreadIdx.X] = float32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
}

// peer: gpuverify testsuite/CUDA/fresh_arrays/fail/struct_float/kernel.cu (xfail: write-write race on q.p[0]; blockDim 2048 is 1024 here)
// verdict: race globalrace
//
//smemlint:launch block=1024 grid=64
func freshStructFloat(t *simt.Thread, p []float32) {
	p[0] = float32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/fail/local_id/kernel.cl (xfail: write-write race between groups)
// verdict: race globalrace
//
//smemlint:launch block=1024 grid=1024
func interGroupLocalID(t *simt.Thread, p []int32) {
	p[t.ThreadIdx.X] = int32(t.BlockIdx.X)
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/fail/sync/kernel.cl (xfail: a barrier does not order groups)
// verdict: race globalrace
//
//smemlint:launch block=1024 grid=1024
func interGroupSync(t *simt.Thread, p []int32) {
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	p[g] = int32(g)
	t.SyncThreads()
	p[g+1] = int32(g)
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/fail/sync_within_group_wrong_flag/kernel.cl (xfail: a barrier does not order groups)
// verdict: pass
//
// CUDA differs: SyncThreads orders global memory as well as shared memory
// for the threads of a block, and p[g+1] under ThreadIdx.X < BlockDim.X-1
// stays inside the block's own elements, so no two blocks touch one word;
// the suite's race is the OpenCL barrier whose flag leaves global memory
// unordered.
//
//smemlint:launch block=1024 grid=1024
func interGroupWrongFlag(t *simt.Thread, p []int32) {
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	p[g] = int32(g)
	t.SyncThreads()
	if t.ThreadIdx.X < t.BlockDim.X-1 {
		p[g+1] = int32(g)
	}
}

// peer: gpuverify testsuite/OpenCL/inter_group_and_barrier_flag_tests/fail/missing_global_barrier_flag/kernel.cl (xfail: the barrier's local flag does not order global memory; CUDA's barrier orders both, but not between blocks)
// verdict: pass
//
// CUDA differs: SyncThreads orders global memory as well as shared memory
// for the threads of a block, and p[g+1] under ThreadIdx.X < BlockDim.X-1
// stays inside the block's own elements, so no two blocks touch one word;
// the suite's race is the OpenCL barrier whose flag leaves global memory
// unordered.
//
//smemlint:launch block=1024 grid=1024
func missingGlobalFlag(t *simt.Thread, p []int32) {
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	p[g] = int32(g)
	t.SyncThreads()
	if t.ThreadIdx.X < t.BlockDim.X-1 {
		p[g+1] = int32(g)
	}
}

// peer: gpuverify testsuite/OpenCL/misc/fail/2d_array_race/kernel.cl (xfail: write-read race on L; local_size 64x64 is 32x32 here; the increment races with the store before and the load after)
// verdict: race smemrace 2
//
//smemlint:launch block=32x32 grid=8x8
func array2DRace(t *simt.Thread, g []int32) {
	l := simt.Shared[[33][32]int32](t)
	lx, ly := t.ThreadIdx.X, t.ThreadIdx.Y
	gx, gy := t.BlockIdx.X*32+lx, t.BlockIdx.Y*32+ly
	l[ly][lx] = g[gy*256+gx]
	l[ly+1][lx]++
	g[gy*256+gx] = l[ly][lx]
}

// peer: gpuverify testsuite/OpenCL/misc/fail/4d_array_race/kernel.cl (xfail: write-write race on L[1][2][3][3]; local_size 64x64 is 32x32 here)
// verdict: race smemrace
//
//smemlint:launch block=32x32 grid=8x8
func array4DRace(t *simt.Thread, g []int32) {
	l := simt.Shared[[2][3][4][5]int32](t)
	l[1][2][3][3] = g[t.BlockIdx.X*32+t.ThreadIdx.X]
}

// peer: gpuverify testsuite/OpenCL/misc/fail/4d_array_of_structs_race/kernel.cl (xfail: write-write race on a field of L[1][2][3][3])
// verdict: race smemrace
//
//smemlint:launch block=32x32 grid=8x8
func array4DStructRace(t *simt.Thread, g []float32) {
	l := simt.Shared[[2][3][4][5][4]float32](t)
	l[1][2][3][3][2] = g[(t.BlockIdx.X*32+t.ThreadIdx.X)*4]
}

// peer: gpuverify testsuite/OpenCL/misc/fail/4d_array_with_casting/kernel.cl (xfail: write-write race on L[1][2][3][3], the second store through a byte view; both are word stores here)
// verdict: race warpsync
//
//smemlint:launch block=64 grid=4
func array4DCasting(t *simt.Thread, g []int32) {
	l := simt.Shared[[2][3][4][5]int32](t)
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if gid == 0 {
		l[1][2][3][3] = g[gid]
	}
	if gid == 1 {
		l[1][2][3][3] = 42
	}
}

// peer: gpuverify testsuite/OpenCL/misc/fail/miscfail8/kernel.cl (xfail: read-write race on p)
// verdict: race warpsync
//
//smemlint:launch block=16 grid=2
func miscFail8(t *simt.Thread, out []int32) {
	p := simt.Shared[[17]int32](t)
	out[t.BlockIdx.X*16+t.ThreadIdx.X] = readOwn(t, p[:]) // one element per thread of the grid: out only keeps the value
	p[t.ThreadIdx.X+1] = int32(t.ThreadIdx.X)
}

// readOwn reads the thread's own element.
//
// device of: miscFail8
func readOwn(t *simt.Thread, p []int32) int32 {
	return p[t.ThreadIdx.X]
}

// peer: gpuverify testsuite/OpenCL/misc/fail/struct_member_race/kernel.cl (xfail: write-write race on G[3].y)
// verdict: race globalrace
//
//smemlint:launch block=64 grid=4
func structMemberRace(t *simt.Thread, g []int32) {
	g[3*2+1] = int32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/misc/fail/vector_element_race/kernel.cl (xfail: write-write race on G[3].y)
// verdict: race globalrace
//
//smemlint:launch block=64 grid=4
func vectorElementRace(t *simt.Thread, g []float32) {
	g[3*4+1] = float32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/sourcelocation_tests/races/fail/read_write/kernel.cl (xfail: read-write race on a[8])
// verdict: race smemrace
//
//smemlint:launch block=1024 grid=1024
func readWriteA8(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	b := simt.Shared[[1024]int32](t)
	b[t.ThreadIdx.X] = a[8]
	a[t.ThreadIdx.X] = int32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/sourcelocation_tests/race_from_call/kernel.cl (xfail: read-write race on p)
// verdict: race warpsync
//
//smemlint:launch block=16 grid=2
func raceFromCall(t *simt.Thread, out []int32) {
	p := simt.Shared[[17]int32](t)
	out[t.BlockIdx.X*16+t.ThreadIdx.X] = readOwnCall(t, p[:]) // one element per thread of the grid: out only keeps the value
	p[t.ThreadIdx.X+1] = int32(t.ThreadIdx.X)
}

// readOwnCall reads the thread's own element, not inlined in the suite.
//
// device of: raceFromCall
func readOwnCall(t *simt.Thread, p []int32) int32 {
	return p[t.ThreadIdx.X]
}

// peer: gpuverify testsuite/OpenCL/sourcelocation_tests/race_from_call_in_loop/kernel.cl (xfail: read-write race)
// verdict: race warpsync
//
//smemlint:launch block=16 grid=2
func raceFromCallInLoop(t *simt.Thread, out []int32) {
	p := simt.Shared[[17]int32](t)
	x := int32(0)
	for i := 0; i < 100; i++ {
		x += readOwnLoop(t, p[:])
	}
	p[t.ThreadIdx.X+1] = int32(t.ThreadIdx.X)
	out[t.BlockIdx.X*16+t.ThreadIdx.X] = x // one element per thread of the grid: out only keeps the value
}

// readOwnLoop reads the thread's own element.
//
// device of: raceFromCallInLoop
func readOwnLoop(t *simt.Thread, a []int32) int32 {
	return a[t.ThreadIdx.X]
}

// peer: gpuverify testsuite/OpenCL/sourcelocation_tests/race_with_loop/kernel.cl (xfail: read-write race between the loop's reads and the store)
// verdict: race smemrace
//
//smemlint:launch block=1024 grid=2
func raceWithLoop(t *simt.Thread) {
	p := simt.Shared[[1024]int32](t)
	x := int32(0)
	for i := 0; i < 100; i++ {
		x += p[i]
		x += p[i+1]
	}
	p[t.ThreadIdx.X] = x
}

// peer: gpuverify testsuite/OpenCL/test_for_benign_read_write_bug/kernel.cl (xfail: read-write race, p[0]++ by every thread)
// verdict: race smemrace
//
//smemlint:launch block=64 grid=64
func benignReadWriteBug(t *simt.Thread) {
	p := simt.Shared[[1]int16](t)
	p[0]++
}

// peer: gpuverify testsuite/OpenCL/misc/fail/miscfail3/kernel.cl (xfail: write-write race on A[0] in iteration i == 1)
// verdict: race warpsync
//
//smemlint:launch block=16
func miscFail3CL(t *simt.Thread) {
	a := simt.Shared[[16]int32](t)
	if t.ThreadIdx.X != 0 {
		a[t.ThreadIdx.X] = int32(t.ThreadIdx.X)
	}
	for i := 0; i < 100; i++ {
		if i == 1 {
			a[0] = int32(t.ThreadIdx.X)
		}
	}
}

// peer: gpuverify testsuite/OpenCL/report_global_id/test2/kernel.cl (xfail: write-write race on p[0] with x = 0; threads 0 and 7 lie in different groups)
// verdict: race globalrace
//
//smemlint:launch block=2 grid=5
func reportGlobalID(t *simt.Thread, p []int32, x int) {
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if gid == 0 {
		p[gid] = 0
	}
	if gid == 7 {
		p[x] = 45
	}
}

// peer: gpuverify testsuite/OpenCL/atomics/forloop/kernel.cl (xfail: atomic-write race on B)
// verdict: race smemrace
//
//smemlint:launch block=1024
func atomicForLoop(t *simt.Thread, x int) {
	b := simt.Shared[[1024]int32](t)
	var v int32
	for i := 0; i < x && i < 1024; i++ {
		v = simt.AtomicAdd(t, &b[i], v)
	}
	b[t.ThreadIdx.X] = v
}

// peer: gpuverify testsuite/OpenCL/misc/fail/miscfail1/kernel.cl (xfail: read-write race on C; c[tid+1] and c[tid+2] both cross warps)
// verdict: race smemrace 2
//
//smemlint:launch block=1024
func miscFail1(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	b := simt.Shared[[1024]int32](t)
	c := simt.Shared[[1026]int32](t)
	tid := t.ThreadIdx.X
	c[tid] = c[tid+1]
	b[tid] = a[c[tid+2]&1023]
}
