//go:build !linux

package ir

import "time"

// threadTime returns the time that passed: this system's thread clock is
// not read.
func threadTime() int64 { return time.Now().UnixNano() }
