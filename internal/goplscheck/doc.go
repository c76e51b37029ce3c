// Package goplscheck holds the tests of the gopls that "make gopls" builds
// from the module in gopls/: its findings against smemlint's own on the
// same files, and the configuration file seen through it.
package goplscheck
