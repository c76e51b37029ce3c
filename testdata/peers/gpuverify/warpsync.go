package gpuverify

import "github.com/smemlint/smemlint/simt"

// The kernels of testsuite/CUDA/warpsync and testsuite/OpenCL/warpsync run
// with --warp-sync=N: GPUVerify then assumes that groups of N threads run
// in lockstep, so a lane's load of a statement precedes every lane's store
// of it, and statements follow one another for the whole warp. CUDA has not
// promised that since Volta (independent thread scheduling): the lanes of a
// warp race unless a SyncWarp orders them. Each kernel here keeps the
// suite's verdict in its comment and carries CUDA's.

// peer: gpuverify testsuite/CUDA/warpsync/scan_warp/kernel.cu (pass with --warp-sync=32; under CUDA a chain of five racing steps in each warp, one finding)
// verdict: race warpsync
//
//smemlint:launch block=512
func scanWarp(t *simt.Thread, a []int32) {
	tid := t.ThreadIdx.X
	lane := tid & 31
	if lane >= 1 {
		a[tid] = a[tid-1] + a[tid]
	}
	if lane >= 2 {
		a[tid] = a[tid-2] + a[tid]
	}
	if lane >= 4 {
		a[tid] = a[tid-4] + a[tid]
	}
	if lane >= 8 {
		a[tid] = a[tid-8] + a[tid]
	}
	if lane >= 16 {
		a[tid] = a[tid-16] + a[tid]
	}
}

// peer: gpuverify testsuite/OpenCL/warpsync/scan_warp/kernel.cl (pass with --warp-sync=32; under CUDA a chain of five racing steps in each warp, one finding)
// verdict: race warpsync
//
//smemlint:launch block=1024
func scanWarpCL(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	tid := t.ThreadIdx.X
	lane := tid & 31
	if lane >= 1 {
		a[tid] = a[tid-1] + a[tid]
	}
	if lane >= 2 {
		a[tid] = a[tid-2] + a[tid]
	}
	if lane >= 4 {
		a[tid] = a[tid-4] + a[tid]
	}
	if lane >= 8 {
		a[tid] = a[tid-8] + a[tid]
	}
	if lane >= 16 {
		a[tid] = a[tid-16] + a[tid]
	}
}

// peer: gpuverify testsuite/OpenCL/warpsync/intragroup_scan/kernel.cl (pass with --warp-sync=32; under CUDA the warp scan races, one chain)
// verdict: race warpsync
//
//smemlint:launch block=1024
func intragroupScan(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	temp := simt.Shared[[32]int32](t)
	tid := t.ThreadIdx.X
	lane := tid % 32
	scanWarpShared(t, a[:])
	t.SyncThreads()
	if lane == 31 {
		temp[tid/32] = a[tid]
	}
	t.SyncThreads()
	if tid/32 == 0 {
		scanWarpShared(t, temp[:])
	}
	t.SyncThreads()
	a[tid] += temp[tid/32]
}

// scanWarpShared is the lockstep warp scan of intragroup_scan.
//
// device of: intragroupScan
func scanWarpShared(t *simt.Thread, a []int32) {
	tid := t.ThreadIdx.X
	lane := tid % 32
	if lane >= 1 {
		a[tid] = a[tid-1] + a[tid]
	}
	if lane >= 2 {
		a[tid] = a[tid-2] + a[tid]
	}
	if lane >= 4 {
		a[tid] = a[tid-4] + a[tid]
	}
	if lane >= 8 {
		a[tid] = a[tid-8] + a[tid]
	}
	if lane >= 16 {
		a[tid] = a[tid-16] + a[tid]
	}
}

// peer: gpuverify testsuite/CUDA/warpsync/shuffle/kernel.cu (pass with --warp-sync=32; under CUDA each lane's store races with the load of the lane below)
// verdict: race warpsync
//
//smemlint:launch block=512
func warpShuffle(t *simt.Thread, a []int32) {
	tid := t.ThreadIdx.X
	warp := tid / 32
	b := a[warp*32:]
	a[tid] = b[(tid+1)%32]
}

// peer: gpuverify testsuite/OpenCL/warpsync/shuffle/kernel.cl (pass with --warp-sync=32; under CUDA each lane's store races with the load of the lane below)
// verdict: race warpsync
//
//smemlint:launch block=1024
func warpShuffleCL(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	tid := t.ThreadIdx.X
	warp := tid / 32
	b := a[warp*32:]
	a[tid] = b[(tid+1)%32]
}

// peer: gpuverify testsuite/CUDA/warpsync/broken_shuffle/kernel.cu (xfail with --warp-sync=16: lanes 15 and 16 are in different lockstep groups; a race under CUDA too)
// verdict: race warpsync
//
//smemlint:launch block=1024
func brokenShuffle(t *simt.Thread, a []int32) {
	tid := t.ThreadIdx.X
	warp := tid / 32
	b := a[warp*32:]
	a[tid] = b[(tid+1)%32]
}

// peer: gpuverify testsuite/OpenCL/warpsync/broken_shuffle/kernel.cl (xfail with --warp-sync=16; a race under CUDA too)
// verdict: race warpsync
//
//smemlint:launch block=1024
func brokenShuffleCL(t *simt.Thread) {
	a := simt.Shared[[1024]int32](t)
	tid := t.ThreadIdx.X
	warp := tid / 32
	b := a[warp*32:]
	a[tid] = b[(tid+1)%32]
}

// peer: gpuverify testsuite/CUDA/warpsync/2d/kernel.cu (pass with --warp-sync=16, 4x4 threads: one lockstep group; under CUDA tile[x][y] = tile[y][x] races within the warp)
// verdict: race warpsync
//
//smemlint:launch block=4x4 grid=10x10
func warpSync2D(t *simt.Thread, a []float32) {
	tile := simt.Shared[[4][4]float32](t)
	x, y := t.ThreadIdx.X, t.ThreadIdx.Y
	tileX, tileY := t.BlockIdx.X, t.BlockIdx.Y
	tile[x][y] = tile[y][x]
	t.SyncThreads()
	a[(x+tileY*4)*40+(y+tileX*4)] = tile[x][y]
}

// peer: gpuverify testsuite/CUDA/warpsync/refined_equality_abstraction/kernel.cu (pass: each lane touches only its own elements)
// verdict: pass
//
//smemlint:launch block=32
func refinedEquality(t *simt.Thread, a, b, out []int32) {
	a[t.ThreadIdx.X] = 1
	x := a[t.ThreadIdx.X]
	b[t.ThreadIdx.X] = 1
	y := a[t.ThreadIdx.X]
	out[t.ThreadIdx.X] = x - y
}

// peer: gpuverify testsuite/CUDA/warpsync/equality_abstraction_issue/kernel.cu (xfail there for its assertion; under CUDA lanes 0, 1 and 2 write A[0..2] twice with no SyncWarp: write-write races in the warp)
// verdict: race warpsync
//
//smemlint:launch block=32
func equalityAbstractionIssue(t *simt.Thread, a []int32) {
	a[0] = 1
	a[1] = 1
	a[2] = 1
	a[t.ThreadIdx.X] = 0
}
