// Package interp evaluates one kernel job statement by statement and
// records what it finds in an ir.Context: every memory access as an affine
// byte address with its guard, loops and device-function calls, and every
// barrier, warp collective and exit with the conditions that lead there.
package interp
