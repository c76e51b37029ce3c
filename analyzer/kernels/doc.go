// Package kernels finds the GPU kernels of a package and evaluates them
// symbolically, once, for every smemlint check.
//
// # Analyzer smemlintkernels
//
// smemlintkernels: find kernels, their launch shapes and their memory accesses
//
// It reports nothing itself. A kernel is a function whose first parameter
// is *simt.Thread; one that another kernel calls is a device function and is
// evaluated in each calling context. The launch shape comes from, in order:
//
//   - a directive in the kernel's doc comment, which wins:
//     //smemlint:launch block=32x8 grid=64x64 shared=4096 arch=sm_90 cluster=2
//   - every simt.Launch call of the package whose configuration it can
//     evaluate (a simt.Config literal or a variable assigned one once, with
//     constant fields) and whose closure calls the kernel or is the kernel;
//     arguments with constant values are bound to the kernel's parameters;
//   - otherwise a one-dimensional block of 256 threads is assumed, and every
//     message that depends on it says so. A kernel that uses ThreadIdx.Y or
//     ThreadIdx.Z and has no known shape is not evaluated.
//
// Each memory index is turned into an affine expression over the thread
// index, block-uniform values (block index, parameters, loop variables) and
// constants. Loop variables with constant bounds are enumerated; guards such
// as "if tid < s" thin the lanes that take part. Values read from memory are
// data: an index that depends on them is never evaluated.
//
// For the synchronisation checks it records the barriers, warp
// collectives and exits (return, break, continue, goto) of each context
// with the conditions that lead to them, and answers questions about them
// by enumerating the threads of the launch shape: the uniformity of a value
// (thread-varying, warp-uniform, block-uniform, grid-uniform), values of
// the uniform symbols under which a condition splits a block or a warp, a
// warp collective's mask that names lanes which do not make the call, and
// two threads that touch the same bytes within one barrier interval.
package kernels
