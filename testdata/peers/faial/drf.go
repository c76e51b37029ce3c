package faial

import "github.com/smemlint/smemlint/simt"

// peer: faial examples/drf/drf-saxpy.cu (exit 0)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func drfSaxpy(t *simt.Thread, n int, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}

// peer: faial examples/drf/racy-saxpy.cu (exit 1: y[i+1] read, y[i] written)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func racySaxpy(t *simt.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y[i] = a*x[i] + y[i+1]
}

// peer: faial examples/drf/drf-2d.cu (exit 0; N == blockDim.x == 256)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func drf2D(t *simt.Thread, n int, a float32, x [][256]float32, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = accessX(t, a, x) + y[i]
	}
}

// accessX reads the thread's element of row blockIdx.x.
//
// device of: drf2D
func accessX(t *simt.Thread, a float32, x [][256]float32) float32 {
	return a * x[t.BlockIdx.X][t.ThreadIdx.X]
}

// peer: faial examples/drf/racy-2d.cu (exit 1: y[i][i] written, y[i+1][i+1] read; 1024x1024 floats there, 64x64 here to fit shared memory)
// verdict: race smemrace
//
//smemlint:launch block=63
func racy2D(t *simt.Thread, n int, a float32, x []float32) {
	y := simt.Shared[[64][64]float32](t)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i][i] = a*x[i] + y[i+1][i+1]
	}
}

// peer: faial examples/drf/drf-alias.cu (exit 0: z aliases y[i])
// verdict: pass
//
//smemlint:launch block=256 grid=4
func drfAlias(t *simt.Thread, n int, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	z := y[i:]
	if i < n {
		y[i] = a*x[i] + z[0]
	}
}

// peer: faial examples/drf/racy-alias.cu (exit 1: z[1] is y[i+1])
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func racyAlias(t *simt.Thread, n int, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	z := y[i:]
	if i < n {
		y[i] = a*x[i] + z[1]
	}
}

// peer: faial examples/drf/racy-alias-assign.cu (exit 1: z = y + i, z[1] is y[i+1])
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func racyAliasAssign(t *simt.Thread, n int, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	z := y
	z = z[i:]
	if i < n {
		y[i] = a*x[i] + z[1]
	}
}

// peer: faial examples/drf/racy-alias-shmem1.cu (exit 1: shared, z = &sram[i], z[1] read)
// verdict: race smemrace
//
//smemlint:launch block=256
func racyAliasShmem1(t *simt.Thread, n int, a float32, x []float32) {
	sram := simt.Shared[[257]float32](t)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	z := sram[i:]
	if i < n {
		sram[i] = a*x[i] + z[1]
	}
}

// peer: faial examples/drf/racy-alias-shmem2.cu (exit 1: z = sram, z[i+1] read)
// verdict: race smemrace
//
//smemlint:launch block=256
func racyAliasShmem2(t *simt.Thread, n int, a float32, x []float32) {
	sram := simt.Shared[[257]float32](t)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	z := sram[:]
	if i < n {
		sram[i] = a*x[i] + z[i+1]
	}
}

// peer: faial examples/drf/racy-alias-shmem3.cu (exit 1: z = &sram[3i], z[3] is sram[3(i+1)])
// verdict: race smemrace
//
//smemlint:launch block=256
func racyAliasShmem3(t *simt.Thread, n int, a float32, x []float32) {
	sram := simt.Shared[[771]float32](t)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	z := sram[i*3:]
	if i < n {
		sram[i*3] = a*x[i] + z[3]
	}
}

// peer: faial examples/drf/racy-atomics.cu (exit 1: y[i] plain, y[i+1] atomic)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func racyAtomics(t *simt.Thread, a float32, x []float32, y []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y[i] = int32(a*x[i]) + y[i]
	simt.AtomicAdd(t, &y[i+1], 1)
}

// peer: faial examples/drf/drf-cav21.cu (exit 0)
// verdict: pass
//
//smemlint:launch block=256
func drfCav21(t *simt.Thread, n int, a float32, x, y []float32) {
	for r := 0; r < n; r++ {
		for i := 0; i < n; i++ {
			y[t.ThreadIdx.X] = a * x[t.ThreadIdx.X]
		}
		t.SyncThreads()
		for j := 0; j < n; j++ {
			x[t.ThreadIdx.X] = y[t.ThreadIdx.X+j]
		}
		t.SyncThreads()
	}
}

