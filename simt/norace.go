//go:build !race

package simt

// goroutineBudget bounds the memory parked kernel threads hold: each is a
// goroutine with its own stack.
const goroutineBudget = 1 << 16

const budgetNote = ""
