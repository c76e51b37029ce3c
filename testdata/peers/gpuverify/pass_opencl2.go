package gpuverify

import "github.com/smemlint/smemlint/simt"

// peer: gpuverify testsuite/OpenCL/misc/pass/misc2/kernel.cl (pass: one step of a bitonic exchange, j = 1)
// verdict: pass
//
//smemlint:launch block=32
func misc2(t *simt.Thread) {
	shared := simt.Shared[[32]int32](t)
	tid := t.ThreadIdx.X
	for j := 1; j > 0; j /= 2 {
		ixj := tid ^ j
		if ixj > tid {
			if tid&2 == 0 {
				shared[ixj] = shared[tid]
			}
		}
		t.SyncThreads()
	}
}

// peer: gpuverify testsuite/OpenCL/misc/pass/misc12/kernel.cl (pass: the trip count is the group index)
// verdict: pass
//
//smemlint:launch block=16 grid=16
func misc12(t *simt.Thread) {
	for i := 0; i < t.BlockIdx.X; i++ {
		t.SyncThreads()
	}
}

// peer: gpuverify testsuite/OpenCL/misc/pass/misc15/kernel.cl (pass with x = 3, given by --kernel-args; here by the launch in runMisc15)
// verdict: pass
func misc15(t *simt.Thread, x int) {
	a := simt.Shared[[2]int32](t)
	if x == 3 {
		a[t.ThreadIdx.X] = 3
	} else {
		a[0] = int32(t.ThreadIdx.X)
	}
}

// runMisc15 launches misc15 as the suite does, with x = 3.
func runMisc15() error {
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 2}}, func(t *simt.Thread) { misc15(t, 3) })
}

// peer: gpuverify testsuite/OpenCL/misc/pass/misc18/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=2 grid=2
func misc18(t *simt.Thread, input, output []uint32) {
	groupResults := simt.Shared[[64]float32](t)
	groupResults[t.ThreadIdx.X] = float32(input[t.ThreadIdx.X])
	output[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = 0
	t.SyncThreads()
}

// peer: gpuverify testsuite/OpenCL/misc/pass/misc6/kernel.cl (pass; float8 elements are float32 here)
// verdict: pass
//
//smemlint:launch block=16 grid=64
func misc6(t *simt.Thread, p []float32) {
	size := t.GridDim.X * t.BlockDim.X
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for i := 0; i < 100; i++ {
		p[size*i+gid] = float32(gid)
	}
}

// peer: gpuverify testsuite/OpenCL/multidimarrays/test2/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=32x32 grid=8
func multiDim2(t *simt.Thread) {
	a := simt.Shared[[32][32]int32](t)
	a[t.ThreadIdx.Y][t.ThreadIdx.X] = 2
}

// peer: gpuverify testsuite/OpenCL/multidimarrays/test1/kernel.cl (pass: loads only)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func multiDim1(t *simt.Thread, out []int32) {
	a := simt.Shared[[10][5]int32](t)
	out[t.BlockIdx.X*64+t.ThreadIdx.X] = a[3][4]
}

// peer: gpuverify testsuite/OpenCL/multidimarrays/test5/kernel.cl (pass there with --equality-abstraction: every thread writes 0 and reads it back, benign; a race under CUDA's memory model)
// verdict: race globalrace 2
//
// Two racing pairs of sites: a[0] = 0 with itself, and the load of a[0]
// with the other threads' store.
//
//smemlint:launch block=64 grid=64
func multiDim5(t *simt.Thread, a []uint32, out []uint32) {
	a[0] = 0
	x := a[0]
	out[t.BlockIdx.X*64+t.ThreadIdx.X] = x
}

// peer: gpuverify testsuite/OpenCL/k-induction/amazingreduction/kernel.cl (pass: the barrier opens each step; thread 0 alone writes p[0] after the loop)
// verdict: pass
//
//smemlint:launch block=1024
func amazingReduction(t *simt.Thread) {
	p := simt.Shared[[1024]int32](t)
	tid := t.ThreadIdx.X
	for d := t.BlockDim.X / 2; d > 0; d >>= 1 {
		t.SyncThreads()
		if tid < d {
			p[tid] += p[tid+d]
		}
	}
	if tid == 0 {
		p[0] = int32(tid)
	}
}

// peer: gpuverify testsuite/OpenCL/test_for_uniformity_bug/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=4
func uniformityBug(t *simt.Thread, out []int32) {
	for i := 0; i < 4; i++ {
		if t.ThreadIdx.X < 4 {
			if i == 0 {
				out[t.ThreadIdx.X] = 0
			}
			if i == 3 {
				out[t.ThreadIdx.X] += 3
			}
		}
		t.SyncThreads()
	}
}

// peer: gpuverify testsuite/OpenCL/localarrayaccess/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func localArrayAccessCL(t *simt.Thread, out []int32) {
	a := simt.Shared[[65]int32](t)
	a[t.ThreadIdx.X] = 2
	t.SyncThreads()
	out[t.BlockIdx.X*64+t.ThreadIdx.X] = a[t.ThreadIdx.X+1]
}

