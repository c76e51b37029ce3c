// Package internalerror reports smemlint's own failures: a panic or an
// impossible state met while evaluating a kernel or answering one of the
// checks' questions about it.
//
// # Analyzer internalerror
//
// internalerror: report internal errors of smemlint, with the kernel and the site
//
// An internal error is a bug in smemlint, not in the kernel. Where one
// happens, smemlint stops evaluating that kernel or that question, and
// every other finding still stands; the part that failed says nothing, so
// this check says so instead, with or without -verbose:
//
//	internal error in kernel Transpose while evaluating the access tile[tx][ty]: … (please report it)
//
// The position is the site smemlint was evaluating (an access, a barrier,
// a warp collective), or the kernel when there is none. Please report it
// with the kernel's source. No correct or incorrect kernel is meant to
// trigger this check, so it has no example.
//
// Suppress one report with //smemlint:ignore internalerror <reason>.
package internalerror
