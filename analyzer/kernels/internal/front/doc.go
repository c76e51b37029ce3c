// Package front finds the kernels of a package and what each is evaluated
// under: kernel declarations, //smemlint:launch directives, simt.Launch
// calls and the constant values of their host functions, the kernels of
// imported packages (from their source, a fact), and the source text that
// messages quote. Its output is a list of jobs for the interpreter.
package front
