// Package pairs searches for two threads of a block that touch the same
// bytes within one barrier interval (a shared-memory race): it pairs
// accesses, proves disjointness symbolically where it can, and otherwise
// enumerates threads and uniform values, indexed by address.
package pairs
