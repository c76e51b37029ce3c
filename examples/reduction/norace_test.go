//go:build !race

package reduction_test

const raceEnabled = false
