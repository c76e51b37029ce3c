// Package barrier holds cases for the barrier check: every kernel named
// bad* deadlocks when launched with its directive's shape (pair_test.go in
// analyzer/barrier launches them), every kernel named ok* is correct.
package barrier

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=1024
func badBranch(t *simt.Thread, s []float32) {
	tid := t.ThreadIdx.X
	if tid < 512 {
		s[tid] += s[tid+512]
		t.SyncThreads() // want `SyncThreads under thread-dependent condition tid < 512 \(a.go:11\): threads 512..1023 of block 1024 skip it and the block deadlocks`
	}
}

//smemlint:launch block=256
func badElse(t *simt.Thread, s []float32) {
	if t.ThreadIdx.X%2 == 0 {
		s[t.ThreadIdx.X] = 0
	} else {
		t.SyncThreads() // want `SyncThreads in the else branch of thread-dependent condition t.ThreadIdx.X%2 == 0 \(a.go:19\): threads 0, 2, 4, … \(128 threads\) of block 256 skip it`
	}
}

//smemlint:launch block=256
func badReturn(t *simt.Thread, s []float32, n int) {
	tid := t.ThreadIdx.X
	if tid >= n {
		return
	}
	s[tid] = 1
	t.SyncThreads() // want `SyncThreads after a thread-dependent return \(a.go:30, under tid >= n\): with n = 1, threads 1..255 of block 256 leave before it`
}

//smemlint:launch block=256
func badTripCount(t *simt.Thread, s []float32, n int) {
	for i := t.ThreadIdx.X; i < n; i += t.BlockDim.X {
		s[i] = 0
		t.SyncThreads() // want `SyncThreads in a loop whose trip count is thread-dependent \(for i := t\.ThreadIdx\.X; i < n; i \+= t\.BlockDim\.X, a\.go:38\): with n = 1, threads 1\.\.255 of block 256 leave the loop before it and the block deadlocks`
	}
}

//smemlint:launch block=64
func badBreak(t *simt.Thread, s []float32) {
	for i := 0; i < 8; i++ {
		t.SyncThreads() // want `SyncThreads in a loop that threads leave by a thread-dependent break \(a\.go:49, under t\.ThreadIdx\.X == i\): thread 0 of block 64 leaves while the others reach it again, and the block deadlocks`
		if t.ThreadIdx.X == i {
			break
		}
	}
}

//smemlint:launch block=64
func badContinue(t *simt.Thread, s []float32) {
	for i := 0; i < 8; i++ {
		if t.ThreadIdx.X < i {
			continue
		}
		t.SyncThreads() // want `SyncThreads after a thread-dependent continue \(a\.go:58, under t\.ThreadIdx\.X < i\): thread 0 of block 64 leaves before it and the block deadlocks`
	}
}

//smemlint:launch block=64
func badGoto(t *simt.Thread, s []float32) {
	if t.ThreadIdx.X < 16 {
		goto done
	}
	s[t.ThreadIdx.X] = 1
	t.SyncThreads() // want `SyncThreads crossed by a thread-dependent goto \(a.go:67, under t.ThreadIdx.X < 16\): threads 0..15 of block 64 jump`
done:
	s[0] = 0
}

func step(t *simt.Thread, s []float32) {
	s[t.ThreadIdx.X] *= 2
	t.SyncThreads()
}

//smemlint:launch block=128
func badDevice(t *simt.Thread, s []float32) {
	if t.ThreadIdx.X < 32 {
		step(t, s) // want `SyncThreads \(in step, a\.go:77\) under thread-dependent condition t\.ThreadIdx\.X < 32 \(a\.go:82\): threads 32\.\.127 of block 128 skip it and the block deadlocks`
	}
}

//smemlint:launch block=128
func badData(t *simt.Thread, s, in []float32) {
	if in[t.ThreadIdx.X] > 0 {
		t.SyncThreads() // want `SyncThreads under data-dependent condition in\[t\.ThreadIdx\.X\] > 0 \(a\.go:89\): threads that fail it skip the barrier and the block deadlocks; block 128`
	}
}

//smemlint:launch block=128
func badVote(t *simt.Thread, s, in []float32) {
	if t.AnySync(0xffffffff, in[t.ThreadIdx.X] > 0) {
		t.SyncThreads() // want `SyncThreads under data-dependent condition`
	}
}

//smemlint:launch block=64 grid=4 cluster=2
func badClusterRank(t *simt.Thread, s []float32) {
	c := t.Cluster()
	if c.BlockRank() == 0 {
		c.Sync() // want `Cluster\(\)\.Sync under block-dependent condition c\.BlockRank\(\) == 0 \(a\.go:104\): the block of rank 1 of a cluster of 2 skips it and the cluster deadlocks; block 64`
	}
}

