// Package realcode compares what smemlint says about the real-code corpus
// (testdata/realcode: kernels of public GPU benchmark suites ported to Go,
// each access naming its CUDA line with a "// cuda:N" comment) with what
// an H100 measured for the CUDA originals (testdata/realcode/hw, made by
// scripts/realcode and hwsites). Its test prints the per-site table and
// keeps a ratchet (testdata/realcode/expectations.txt).
package realcode