// peer: faial examples/drf/racy-cav21.cu (exit 1: no barrier at the end of the outer loop, so x and y of one round meet the next round's accesses)
// verdict: race globalrace
//
//smemlint:launch block=256
func racyCav21(t *simt.Thread, n int, a float32, x, y []float32) {
	for r := 0; r < n; r++ {
		for i := 0; i < n; i++ {
			y[t.ThreadIdx.X] = a * x[t.ThreadIdx.X]
		}
		t.SyncThreads()
		for j := 0; j < n; j++ {
			x[t.ThreadIdx.X] = y[t.ThreadIdx.X+j]
		}
	}
}

// peer: faial examples/drf/drf-comma.cu (exit 0)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func drfComma(t *simt.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := i + 1
	_ = j
	y[i] = a*x[i] + y[i]
}

// peer: faial examples/drf/racy-comma.cu (exit 1)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func racyComma(t *simt.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	f := y[i+1]
	y[i] = f + a*x[i]
}

// peer: faial examples/drf/drf-enum.cu (exit 0: y[i + BILINEAR], BILINEAR = 0)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func drfEnum(t *simt.Thread, a float32, x, y []float32) {
	const bilinear = 0
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y[i] = a*x[i] + y[i+bilinear]
}

// peer: faial examples/drf/drf-enum-constraint.cu (exit 0: mode is 0, 1 or 2 and only every fourth thread writes)
// verdict: pass
//
//smemlint:launch block=256
func drfEnumConstraint(t *simt.Thread, a float32, x, y []float32, mode int) {
	if mode < 0 || mode > 2 {
		return
	}
	i := t.ThreadIdx.X
	if i%4 == 0 {
		y[i+mode] = a*x[i] + y[i]
	}
}

// peer: faial examples/drf/drf-field-in-param.cu (listed unsupported there; race-free: each thread reads and writes its own element)
// verdict: pass
//
//smemlint:launch block=256
func drfFieldInParam(t *simt.Thread, output []float32, fx int) {
	output[t.ThreadIdx.X+fx] = 2 * output[t.ThreadIdx.X+fx]
}

// peer: faial examples/drf/drf-inline-var.cu (exit 0)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func drfInlineVar(t *simt.Thread, n int, a float32, x, y []float32) {
	i := globalTid(t)
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}

// globalTid is the thread's index in the grid.
//
// device of: drfInlineVar
func globalTid(t *simt.Thread) int {
	return t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
}

// peer: faial examples/drf/drf-loop-aligned-1.cu (exit 0; n > 0)
// verdict: pass
//
//smemlint:launch block=256
func drfLoopAligned(t *simt.Thread, n int, y []float32, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	f := float32(0)
	y[i] = 0
	t.SyncThreads()
	for j := 1; j < n; j++ {
		f += y[j]
		t.SyncThreads()
	}
	y[i+1] = 0
	out[i] = f
}

// peer: faial examples/drf/drf-loop1.cu (exit 0; y[0] = 0 by every thread is benign there, a race under CUDA)
// verdict: race globalrace 2
//
// Two racing pairs of sites under CUDA: y[0] = 0 with itself, and, for
// n = 0, y[i+n] (thread 0 writes y[0]) with y[0] = 0 of the other threads.
//
//smemlint:launch block=256
func drfLoop1(t *simt.Thread, n int, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	f := float32(0)
	y[0] = 0
	for j := 1; j < n; j++ {
		f += y[j]
	}
	y[i+n] = f
}

// peer: faial examples/drf/drf-loop2.cu (exit 0: reads y[0..n], writes y[i+n+1])
// verdict: pass
//
//smemlint:launch block=256
func drfLoop2(t *simt.Thread, n int, a float32, x, y []float32) {
	f := float32(0)
	if n <= 0 {
		return
	}
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for j := n; j >= 0; j-- {
		f += y[j]
	}
	y[i+n+1] = a*x[i] + f
}

