package gpuverify

import "github.com/smemlint/smemlint/simt"

// peer: gpuverify testsuite/CUDA/barrierconditionalkernelparam/kernel.cu (pass: the condition is a kernel parameter)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func barrierConditionalParam(t *simt.Thread, x int) {
	if x == 0 {
		t.SyncThreads()
	}
}

// peer: gpuverify testsuite/CUDA/basicbarrier/kernel.cu (pass)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func basicBarrier(t *simt.Thread, out []int32) {
	a, b := int32(2), int32(3)
	c := a + b
	t.SyncThreads()
	out[t.BlockIdx.X*64+t.ThreadIdx.X] = c
}

// peer: gpuverify testsuite/CUDA/basicglobalarray/kernel.cu (pass)
// verdict: pass
//
//smemlint:launch block=64
func basicGlobalArray(t *simt.Thread, p []int32) {
	p[t.ThreadIdx.X] = 2
}

// peer: gpuverify testsuite/CUDA/ctimesgid/kernel.cu (pass; WIDTH = 256)
// verdict: pass
//
//smemlint:launch block=64 grid=16
func cTimesGid(t *simt.Thread, a []uint32) {
	const width = 256
	gid := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	for i := 0; i < width; i++ {
		a[i+gid*width] = uint32(gid)
	}
}

// peer: gpuverify testsuite/CUDA/ctimeslid/kernel.cu (pass; WIDTH = 256 there, 128 here to fit 48 KiB of static shared memory)
// verdict: pass
//
//smemlint:launch block=64 grid=16
func cTimesLid(t *simt.Thread) {
	const width = 128
	a := simt.Shared[[64 * width]uint32](t)
	for i := 0; i < width; i++ {
		a[i+t.ThreadIdx.X*width] = uint32(t.ThreadIdx.X)
	}
}

// peer: gpuverify testsuite/CUDA/local2darrayaccess/kernel.cu (pass)
// verdict: pass
//
//smemlint:launch block=10 grid=64
func local2DArrayAccess(t *simt.Thread) {
	a := simt.Shared[[10][10]int32](t)
	a[t.ThreadIdx.Y][t.ThreadIdx.X] = 2
}

// peer: gpuverify testsuite/CUDA/localarrayaccess/kernel.cu (pass: the barrier orders the store before the neighbour's load)
// verdict: pass
//
//smemlint:launch block=10 grid=64
func localArrayAccess(t *simt.Thread, out []int32) {
	a := simt.Shared[[11]int32](t)
	a[t.ThreadIdx.X] = 2
	t.SyncThreads()
	out[t.BlockIdx.X*10+t.ThreadIdx.X] = a[t.ThreadIdx.X+1]
}

// peer: gpuverify testsuite/CUDA/misc/pass/misc1/kernel.cu (pass with x == 143)
// verdict: pass
//
//smemlint:launch block=256
func misc1(t *simt.Thread, x int) {
	s := simt.Shared[[256 * 32]float32](t)
	f := simt.Shared[[256]float32](t)
	if x != 143 {
		return
	}
	for i := 0; i < x; i += t.BlockDim.X / 32 {
		if i+t.ThreadIdx.X/32 < x {
			idx := (i+t.ThreadIdx.X/32)*32 + t.ThreadIdx.X%32
			s[idx] = f[i+t.ThreadIdx.X/32]
		}
	}
}

// peer: gpuverify testsuite/CUDA/noraceduetoreturn/kernel.cu (pass: only thread 0 reaches the store)
// verdict: pass
//
//smemlint:launch block=64
func noRaceDueToReturn(t *simt.Thread, a []float32) {
	_ = storeIfFirst(t, a)
}

// storeIfFirst stores A[4] in thread 0 only.
//
// device of: noRaceDueToReturn
func storeIfFirst(t *simt.Thread, a []float32) int {
	if t.ThreadIdx.X != 0 {
		return 0
	}
	a[4] = 26.8
	return 1
}

// peer: gpuverify testsuite/CUDA/test_for_get_group_id/kernel.cu (pass: one block writes)
// verdict: pass
//
//smemlint:launch block=64
func testForGetGroupID(t *simt.Thread, a []float32) {
	if t.BlockIdx.X == 0 {
		a[t.ThreadIdx.X] = 42
	}
}

// peer: gpuverify testsuite/CUDA/warpsize/kernel.cu (pass; blockDim 2048 is 1024 here)
// verdict: pass
//
//smemlint:launch block=1024 grid=64
func warpSize(t *simt.Thread, r []int32) {
	r[t.ThreadIdx.X+t.BlockIdx.X*t.BlockDim.X] = simt.WarpSize
}

// peer: gpuverify testsuite/CUDA/ternarytest/kernel.cu (pass: thread 0 writes A[1], the others A[2*tid])
// verdict: pass
//
//smemlint:launch block=64
func ternaryTest(t *simt.Thread, a []float32) {
	i := 2 * t.ThreadIdx.X
	if t.ThreadIdx.X == 0 {
		i = 1
	}
	a[i] = 2.4
}

// peer: gpuverify testsuite/CUDA/atomics/add_one/kernel.cu (pass: each thread gets its own slot from the counter)
// verdict: pass
//
//smemlint:launch block=2
func atomicAddOne(t *simt.Thread, i []uint32, a []int32) {
	j := simt.AtomicAdd(t, &i[0], 1)
	a[j] = int32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/CUDA/cooperative_groups/pass/block_barrier/kernel.cu (pass: one block; the block barrier orders the load before the neighbour's store)
// verdict: pass
//
//smemlint:launch block=32
func coopBlockBarrier(t *simt.Thread, a []int32) {
	idx := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	tmp := a[idx+1]
	t.SyncThreads()
	a[idx] = tmp
}

// peer: gpuverify testsuite/CUDA/cooperative_groups/fail/race/kernel.cu, the one-block form (xfail with gridDim=2; with one block the race is between lanes of one warp)
// verdict: race warpsync
//
//smemlint:launch block=32
func coopRaceOneBlock(t *simt.Thread, a []int32) {
	idx := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	tmp := a[idx+1]
	a[idx] = tmp
}
