// Package coalescing reports global-memory accesses whose warp requests
// touch more 32-byte sectors than the bytes they ask for need.
//
// # Analyzer coalescing
//
// coalescing: report uncoalesced global-memory accesses
//
// Global memory moves in 32-byte sectors. When the 32 lanes of a warp read
// 32 consecutive, aligned 4-byte words, the request touches 4 sectors —
// every byte fetched is used. When the lanes are far apart (a column of a
// row-major matrix, a thread per contiguous chunk, an array of structs),
// each lane pulls in a sector of its own and up to 8 times the bandwidth
// is spent.
//
// The check evaluates the index of every global load and store for every
// warp of the launch shape and every loop value it depends on, and reports
// the worst request with its cause: the distance between lanes, a
// misaligned start, or an array-of-structs layout:
//
//	out[x*n+y] = v // global store out[x*n+y]: 32 sectors per request (ideal 4): lanes are 4096 bytes apart …
//
// Slices are assumed to start at a 256-byte boundary, as simt.Malloc (and
// cudaMalloc) guarantee. A value the analysis cannot know (a parameter
// without a constant at the launch) is never guessed: when it only shifts
// the whole warp, the figure of the most favourable alignment is used;
// when it sets the distance between lanes, the report says "up to" and
// from which value on. Indices that depend on data read from memory are
// never evaluated, nor are atomics. With -verbose every evaluated access is
// reported with its figure, and every other with the true reason it was not
// evaluated (the index depends on data read from memory, on a variable a
// loop assigns, ...); without it, one note per package counts them.
//
// A slice converted to an array, [4]float32(s[i:i+4]), or to an array
// pointer, *(*[4]float32)(s[i:]), is one access of the whole array, like
// CUDA's float4, when its size is an access width (8 or 16 bytes) and its
// start is aligned to it, else one access per element; reading the copy's
// elements afterwards reads no memory. An access under a condition on data that differs between lanes
// (if (a > b) == up { … }) is priced as if every lane passed it, and the
// report says so, with the figure for one lane where it differs:
//
//	… ; assumes every lane passes std[j] <= eps (correlation.go:33), which depends on data read from memory (1 sector with one lane, 4 with all 32)
//
// nvcc -O3 merges a thread's loads of 2 or 4 adjacent, aligned elements
// (straight-line code, or a loop it unrolls) into one 8- or 16-byte load
// when no barrier and no store that may alias them comes between. With
// -verbose a note gives that load's figure beside the loads as written,
// from the same hardware model.
//
// Suppress one report with //smemlint:ignore coalescing <reason>.
package coalescing