// peer: faial examples/drf/drf-loop3.cu (exit 0; y[0] = 0 by every thread is benign there, a race under CUDA)
// verdict: race globalrace
//
//smemlint:launch block=256
func drfLoop3(t *simt.Thread, n int, a float32, x, y []float32, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var f float32
	y[0] = 0
	for j := 1; j <= n; j++ {
		f += y[j]
	}
	y[i+n+1] = a * x[i]
	out[i] = f
}

// peer: faial examples/drf/drf-loop4.cu (exit 0: for j := 1; j != n; j++, so reads y[1..n-1]; y[0] = 0 by every thread is benign there, a race under CUDA)
// verdict: race globalrace
//
// It counts as agreeing, but for the wrong reason: the judge compares
// checks, not sites, and smemlint's finding here is the false race of a
// != bound taken to run for n = 1 (minimal/notEqualBound), while the race
// on y[0] goes unreported.
//
//smemlint:launch block=256
func drfLoop4(t *simt.Thread, n int, a float32, x, y []float32, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var f float32
	y[0] = 0
	for j := 1; j != n; j++ {
		f += y[j]
	}
	y[i+n+1] = a * x[i]
	out[i] = f
}

// peer: faial examples/drf/drf-loop5.cu (exit 0; its comment calls y[0] = 0 a benign data race: a race under CUDA)
// verdict: race globalrace
//
//smemlint:launch block=256
func drfLoop5(t *simt.Thread, n int, a float32, x, y []float32) {
	f := float32(0)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y[0] = 0
	for j := n; j > 0; j-- {
		f += y[j]
	}
	y[i+n+1] = a*x[i] + f
}

// peer: faial examples/drf/racy-loop1.cu (exit 1 with n = 0: thread 0 writes y[0], which every thread reads)
// verdict: race globalrace
func racyLoop1(t *simt.Thread, n int, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	f := float32(0)
	for j := 0; j <= n; j++ {
		f += y[j]
	}
	y[i+n] = f
}

// runRacyLoop1 launches racyLoop1 with n = 0, as the suite's -p n=0.
func runRacyLoop1(y []float32) error {
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 256}}, func(t *simt.Thread) { racyLoop1(t, 0, y) })
}

// peer: faial examples/drf/racy-loop2.cu (exit 1 with n = 1: thread 0 writes y[1], which every thread reads)
// verdict: race globalrace
func racyLoop2(t *simt.Thread, n int, a float32, x, y []float32) {
	f := float32(0)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for j := n; j >= 0; j-- {
		f += y[j]
	}
	y[i+n] = a*x[i] + f
}

// runRacyLoop2 launches racyLoop2 with n = 1, as the suite's -p n=1.
func runRacyLoop2(x, y []float32) error {
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 256}}, func(t *simt.Thread) { racyLoop2(t, 1, 2, x, y) })
}

// peer: faial examples/drf/racy-loop-comma-in-cond.cu (exit 1: x[0] is read in the loop condition and written by thread 0)
// verdict: race globalrace
//
//smemlint:launch block=256
func racyLoopCommaInCond(t *simt.Thread, n int, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	f := float32(0)
	for j := 1; x[0] >= 0 && j < n; j++ {
		f += y[j]
	}
	x[i] = float32(i)
	y[i+n] = f
}

// peer: faial examples/drf/drf-loop-comma-in-cond.cu (exit 0 there; y[0] = 0 by every thread is benign there, a race under CUDA)
// verdict: race globalrace 2
//
// Two racing pairs of sites under CUDA: y[0] = 0 with itself, and, for
// n = 0, y[i+n] (thread 0 writes y[0]) with y[0] = 0 of the other threads.
//
//smemlint:launch block=256
func drfLoopCommaInCond(t *simt.Thread, n int, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	f := float32(0)
	y[0] = 0
	for j := 1; x[0] >= 0 && j < n; j++ {
		f += y[j]
	}
	y[i+n] = f
}

// peer: faial examples/drf/racy-mutation.cu (exit 1: odd threads also write y[i+1], the next thread's element)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func racyMutation(t *simt.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	flag := false
	if i%2 == 1 {
		flag = true
	}
	y[i] = a * x[i]
	if flag {
		y[i+1] = a * x[i]
	}
}

// peer: faial examples/drf/racy-shared-mem.cu (exit 1)
// verdict: race smemrace
//
//smemlint:launch block=256
func racySharedMem(t *simt.Thread, n int, a float32, x []float32) {
	y := simt.Shared[[1024]float32](t)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i+1]
	}
}