//smemlint:launch block=64 grid=4 cluster=2
func badClusterExit(t *simt.Thread, s []float32, n int) {
	if t.BlockIdx.X >= n {
		return
	}
	t.Cluster().Sync() // want `Cluster\(\)\.Sync after a block-dependent return \(a\.go:112, under t\.BlockIdx\.X >= n\): with n = 1, the block of rank 1 of a cluster of 2 leaves before it and the cluster deadlocks; block 64`
}

//smemlint:launch block=64
func badWarpHalf(t *simt.Thread, s []float32) {
	if t.ThreadIdx.X%32 < 16 {
		t.SyncWarp(0xffffffff) // want `SyncWarp\(0xffffffff\) under lane-dependent condition t\.ThreadIdx\.X%32 < 16 \(a\.go:119\): lanes 16\.\.31 of warp 0 are in the mask but skip it; block 64`
	}
}

//smemlint:launch block=48
func badWarpAbsent(t *simt.Thread, s []float32) {
	t.SyncWarp(0xffffffff) // want `SyncWarp\(0xffffffff\) names lanes 16..31, which do not exist in warp 1 of block 48`
}

//smemlint:launch block=64
func badWarpNotIn(t *simt.Thread, s []float32) {
	t.SyncWarp(0x0000ffff) // want `lane 16 of warp 0 calls SyncWarp with mask 0x0000ffff, which does not name it; block 64`
}

//smemlint:launch block=64
func badContinueOuter(t *simt.Thread, s []float32) {
outer:
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			if t.ThreadIdx.X == j {
				continue outer
			}
		}
		t.SyncThreads() // want `SyncThreads skipped by a thread-dependent continue \(a\.go:140, under t\.ThreadIdx\.X == j\): thread 0 of block 64 skips it and the block deadlocks`
	}
}

//smemlint:launch block=64
func badContinueSwitch(t *simt.Thread, s []float32) {
	for i := 0; i < 4; i++ {
		switch t.ThreadIdx.X % 4 {
		case 0:
			continue
		}
		t.SyncThreads() // want `SyncThreads skipped by a thread-dependent continue \(a\.go:152, under case 0\): threads 0, 4, 8, … \(16 threads\) of block 64 skip it and the block deadlocks`
	}
}

// badIgnored deadlocks too, but its finding is suppressed.
//
//smemlint:launch block=64
func badIgnored(t *simt.Thread, s []float32) {
	if t.ThreadIdx.X < 32 {
		//smemlint:ignore barrier only warp 0 runs this kernel's launches
		t.SyncThreads()
	}
}

// badSameBarrier reaches the SyncThreads of step from both branches: two
// barriers for CUDA (divergent __syncthreads) and for the simulator.
//
//smemlint:launch block=128
func badSameBarrier(t *simt.Thread, s []float32) {
	if t.ThreadIdx.X < 32 {
		step(t, s) // want `SyncThreads \(in step, a\.go:77\) under thread-dependent condition t\.ThreadIdx\.X < 32 \(a\.go:173\): threads 32\.\.127 of block 128 skip it and the block deadlocks`
	} else {
		step(t, s) // want `SyncThreads \(in step, a\.go:77\) in the else branch of thread-dependent condition t\.ThreadIdx\.X < 32 \(a\.go:173\): threads 0\.\.31 of block 128 skip it and the block deadlocks`
	}
}

// badVectorCopy branches on an element of a float4 each thread copied
// from its own slot: the copy is a register, but its value still differs
// between threads.
//
//smemlint:launch block=64
func badVectorCopy(t *simt.Thread, a []float32) {
	w := [4]float32(a[4*t.ThreadIdx.X : 4*t.ThreadIdx.X+4])
	if w[2] > 0 {
		t.SyncThreads() // want `SyncThreads under data-dependent condition w\[2\] > 0 \(a.go:187\)`
	}
}

// badReturnTwoBarriers returns early for some threads before a loop with
// two barriers: one defect, reported at the first barrier, with the
// second as a related location.
//
//smemlint:launch block=64
func badReturnTwoBarriers(t *simt.Thread, s []float32, n int) {
	if t.ThreadIdx.X >= n {
		return
	}
	for i := 0; i < 4; i++ {
		s[t.ThreadIdx.X] += 1
		t.SyncThreads() // want `SyncThreads after a thread-dependent return \(a\.go:199, under t\.ThreadIdx\.X >= n\): with n = 1, threads 1\.\.63 of block 64 leave before it and the block deadlocks \(the same cause keeps them from 1 more barrier, a related location\)`
		s[t.ThreadIdx.X] *= 2
		t.SyncThreads()
	}
}
