//go:build !race

package transpose_test

const raceEnabled = false
