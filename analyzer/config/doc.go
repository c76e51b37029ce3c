// Package config holds the options every smemlint check shares.
//
// # Analyzer smemlintconfig
//
// smemlintconfig: options shared by the smemlint checks
//
// It reports nothing. Its flags choose the hardware profile the checks
// predict for and how much they say:
//
//	-arch=sm_90     architecture profile (sm_1x, sm_2x, sm_3x, sm_50 … sm_90)
//	-bankmode=4     shared-memory bank width in bytes; 8 selects the
//	                eight-byte mode of sm_3x
//	-verbose        also report findings that are notes, not defects
//	                (occupancy, accesses the analysis could not evaluate)
//	-notes=false    report no notes at all, not even the package summaries
//	                of what was not evaluated: for go vet, which fails on
//	                any diagnostic (docs/ci.md)
//
// A //smemlint:launch arch=… directive on a kernel overrides -arch for it.
package config
