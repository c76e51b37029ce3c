// Package directives reports malformed smemlint comment directives.
//
// # Analyzer directives
//
// directives: report malformed //smemlint: directives
//
// smemlint reads two directives:
//
//	//smemlint:launch block=32x8 grid=64x64 shared=4096 arch=sm_90 cluster=2
//	//smemlint:ignore bankconflict the tile is read once per block
//
// A launch directive belongs in the doc comment of a kernel (a function
// whose first parameter is *simt.Thread) and needs at least block=. An
// ignore directive names one or more checks (comma-separated, or "all")
// and must give a reason. The dimensions of block=, grid= and cluster=
// are separated by x, X, × or *, and each, like the byte count of
// shared=, is read as a Go integer literal: block=0x20 is 32 threads,
// 0o40, 0b100000 and 1_024 are what Go makes of them, 040 is octal as in
// Go, and the x of a hex prefix is no separator (0x20x8 is 32 by 8).
// Anything else is reported. A directive that cannot be read would silently
// change nothing, so it is reported instead; so is one written with white
// space after // ("// smemlint:launch …") or in a /* */ comment, which Go
// does not read as a directive.
//
// A launch shape that simt.Launch would reject (more than 1024 threads in
// a block, a grid that is not a multiple of its cluster, more shared
// memory than the profile has, ...) is reported with the simulator's own
// sentence, whether it is written in a launch directive or in a
// simt.Config literal the analyzer reads; no figure is computed for it.
//
// A malformed smemlint.conf (the configuration file that applies to the
// package) is reported here too, on the package clause, with the file and
// line: editors show diagnostics, not the errors of analyzers.
package directives
