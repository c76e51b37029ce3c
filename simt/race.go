//go:build race

package simt

// goroutineBudget leaves the race detector's limit of 8128 live goroutines
// room for the test binary's own goroutines.
const goroutineBudget = 6000

const budgetNote = " under the race detector"
