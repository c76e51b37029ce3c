// Package simt is the kernel API of smemlint: GPU kernels written in plain
// Go against a simulated SIMT machine, and the executor that runs them.
//
// A kernel is a function whose first parameter is *Thread. Shared memory is
// a Go array obtained with Shared (or a slice from DynamicShared); global
// memory is a Go slice, usually from Malloc. Arguments reach the kernel
// through a closure:
//
//	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 32, Y: 32}, Block: simt.Dim3{X: 32, Y: 8}},
//		func(t *simt.Thread) { Transpose(t, out, in, n) })
//
// Launch never panics and never leaves a goroutine behind: an invalid
// configuration, a divergent barrier, a shuffle naming an absent lane, an
// out-of-range index or any other panic in a kernel comes back as a
// *LaunchError naming the kernel, the block and thread, and the source
// position.
//
// These names are a contract: corpora and examples are written against
// them, and smemlint's analyzers recognise them.
package simt

import "github.com/smemlint/smemlint/model"

// WarpSize is the number of threads in a warp.
const WarpSize = model.WarpSize

// Dim3 is a grid, block or cluster shape, or a position in one. A zero Y or
// Z means 1 in a shape, as CUDA's dim3 defaults.
type Dim3 struct{ X, Y, Z int }

// Number is the set of element types that shuffles and atomics accept.
type Number interface {
	~int32 | ~uint32 | ~int64 | ~uint64 | ~float32 | ~float64
}

// Integer is the set of element types of the bitwise atomics.
type Integer interface {
	~int32 | ~uint32 | ~int64 | ~uint64
}

// Config is a launch configuration: kernel<<<Grid, Block, SharedBytes>>>
// with an optional cluster shape (cudaLaunchAttributeClusterDimension).
type Config struct {
	Grid, Block, Cluster Dim3
	SharedBytes          int    // dynamic shared memory per block, in bytes
	Arch                 string // architecture profile; "sm_90" when empty
	// Name names the kernel in errors. When empty, the name is taken from
	// the function the launch closure calls.
	Name string
}