// peer: faial examples/drf/drf-shared-mem.cu (exit 0)
// verdict: pass
//
//smemlint:launch block=256
func drfSharedMem(t *simt.Thread, n int, a float32, x []float32) {
	y := simt.Shared[[1024]float32](t)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}

// peer: faial examples/drf/racy-shared-mem-2.cu (exit 1: in an inlined device function)
// verdict: race smemrace
//
//smemlint:launch block=256
func racySharedMem2(t *simt.Thread, blockSize uint32, x []float32, n int) {
	reduceBlocks(t, blockSize, x, n)
}

// reduceBlocks reads the next thread's element of dynamic shared memory.
//
// device of: racySharedMem2
func reduceBlocks(t *simt.Thread, blockSize uint32, x []float32, n int) {
	y := simt.Shared[[1024]float32](t)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = float32(blockSize)*x[i] + y[i+1]
	}
}

// peer: faial examples/drf/racy-shared-scalar.cu (exit 1; blockDim 32)
// verdict: race warpsync
//
//smemlint:launch block=32
func racySharedScalar(t *simt.Thread, n int, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	data := simt.Shared[uint32](t)
	if i < n {
		*data = uint32(i)
		y[i] = a*x[i] + y[i]
	}
}

// peer: faial examples/drf/racy-grid-level.cu (exit 0 at block level, 1 with --grid-level: every block writes y[tid]; blockDim 2024 is 1024 here)
// verdict: race globalrace
//
//smemlint:launch block=1024 grid=2024
func racyGridLevel(t *simt.Thread, n int, a float32, x, y []float32) {
	i := t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}

// peer: faial examples/drf/parse-gv.cu (exit 0 with gridDim 2x2x2: every offset is 2; exit 1 with gridDim 3)
// verdict: race globalrace
//
// CUDA differs: i uses BlockIdx.X only, so blocks (x,0,0) and (x,1,0) of the
// 2x2x2 grid compute the same i and both write y[i+2]; faial reports no
// race there, CUDA races between those blocks.
//
//smemlint:launch block=256 grid=2x2x2
func parseGV(t *simt.Thread, n int, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i+2] = a*x[i] + y[i+t.GridDim.X] + y[i+t.GridDim.Y] + y[i+t.GridDim.Z]
	}
}

// peer: faial examples/drf/parse-gv.cu (exit 1 with --gridDim=3: y[i+3] read, y[i+2] written, and y[i+1] read)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=3
func parseGV3(t *simt.Thread, n int, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i+2] = a*x[i] + y[i+t.GridDim.X] + y[i+t.GridDim.Y] + y[i+t.GridDim.Z]
	}
}

// peer: faial examples/drf/racy-device-ref.cu (listed unsupported there; racy: y[i] is written through a reference while y[i+1] is read)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func racyDeviceRef(t *simt.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	assign(&y[i], a*x[i]+y[i+1])
}

// assign stores v through p.
//
// device of: racyDeviceRef
func assign(p *float32, v float32) {
	*p = v
}

// peer: faial examples/drf/racy-device-no-args.cu (listed unsupported there; racy: shared y[i+1] read, y[i] written in a device function)
// verdict: race smemrace
//
//smemlint:launch block=256
func racyDeviceNoArgs(t *simt.Thread, a float32, x []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	helper(t, a*x[i])
}

// helper adds the next thread's shared element to data.
//
// device of: racyDeviceNoArgs
func helper(t *simt.Thread, data float32) {
	y := simt.Shared[[257]float32](t)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y[i] = data + y[i+1]
}

// peer: faial examples/drf/racy-struct.cu (listed unsupported there; racy on y[i].x and y[i+1].x)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func racyStruct(t *simt.Thread, a float32, x []float32, y [][2]float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y[i][0] = a*x[i] + y[i+1][0]
}

// peer: faial examples/drf/racy-toplevel.cu (exit 1: A = 1 is a package constant)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func racyTopLevel(t *simt.Thread, n int, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = x[i] + y[i+topLevelA]
	}
}

// topLevelA is racy-toplevel.cu's const unsigned int A.
const topLevelA = 1

