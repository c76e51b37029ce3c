//go:build !linux

package main

import (
	"errors"
	"os"
)

// parentStderr needs Linux's pidfd_getfd.
func parentStderr() (*os.File, error) {
	return nil, errors.New("no pidfd_getfd on this system")
}
