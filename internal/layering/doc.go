// Package layering holds the test of what may import what in smemlint
// (docs/design.md, "What may import what"). It has no code of its own.
package layering
