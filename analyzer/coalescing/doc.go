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
// Suppress one report with //smemlint:ignore coalescing <reason>.
package coalescing
