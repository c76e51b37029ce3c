package gpuverify

import "github.com/smemlint/smemlint/simt"

// peer: gpuverify testsuite/OpenCL/annotation_tests/test_read_local/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=128 grid=128
func readLocal(t *simt.Thread) {
	p := simt.Shared[[128]int32](t)
	q := simt.Shared[[128]int32](t)
	p[t.ThreadIdx.X] = q[t.ThreadIdx.X]
}

// peer: gpuverify testsuite/OpenCL/annotation_tests/test_read_local_fail/kernel.cl (xfail there for its assertion that q is not read; each thread touches only its own elements: no race)
// verdict: pass
//
//smemlint:launch block=128 grid=128
func readLocalFail(t *simt.Thread) {
	p := simt.Shared[[128]int32](t)
	q := simt.Shared[[128]int32](t)
	p[t.ThreadIdx.X] = q[t.ThreadIdx.X]
	q[t.ThreadIdx.X] = 42
}

// peer: gpuverify testsuite/OpenCL/annotation_tests/test_read_global/kernel.cl (pass; local_size 2048 is 1024 here)
// verdict: pass
//
//smemlint:launch block=1024 grid=4
func readGlobal(t *simt.Thread, p, q []int32) {
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	p[gid] = q[gid]
}

// peer: gpuverify testsuite/OpenCL/annotation_tests/test_read_global_fail/kernel.cl (xfail there for its assertion; no race)
// verdict: pass
//
//smemlint:launch block=128 grid=128
func readGlobalFail(t *simt.Thread, p, q []int32) {
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	p[gid] = q[gid]
	q[gid] = 42
}

// peer: gpuverify testsuite/OpenCL/vectortests/float4arrayaccess/kernel.cl (pass; local_size 2048 is 1024 here)
// verdict: pass
//
//smemlint:launch block=1024 grid=64
func float4ArrayAccess(t *simt.Thread, p, out []float32) {
	vs := simt.Shared[[1024][4]float32](t)
	vs[t.ThreadIdx.X][0] = p[t.BlockIdx.X*1024+t.ThreadIdx.X]
	out[t.BlockIdx.X*1024+t.ThreadIdx.X] = vs[t.ThreadIdx.X][0]
}

// peer: gpuverify testsuite/OpenCL/get_global_id/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=512 grid=256
func getGlobalID(t *simt.Thread, a []float32) {
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	a[gid] = a[gid] + 1
}

// peer: gpuverify testsuite/OpenCL/test_for_get_group_id/kernel.cl (pass: group 0 alone writes)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func forGetGroupIDCL(t *simt.Thread, a []float32) {
	if t.BlockIdx.X == 0 {
		a[t.ThreadIdx.X] = 42
	}
}

// peer: gpuverify testsuite/OpenCL/pointeranalysistests/testbasicpointerarithmetic/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=256 grid=128
func basicPointerArithmetic(t *simt.Thread, p []float32) {
	alias := p[10:]
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for i := 0; i < 100; i++ {
		alias[gid] = alias[gid] + 1
	}
}

// peer: gpuverify testsuite/OpenCL/pointeranalysistests/testbasicpointerarithmetic2/kernel.cl (pass; local_size 8192 is 1024 here)
// verdict: pass
//
//smemlint:launch block=1024 grid=64
func basicPointerArithmetic2(t *simt.Thread) {
	p := simt.Shared[[1034]float32](t)
	alias := p[10:]
	for i := 0; i < 100; i++ {
		alias[t.ThreadIdx.X] = alias[t.ThreadIdx.X] + 1
	}
}

// peer: gpuverify testsuite/OpenCL/ternarytest/kernel.cl (pass)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func ternaryTestCL(t *simt.Thread) {
	a := simt.Shared[[128]float32](t)
	i := 2 * t.ThreadIdx.X
	if t.ThreadIdx.X == 0 {
		i = 1
	}
	a[i] = 2.4
}

// peer: gpuverify testsuite/OpenCL/fresh_arrays/pass/local/kernel.cl (pass; local_size 2048 is 1024 here)
// verdict: pass
//
//smemlint:launch block=1024 grid=64
func freshLocal(t *simt.Thread) {
	q := simt.Shared[[1024]float32](t)
	q[t.ThreadIdx.X] = float32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/OpenCL/fresh_arrays/pass/global/kernel.cl (pass; local_size 2048 is 1024 here)
// verdict: pass
//
//smemlint:launch block=1024 grid=64
func freshGlobalPass(t *simt.Thread, q []float32) {
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	q[gid] = float32(gid)
}

// peer: gpuverify testsuite/OpenCL/noraceduetoreturn/kernel.cl (pass: only thread 0 reaches the store)
// verdict: pass
//
//smemlint:launch block=64 grid=64
func noRaceDueToReturnCL(t *simt.Thread) {
	a := simt.Shared[[8]float32](t)
	_ = storeIfFirstCL(t, a[:])
}

// storeIfFirstCL stores A[4] in thread 0 only.
//
// device of: noRaceDueToReturnCL
func storeIfFirstCL(t *simt.Thread, a []float32) int {
	if t.ThreadIdx.X != 0 {
		return 0
	}
	a[4] = 26.8
	return 1
}

// constZero is globalarray's __constant int A[64] = { }.
var constZero [64]int32

// peer: gpuverify testsuite/OpenCL/globalarray/pass/kernel.cl (pass: A is all zeros, so no thread stores)
// verdict: pass
//
//smemlint:launch block=8 grid=8
func globalArrayPass(t *simt.Thread, p []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	a := constZero[i]
	if a != 0 {
		p[0] = float32(i)
	}
}

// peer: gpuverify testsuite/OpenCL/globalarray/fail/kernel.cl (xfail: A is all zeros, so every thread stores p[0])
// verdict: race globalrace
//
//smemlint:launch block=8 grid=8
func globalArrayFail(t *simt.Thread, p []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X + 1
	a := constZero[i%64]
	if a == 0 {
		p[0] = float32(i)
	}
}

// peer: gpuverify testsuite/CUDA/globalarray/fail/kernel.cu (xfail: the host may change A, so A[i] != tid is possible and two threads may store p[0])
// verdict: race warpsync
//
//smemlint:launch block=8
func globalArrayCUDA(t *simt.Thread, a []int32, p []float32) {
	i := t.ThreadIdx.X
	if int(a[i]) != t.ThreadIdx.X {
		p[0] = float32(t.ThreadIdx.X)
	}
}
