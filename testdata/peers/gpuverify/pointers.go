package gpuverify

import "github.com/smemlint/smemlint/simt"

// peer: gpuverify testsuite/CUDA/pointertests/test1/kernel.cu (pass)
// verdict: pass
//
//smemlint:launch block=64
func pointerTest1(t *simt.Thread, p []int32) {
	p[t.ThreadIdx.X] = 0
}

// peer: gpuverify testsuite/CUDA/pointertests/test2/kernel.cu (pass: q = p)
// verdict: pass
//
//smemlint:launch block=64
func pointerTest2(t *simt.Thread, p []int32) {
	q := p
	q[t.ThreadIdx.X] = 0
}

// peer: gpuverify testsuite/CUDA/pointertests/test3/kernel.cu (pass: q = p + 1)
// verdict: pass
//
//smemlint:launch block=64
func pointerTest3(t *simt.Thread, p []int32) {
	q := p[1:]
	q[t.ThreadIdx.X] = 0
}

// peer: gpuverify testsuite/CUDA/pointertests/test4/kernel.cu (pass: the store is in a device function)
// verdict: pass
//
//smemlint:launch block=64
func pointerTest4(t *simt.Thread, p []int32) {
	zeroOwn(t, p)
}

// zeroOwn clears the thread's element.
//
// device of: pointerTest4
func zeroOwn(t *simt.Thread, p []int32) {
	p[t.ThreadIdx.X] = 0
}

// peer: gpuverify testsuite/CUDA/pointertests/test5/kernel.cu (pass: a device function returns its argument)
// verdict: pass
//
//smemlint:launch block=64
func pointerTest5(t *simt.Thread, p []int32) {
	q := identity(p)
	q[t.ThreadIdx.X] = 0
}

// identity returns p.
//
// device of: pointerTest5
func identity(p []int32) []int32 {
	return p
}

// peer: gpuverify testsuite/CUDA/pointertests/test6/kernel.cu (pass: the store goes through the returned slice)
// verdict: pass
//
//smemlint:launch block=64
func pointerTest6(t *simt.Thread, p []int32) {
	identity6(p)[t.ThreadIdx.X] = 0
}

// identity6 returns p.
//
// device of: pointerTest6
func identity6(p []int32) []int32 {
	return p
}

// peer: gpuverify testsuite/CUDA/pointertests/test8/kernel.cu (pass)
// verdict: pass
//
//smemlint:launch block=10 grid=64
func pointerTest8(t *simt.Thread) {
	a := simt.Shared[[10]int32](t)
	a[t.ThreadIdx.X] = 0
}

// peer: gpuverify testsuite/CUDA/pointertests/test9/kernel.cu (pass: p = A)
// verdict: pass
//
//smemlint:launch block=10 grid=64
func pointerTest9(t *simt.Thread) {
	a := simt.Shared[[10]int32](t)
	p := a[:]
	p[t.ThreadIdx.X] = 0
}

// peer: gpuverify testsuite/CUDA/pointertests/test10/kernel.cu (pass: p = A + 1)
// verdict: pass
//
//smemlint:launch block=10 grid=64
func pointerTest10(t *simt.Thread) {
	a := simt.Shared[[11]int32](t)
	p := a[1:]
	p[t.ThreadIdx.X] = 0
}

// peer: gpuverify testsuite/CUDA/pointertests/test11/kernel.cu (pass: shared memory passed to a device function)
// verdict: pass
//
//smemlint:launch block=10 grid=64
func pointerTest11(t *simt.Thread) {
	a := simt.Shared[[10]int32](t)
	zeroOwn11(t, a[:])
}

// zeroOwn11 clears the thread's element.
//
// device of: pointerTest11
func zeroOwn11(t *simt.Thread, p []int32) {
	p[t.ThreadIdx.X] = 0
}

// peer: gpuverify testsuite/CUDA/pointertests/test13/kernel.cu (pass: the index goes through a local variable's address)
// verdict: pass
//
//smemlint:launch block=64
func pointerTest13(t *simt.Thread, glob []int32) {
	a := 0
	p := &a
	*p = t.ThreadIdx.X
	glob[*p] = int32(t.ThreadIdx.X)
}

// peer: gpuverify testsuite/CUDA/ternarytest2/kernel.cu (pass: thread 0 writes A[1], the others A[2*tid])
// verdict: pass
//
//smemlint:launch block=64
func ternaryTest2(t *simt.Thread, a []float32) {
	i := 1
	if t.ThreadIdx.X != 0 {
		i = 2 * t.ThreadIdx.X
	}
	a[i] = 2.4
}

// peer: gpuverify testsuite/CUDA/pointertests/test_copy_between_memory_spaces/kernel.cu (pass there with --equality-abstraction: every thread copies A[0] to p[0], benign; a race under CUDA's memory model)
// verdict: race globalrace
//
//smemlint:launch block=64
func copyBetweenSpaces(t *simt.Thread, p []int32) {
	a := simt.Shared[[10]int32](t)
	p[0] = a[0]
}

// peer: gpuverify testsuite/CUDA/pointeranalysistests/testbasicaliasing/kernel.cu (xfail: every thread writes p[100])
// verdict: race globalrace
//
//smemlint:launch block=64 grid=64
func basicAliasing(t *simt.Thread, p, q []int32) {
	a := int32(10)
	if a <= 10 {
		p = q
	}
	p[100] = q[100] + 1
}

// peer: gpuverify testsuite/CUDA/pointertests/test_copy_between_pointers/kernel.cu, its shared half (pass there with --equality-abstraction: every thread stores 0 to A[0], benign; a race under CUDA's memory model)
// verdict: race smemrace
//
//smemlint:launch block=64 grid=64
func copyBetweenPointers(t *simt.Thread) {
	a := simt.Shared[[10]int32](t)
	x := a[:]
	x[0] = 0
}
