package reduction

import (
	"fmt"

	"github.com/smemlint/smemlint/simt"
)

// This file holds the host side: the seed's ReduceByXxx functions and one
// RunXxx wrapper per kernel. Every wrapper copies the input to global
// memory (cudaMemcpy), launches with a Config literal whose block shape is a
// constant (smemlint reads the launch shape from these literals), and
// returns the sum. The RunXxx wrappers take the number of blocks of the
// first pass so that tests can run small grids; the ReduceByXxx functions
// use the seed's Blocks.

// toDevice copies host data to a fresh global allocation.
func toDevice(input []float32) []float32 {
	d := simt.Malloc[float32](max(len(input), 1))
	copy(d, input)
	return d
}

// ReduceBySerial is seed 001's ReduceBySerial: Serial<<<1, 1>>>.
func ReduceBySerial(input []float32) (float32, error) {
	in := toDevice(input)
	out := simt.Malloc[float32](1)
	n := len(input)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 1}},
		func(t *simt.Thread) { Serial(t, in, out, n) })
	if err != nil {
		return 0, err
	}
	return out[0], nil
}

// ReduceByTwoPass is seed 001's ReduceByTwoPass: TwoPassSimple over Blocks
// blocks, then TwoPassSimple with one block over the Blocks partial sums.
func ReduceByTwoPass(input []float32) (float32, error) {
	return RunTwoPassSimple(input, Blocks)
}

// ReduceBySinglePass is seed 001's ReduceBySinglePass: SinglePassMerged
// over Blocks blocks.
func ReduceBySinglePass(input []float32) (float32, error) {
	return RunSinglePassMerged(input, Blocks)
}

// RunTwoPassSimple runs TwoPassSimple<<<blocks, 1024, 4096>>> and then
// TwoPassSimple<<<1, 1024, 4096>>> over the partial sums. The result is
// exact only when len(input) is a multiple of blocks*ThreadsPerBlock and
// blocks is a multiple of ThreadsPerBlock (see TwoPassSimple).
func RunTwoPassSimple(input []float32, blocks int) (float32, error) {
	in, n := toDevice(input), len(input)
	part := simt.Malloc[float32](blocks)
	out := simt.Malloc[float32](1)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: ThreadsPerBlock}, SharedBytes: ShmBytes},
		func(t *simt.Thread) { TwoPassSimple(t, in, part, n) })
	if err != nil {
		return 0, err
	}
	err = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: ThreadsPerBlock}, SharedBytes: ShmBytes},
		func(t *simt.Thread) { TwoPassSimple(t, part, out, blocks) })
	if err != nil {
		return 0, err
	}
	return out[0], nil
}

// RunTwoPassInterleaved runs TwoPassInterleaved in two passes.
func RunTwoPassInterleaved(input []float32, blocks int) (float32, error) {
	in, n := toDevice(input), len(input)
	part := simt.Malloc[float32](blocks)
	out := simt.Malloc[float32](1)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: ThreadsPerBlock}, SharedBytes: ShmBytes},
		func(t *simt.Thread) { TwoPassInterleaved(t, in, part, n) })
	if err != nil {
		return 0, err
	}
	err = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: ThreadsPerBlock}, SharedBytes: ShmBytes},
		func(t *simt.Thread) { TwoPassInterleaved(t, part, out, blocks) })
	if err != nil {
		return 0, err
	}
	return out[0], nil
}

// RunTwoPassSharedOptimized runs TwoPassSharedOptimized in two passes.
func RunTwoPassSharedOptimized(input []float32, blocks int) (float32, error) {
	in, n := toDevice(input), len(input)
	part := simt.Malloc[float32](blocks)
	out := simt.Malloc[float32](1)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: ThreadsPerBlock}, SharedBytes: ShmBytes},
		func(t *simt.Thread) { TwoPassSharedOptimized(t, in, part, n) })
	if err != nil {
		return 0, err
	}
	err = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: ThreadsPerBlock}, SharedBytes: ShmBytes},
		func(t *simt.Thread) { TwoPassSharedOptimized(t, part, out, blocks) })
	if err != nil {
		return 0, err
	}
	return out[0], nil
}

