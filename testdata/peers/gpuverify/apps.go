package gpuverify

import "github.com/smemlint/smemlint/simt"

// peer: gpuverify testsuite/OpenCL/enabled/dominator/kernel.cl (pass: thread t0 alone updates A[31-t0])
// verdict: pass
//
//smemlint:launch block=32
func dominator(t *simt.Thread, out []int32) {
	a := simt.Shared[[32]int32](t)
	b0, t0 := t.BlockIdx.X, t.ThreadIdx.X
	var result int32
	for c2 := b0; c2 < 32; c2 += 32 {
		a[t0] = 1
		t.SyncThreads()
		for c4 := t0; c4 < 32; c4 += 16 {
			a[-t0+31] -= 5
		}
		t.SyncThreads()
		for c4 := t0; c4 < 32; c4 += 16 {
			result = a[t0]
		}
	}
	out[t0] = result
}

// peer: gpuverify testsuite/OpenCL/skeletonbinomialoptions/kernel.cl (pass: barriers in loops with uniform bounds)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func skeletonBinomialOptions(t *simt.Thread) {
	const cacheDelta, cacheSize = 16, 256
	const cacheStep = cacheSize - cacheDelta
	for i := 1024; i > 0; i -= cacheDelta {
		for cBase := 0; cBase < i; cBase += cacheStep {
			cStart := cacheSize - 1
			cEnd := cStart - cacheDelta
			t.SyncThreads()
			for k := cStart - 1; k >= cEnd; k-- {
				t.SyncThreads()
			}
			t.SyncThreads()
		}
	}
}

// peer: gpuverify testsuite/CUDA/transitiveclosure/kernel.cu (pass: thread (y, k) would store in step k only if its element were both 0 and not 0, so no thread stores what another reads in that step)
// verdict: pass
//
//smemlint:launch block=8x8
func transitiveClosure(t *simt.Thread, graph []uint32, passnum int) {
	const blockDim, numVertices, u, in = 8, 64, 0, 2
	buf := simt.Shared[[blockDim][blockDim]uint32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	idxY, idxX := passnum*blockDim+ty, passnum*blockDim+tx
	buf[ty][tx] = graph[idxY*numVertices+idxX]
	t.SyncThreads()
	for k := 0; k < blockDim; k++ {
		if buf[ty][tx] == u {
			if buf[ty][k] != u && buf[k][tx] != u {
				buf[ty][tx] = uint32(passnum*blockDim + k + in)
			}
		}
		t.SyncThreads()
	}
	graph[idxY*numVertices+idxX] = buf[ty][tx]
}

// peer: gpuverify testsuite/CUDA/scope/kernel.cu (pass)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func scopeHist(t *simt.Thread, result []uint32) {
	const binCount, threadN = 64, 64
	hist := simt.Shared[[threadN * binCount]uint32](t)
	for i := 0; i < binCount/4; i++ {
		hist[t.ThreadIdx.X+i*threadN] = 0
	}
	t.SyncThreads()
	if t.ThreadIdx.X < binCount {
		sum := uint32(0)
		value := t.ThreadIdx.X
		valueBase := value * threadN
		accumPos := (t.ThreadIdx.X & 15) * 4
		for i := 0; i < threadN; i++ {
			sum += hist[valueBase+accumPos]
			accumPos++
			if accumPos == threadN {
				accumPos = 0
			}
		}
		result[t.BlockIdx.X*binCount+value] = sum
	}
}

// peer: gpuverify testsuite/OpenCL/barrier_intervals/test4/kernel.cl (pass: p[0] is read after a barrier, so the condition is uniform)
// verdict: pass
//
//smemlint:launch block=16 grid=16
func barrierIntervals4(t *simt.Thread) {
	p := simt.Shared[[16]int32](t)
	tid := t.ThreadIdx.X
	for i := 0; i < 100; i++ {
		p[tid] = int32(tid)
		t.SyncThreads()
	}
	if p[0] == 22 {
		t.SyncThreads()
		for i := 0; i < 100; i++ {
			p[tid] = int32(tid)
			t.SyncThreads()
		}
	}
}

// peer: gpuverify testsuite/OpenCL/simplebinomialoptions2/kernel.cl (pass: the two buffers alternate with a barrier between)
// verdict: pass
//
//smemlint:launch block=16
func simpleBinomialOptions2(t *simt.Thread, puByDf, pdByDf, callValue, callBuffer []float32) {
	const numSteps, timeSteps, cacheSize = 2048, 16, 256
	const cacheDelta = 2 * timeSteps
	const cacheStep = cacheSize - cacheDelta
	callA := simt.Shared[[cacheSize + 1]float32](t)
	callB := simt.Shared[[cacheSize + 1]float32](t)
	tile, tid := t.BlockIdx.X, t.ThreadIdx.X
	for i := tid; i <= numSteps; i += cacheSize {
		callBuffer[tile*(numSteps+16)+i] = 0
	}
	for i := numSteps; i > 0; i -= cacheDelta {
		for cBase := 0; cBase < i; cBase += cacheStep {
			cStart := min(cacheSize-1, i-cBase)
			cEnd := cStart - cacheDelta
			t.SyncThreads()
			if tid <= cStart {
				callA[tid] = callBuffer[tile*(numSteps+16)+cBase+tid]
			}
			for k := cStart - 1; k >= cEnd; {
				t.SyncThreads()
				callB[tid] = puByDf[tile]*callA[tid+1] + pdByDf[tile]*callA[tid]
				k--
				t.SyncThreads()
				callA[tid] = puByDf[tile]*callB[tid+1] + pdByDf[tile]*callB[tid]
				k--
			}
			t.SyncThreads()
			if tid <= cEnd {
				callBuffer[tile*(numSteps+16)+cBase+tid] = callA[tid]
			}
		}
	}
	if tid == 0 {
		callValue[tile] = callA[0]
	}
}

// peer: gpuverify testsuite/CUDA/cooperative_groups/fail/divergence_thread_block/kernel.cu (xfail: the block barrier is reached by even threads only)
// verdict: divergence
//
//smemlint:launch block=32
func coopDivergenceThreadBlock(t *simt.Thread, a []int32) {
	idx := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	if idx%2 == 0 {
		tmp := a[idx+2]
		t.SyncThreads()
		a[idx] = tmp
	}
}
