//go:build !race

package matmul_test

const raceEnabled = false
