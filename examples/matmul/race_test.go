//go:build race

package matmul_test

// raceEnabled is true under the race detector, which slows the simulator
// down some thirty times: the tests then skip their largest launches.
const raceEnabled = true