// peer: faial examples/drf/drf-toplevel.cu (exit 0: A = 0)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func drfTopLevel(t *simt.Thread, n int, x, y []float32) {
	const a = 0
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = x[i] + y[i+a]
	}
}

// peer: faial examples/drf/racy-kernel-calls-return.cu (exit 1: the offset is data, so two threads may write one element)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func racyKernelCallsReturn(t *simt.Thread, array []int32, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	offset := int(getElem(array, i))
	y[i+offset] = a*x[i] + y[i+offset]
}

// getElem returns array[index].
//
// device of: racyKernelCallsReturn
func getElem(array []int32, index int) int32 {
	return array[index]
}

// peer: faial examples/drf/drf-typedef.cu (exit 0)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func drfTypedef(t *simt.Thread, n int, a float32, x []float32, y []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := y[i] & 1023
	y[i] = int32(a*x[j]) + y[i]
}

// peer: faial examples/drf/drf-assert-loop.cu (pass: the loop breaks after y = 0, so Qi[tx] = Qi[tx])
// verdict: pass
//
//smemlint:launch block=16 grid=16
func drfAssertLoop(t *simt.Thread, qi []float32, bc int) {
	tx := t.ThreadIdx.X*t.BlockDim.X + t.BlockIdx.X
	for y := 0; y < bc; y++ {
		if y >= 1 {
			break
		}
		qi[tx] = qi[tx+y]
	}
}

// peer: faial examples/drf/drf-assign-exp.cu (listed unsupported there; race-free: i == j)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func drfAssignExp(t *simt.Thread, a float32, x, y []float32) {
	j := t.BlockIdx.X * t.BlockDim.X
	i := j + t.ThreadIdx.X
	j += t.ThreadIdx.X
	y[i] = a*x[i] + y[j]
}

// peer: faial examples/drf/racy-reduce.cu (exit 1: racy unless warps run in lockstep, which CUDA does not promise since Volta; one chain of five steps)
// verdict: race warpsync
//
//smemlint:launch block=32
func racyReduce(t *simt.Thread) {
	shmem := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	shmem[tid] += shmem[tid+16]
	shmem[tid] += shmem[tid+8]
	shmem[tid] += shmem[tid+4]
	shmem[tid] += shmem[tid+2]
	shmem[tid] += shmem[tid+1]
}

// peer: faial examples/drf/racy-warp.cu (listed unsupported there; racy: each step reads and writes in one statement, SyncWarp only after it; one chain)
// verdict: race warpsync 5
//
// Five racing pairs of sites: each step's load and store race with
// themselves (lane 0 writes shmem[0], lane 16 reads it), while the SyncWarp
// after each step orders it before the next; five findings, one per step.
//
//smemlint:launch block=32
func racyWarp(t *simt.Thread) {
	shmem := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	shmem[tid] += shmem[tid+16]
	t.SyncWarp(0xffffffff)
	shmem[tid] += shmem[tid+8]
	t.SyncWarp(0xffffffff)
	shmem[tid] += shmem[tid+4]
	t.SyncWarp(0xffffffff)
	shmem[tid] += shmem[tid+2]
	t.SyncWarp(0xffffffff)
	shmem[tid] += shmem[tid+1]
	t.SyncWarp(0xffffffff)
}

// peer: faial examples/drf/drf-warp.cu (listed unsupported there; race-free: a SyncWarp between every read and write)
// verdict: pass
//
//smemlint:launch block=32
func drfWarp(t *simt.Thread) {
	shmem := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	v := float32(0)
	v += shmem[tid+16]
	t.SyncWarp(0xffffffff)
	shmem[tid] = v
	t.SyncWarp(0xffffffff)
	v += shmem[tid+8]
	t.SyncWarp(0xffffffff)
	shmem[tid] = v
	t.SyncWarp(0xffffffff)
	v += shmem[tid+4]
	t.SyncWarp(0xffffffff)
	shmem[tid] = v
	t.SyncWarp(0xffffffff)
	v += shmem[tid+2]
	t.SyncWarp(0xffffffff)
	shmem[tid] = v
	t.SyncWarp(0xffffffff)
	v += shmem[tid+1]
	t.SyncWarp(0xffffffff)
	shmem[tid] = v
}
