// Package faial holds kernels ported from the data-race examples of Faial
// (github.com/elliotsayes/faial, examples/drf, whose test.ml gives each
// file's expected exit status: 0 data-race free, 1 racy): their index
// expressions, loops, barriers and launch shapes, written in Go against
// simt. Faial checks the threads of one block unless told --grid-level;
// where a file gives no launch shape, the one here is 256 threads in 4
// blocks. Faial does not report writes of one constant by every thread
// ("benign"); under CUDA's memory model they race, and the verdicts here
// are CUDA's, with Faial's in the comment.
package faial