// peer: gpuverify testsuite/OpenCL/atomics/counter/kernel.cl (pass: slots from an atomic counter are distinct)
// verdict: pass
//
//smemlint:launch block=1024
func atomicCounter(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	count := simt.Shared[int32](t)
	if t.ThreadIdx.X == 0 {
		*count = 0
	}
	t.SyncThreads()
	a[simt.AtomicAdd(t, count, 1)] = int32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/atomics/histo/kernel.cl (pass: atomics only)
// verdict: pass
//
//smemlint:launch block=1024
func atomicHisto(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	b := simt.Shared[[1024]int32](t)
	v := a[t.ThreadIdx.X] & 1023
	simt.AtomicAdd(t, &b[v], 1)
}

// peer: gpuverify testsuite/OpenCL/inference_tests/access_means_enabled/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=32 grid=32
func accessMeansEnabled(t *simt.Thread) {
	a := simt.Shared[[32]int32](t)
	tid := t.ThreadIdx.X
	a[tid] = 42
	t.SyncThreads()
	for j := 0; j < t.BlockIdx.X; j++ {
		for k := 0; k < t.BlockIdx.X; k++ {
			if j > tid {
				for i := 0; i < t.BlockIdx.X; i++ {
					a[tid] += 42
				}
			}
			t.SyncThreads()
		}
	}
	a[(tid+1)%32] = 1
}

// peer: gpuverify testsuite/OpenCL/inference_tests/disabled_invariant/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=32
func disabledInvariant(t *simt.Thread, out []int32) {
	a := simt.Shared[[32]int32](t)
	b0, t0 := t.BlockIdx.X, t.ThreadIdx.X
	var result int32
	for c2 := b0; c2 < 32; c2 += 32 {
		a[t0] = 1
		t.SyncThreads()
		for c4 := t0; c4 < 32; c4 += 16 {
			result = a[-t0+31]
		}
		t.SyncThreads()
		for c4 := t0; c4 < 32; c4 += 16 {
			result = a[t0]
		}
	}
	out[t0] = result
}

// peer: gpuverify testsuite/OpenCL/test_mod_invariants/local_direct/kernel.cl (pass; 1024 iterations there, 16 here to fit shared memory)
// verdict: pass
//
//smemlint:launch block=16 grid=8
func localDirect(t *simt.Thread) {
	a := simt.Shared[[16 * 256]int32](t)
	b := simt.Shared[[16 * 256]int32](t)
	lid := t.ThreadIdx.X
	for i := 0; i < 16; i++ {
		a[i*256+lid] = int32(lid)
		b[lid+256*i] = a[i*256+lid]
	}
}

// peer: gpuverify testsuite/OpenCL/test_mod_invariants/local_reduce_strength/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=16 grid=64
func localReduceStrength(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	b := simt.Shared[[1034]int32](t)
	c := simt.Shared[[1044]int32](t)
	for i := t.ThreadIdx.X; i < 1024; i += t.BlockDim.X {
		a[i] = int32(t.ThreadIdx.X)
		b[i+10] = int32(t.ThreadIdx.X)
		index := i + 20
		c[index] = int32(t.ThreadIdx.X)
	}
}

// peer: gpuverify testsuite/OpenCL/reducedstrength_generalised/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=1024 grid=2
func reducedStrengthGeneralised(t *simt.Thread) {
	data := simt.Shared[[10240]int32](t)
	size := t.BlockDim.X
	for i := 0; i < size*10; i += size {
		for j := i; j < size*10; j += size {
			data[j+t.ThreadIdx.X] = int32(t.ThreadIdx.X)
		}
	}
}

// peer: gpuverify testsuite/OpenCL/induction_variable/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=1024 grid=2
func inductionVariable(t *simt.Thread) {
	data := simt.Shared[[10240]int32](t)
	j := 0
	for i := 0; i < 10; i++ {
		data[j+t.ThreadIdx.X] = int32(t.ThreadIdx.X)
		j += t.BlockDim.X
	}
}

// peer: gpuverify testsuite/OpenCL/atomics/refined_atomic_abstraction/one_access/kernel.cl (pass: slots from atomic counters are distinct)
// verdict: pass
//
//smemlint:launch block=64 grid=12
func oneAccess(t *simt.Thread, globalCounter []uint32, globalArray []float32) {
	localCounter := simt.Shared[uint32](t)
	localArray := simt.Shared[[64]float32](t)
	gi := simt.AtomicAdd(t, &globalCounter[0], 1)
	li := simt.AtomicAdd(t, localCounter, 1)
	globalArray[gi] = float32(t.BlockIdx.X*64 + t.ThreadIdx.X)
	localArray[li%64] = float32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/atomics/refined_atomic_abstraction/bad_local_counters/kernel.cl (xfail: a block's counter is not unique across blocks)
// verdict: race globalrace
//
//smemlint:launch block=64 grid=12
func badLocalCounters(t *simt.Thread, globalArray []uint32) {
	localCounter := simt.Shared[uint32](t)
	li := simt.AtomicAdd(t, localCounter, 1)
	globalArray[li] = uint32(t.BlockIdx.X*64 + t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/atomics/refined_atomic_abstraction/predication/kernel.cl (xfail: thread 13 writes slot 12, which the counter hands to another thread)
// verdict: race globalrace
//
//smemlint:launch block=64 grid=12
func atomicPredication(t *simt.Thread, globalCounter []uint32, globalArray []float32) {
	gid := t.BlockIdx.X*64 + t.ThreadIdx.X
	gi := uint32(12)
	if gid != 13 {
		gi = simt.AtomicAdd(t, &globalCounter[0], 1)
	}
	globalArray[gi] = float32(gid)
}
