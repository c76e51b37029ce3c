// Package gpuverify holds kernels ported from the GPUVerify test suite
// (github.com/mc-imperial/gpuverify, testsuite/CUDA and testsuite/OpenCL):
// the index expressions, control flow, barrier placement and launch shape
// of each, written in Go against simt, with the suite's verdict (//pass or
// //xfail with the race or divergence it expects) translated to CUDA
// semantics since Volta. OpenCL's local memory is simt.Shared, its global
// memory a slice; a work-group is a block, local_size the block shape.
package gpuverify
