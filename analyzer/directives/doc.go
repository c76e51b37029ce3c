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
// and must give a reason. A directive that cannot be read would silently
// change nothing, so it is reported instead.
//
// A malformed smemlint.conf (the configuration file that applies to the
// package) is reported here too, on the package clause, with the file and
// line: editors show diagnostics, not the errors of analyzers.
package directives
