// Package hostile is smemlint's suite of bad input and load: impossible
// launch shapes and malformed directives through the standalone command
// and go vet, kernels that misuse the simulator, broken language-server
// frames, mistyped flags and locations in every face, -fix on CRLF files,
// odd files (a byte-order mark, //line directives, cgo, bytes that are
// not UTF-8, build constraints that leave nothing, packages of test files
// only, huge literals, deep nesting), the exit codes of runs whose only
// output is notes, and kernels whose figures are easy to get wrong. Every case asserts one clear line
// naming what and where, or the right figure; none may crash, hang or
// pass in silence. Run it with `make hostile` (part of `make test`).
//
// A case that still fails for a known reason is marked pending with that
// reason: it is run, reported as skipped while it fails, and fails the
// suite once it passes, so that the mark is removed.
package hostile
