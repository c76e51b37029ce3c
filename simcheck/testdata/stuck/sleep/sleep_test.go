// Package sleep has a test that never ends and no kernel: simcheck's
// -timeout must kill it.
package sleep

import (
	"testing"
	"time"
)

func TestSleep(t *testing.T) {
	for {
		time.Sleep(time.Hour)
	}
}
