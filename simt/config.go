package simt

import (
	"fmt"
	"math"
	"sync"

	"github.com/smemlint/smemlint/model"
)

// norm returns a shape with zero Y and Z replaced by 1, as dim3 defaults.
func norm(d Dim3) Dim3 {
	if d.Y == 0 {
		d.Y = 1
	}
	if d.Z == 0 {
		d.Z = 1
	}
	return d
}

// mulSat multiplies non-negative numbers, saturating at math.MaxInt.
func mulSat(a, b int) int {
	if a != 0 && b > math.MaxInt/a {
		return math.MaxInt
	}
	return a * b
}

func volume(d Dim3) int { return mulSat(mulSat(d.X, d.Y), d.Z) }

// shape returns cfg's launch shape for model.CheckLaunch, which holds the
// rules the analyzer applies to the same shapes.
func (cfg Config) shape() model.LaunchShape {
	d := func(d Dim3) [3]int { return [3]int{d.X, d.Y, d.Z} }
	return model.LaunchShape{Grid: d(cfg.Grid), Block: d(cfg.Block), Cluster: d(cfg.Cluster), SharedBytes: int64(cfg.SharedBytes)}
}

// newLaunch validates cfg and returns the launch it describes.
func newLaunch(cfg Config, kernel func(*Thread)) (*launch, *LaunchError) {
	msg := func(format string, args ...any) *LaunchError {
		return &LaunchError{Kind: KindConfig, Kernel: cfg.Name, Msg: fmt.Sprintf(format, args...)}
	}
	if kernel == nil {
		return nil, msg("nil kernel")
	}
	arch, err := launchArch(cfg.Arch)
	if err != nil {
		return nil, msg("Arch: %v", err)
	}
	if err := arch.CheckLaunch(cfg.shape()); err != nil {
		return nil, msg("%v", err)
	}
	grid, blk, cl := norm(cfg.Grid), norm(cfg.Block), Dim3{1, 1, 1}
	if cfg.Cluster != (Dim3{}) {
		cl = norm(cfg.Cluster)
	}
	l := &launch{cfg: cfg, arch: arch, kernel: kernel, grid: grid, block: blk, cluster: cl}
	l.failAt.Store(math.MaxInt64)
	l.blockThreads = volume(blk)
	l.groupBlocks = volume(cl)
	l.groupThreads = l.blockThreads * l.groupBlocks
	l.clusterGrid = Dim3{X: grid.X / cl.X, Y: grid.Y / cl.Y, Z: grid.Z / cl.Z}
	l.groups = volume(l.clusterGrid)
	if l.groups == math.MaxInt {
		return nil, msg("grid %s has too many blocks", shape(grid))
	}
	if l.groupThreads > goroutines.size {
		return nil, msg("%s of %d threads runs %d threads together, one goroutine each; this process allows %d%s",
			groupName(l.groupBlocks), l.blockThreads, l.groupThreads, goroutines.size, budgetNote)
	}
	return l, nil
}

func groupName(blocks int) string {
	if blocks == 1 {
		return "a block"
	}
	return fmt.Sprintf("a cluster of %d blocks", blocks)
}

// budget is a counting semaphore of goroutine slots shared by all launches
// of the process: the race detector fails beyond 8128 live goroutines, and
// tests run launches in parallel.
type budget struct {
	size int
	mu   sync.Mutex
	cond sync.Cond
	free int
}

var goroutines = newBudget(goroutineBudget)

func newBudget(n int) *budget {
	b := &budget{size: n, free: n}
	b.cond.L = &b.mu
	return b
}

// acquire takes n slots at once, waiting until they are free. Taking them
// all or none means two launches can never each hold part of what the
// other waits for.
func (b *budget) acquire(n int) {
	b.mu.Lock()
	for b.free < n {
		b.cond.Wait()
	}
	b.free -= n
	b.mu.Unlock()
}

// tryAcquire takes n slots if they are free now.
func (b *budget) tryAcquire(n int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.free < n {
		return false
	}
	b.free -= n
	return true
}

func (b *budget) release(n int) {
	b.mu.Lock()
	b.free += n
	b.mu.Unlock()
	b.cond.Broadcast()
}