// RunTwoPassWarpSync runs TwoPassWarpSync in two passes. In the simulator
// the result is wrong (warp-synchronous hazard, see TwoPassWarpSync).
func RunTwoPassWarpSync(input []float32, blocks int) (float32, error) {
	in, n := toDevice(input), len(input)
	part := simt.Malloc[float32](blocks)
	out := simt.Malloc[float32](1)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: ThreadsPerBlock}, SharedBytes: ShmBytes},
		func(t *simt.Thread) { TwoPassWarpSync(t, in, part, n) })
	if err != nil {
		return 0, err
	}
	err = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: ThreadsPerBlock}, SharedBytes: ShmBytes},
		func(t *simt.Thread) { TwoPassWarpSync(t, part, out, blocks) })
	if err != nil {
		return 0, err
	}
	return out[0], nil
}

// RunTwoPassUnroll runs TwoPassUnroll<BlockThreads> in two passes. In the
// simulator the result is wrong, as RunTwoPassWarpSync's.
func RunTwoPassUnroll(input []float32, blocks int) (float32, error) {
	in, n := toDevice(input), len(input)
	part := simt.Malloc[float32](blocks)
	out := simt.Malloc[float32](1)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: BlockThreads}, SharedBytes: BlockThreads * 4},
		func(t *simt.Thread) { TwoPassUnroll(t, in, part, n) })
	if err != nil {
		return 0, err
	}
	err = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: BlockThreads}, SharedBytes: BlockThreads * 4},
		func(t *simt.Thread) { TwoPassUnroll(t, part, out, blocks) })
	if err != nil {
		return 0, err
	}
	return out[0], nil
}

// RunTwoPassShuffle runs TwoPassShuffle in two passes.
func RunTwoPassShuffle(input []float32, blocks int) (float32, error) {
	in, n := toDevice(input), len(input)
	part := simt.Malloc[float32](blocks)
	out := simt.Malloc[float32](1)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: BlockThreads}, SharedBytes: BlockThreads * 4},
		func(t *simt.Thread) { TwoPassShuffle(t, in, part, n) })
	if err != nil {
		return 0, err
	}
	err = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: BlockThreads}, SharedBytes: BlockThreads * 4},
		func(t *simt.Thread) { TwoPassShuffle(t, part, out, blocks) })
	if err != nil {
		return 0, err
	}
	return out[0], nil
}

// RunSinglePassMerged runs SinglePassMerged<BlockThreads> once. It returns
// an error if the kernel did not set the done-block counter back to zero.
// In the simulator the sum is wrong (the volatile final warp of
// ReduceSharedMemory).
func RunSinglePassMerged(input []float32, blocks int) (float32, error) {
	in, n := toDevice(input), len(input)
	part := simt.Malloc[float32](blocks)
	out := simt.Malloc[float32](1)
	done := simt.Malloc[int32](1) // the seed's __device__ done_block_count = 0
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: BlockThreads}, SharedBytes: BlockThreads * 4},
		func(t *simt.Thread) { SinglePassMerged(t, in, part, out, done, n) })
	if err != nil {
		return 0, err
	}
	if done[0] != 0 {
		return 0, fmt.Errorf("SinglePassMerged left the done-block counter at %d", done[0])
	}
	return out[0], nil
}

// RunSinglePassShuffle runs SinglePassShuffle<BlockThreads> once, with the
// same counter check as RunSinglePassMerged.
func RunSinglePassShuffle(input []float32, blocks int) (float32, error) {
	in, n := toDevice(input), len(input)
	part := simt.Malloc[float32](blocks)
	out := simt.Malloc[float32](1)
	done := simt.Malloc[int32](1)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: BlockThreads}, SharedBytes: BlockThreads * 4},
		func(t *simt.Thread) { SinglePassShuffle(t, in, part, out, done, n) })
	if err != nil {
		return 0, err
	}
	if done[0] != 0 {
		return 0, fmt.Errorf("SinglePassShuffle left the done-block counter at %d", done[0])
	}
	return out[0], nil
}

// RunSinglePassAtomic runs SinglePassAtomic<<<blocks, 1024>>> into a
// zeroed output.
func RunSinglePassAtomic(input []float32, blocks int) (float32, error) {
	in, n := toDevice(input), len(input)
	out := simt.Malloc[float32](1)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: ThreadsPerBlock}},
		func(t *simt.Thread) { SinglePassAtomic(t, in, out, n) })
	if err != nil {
		return 0, err
	}
	return out[0], nil
}
