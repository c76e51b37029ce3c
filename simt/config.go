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

// checkShape rejects negative dimensions and a zero X.
func checkShape(field string, d Dim3) string {
	if d.X < 0 || d.Y < 0 || d.Z < 0 {
		return fmt.Sprintf("%s %s has a negative dimension", field, shape(d))
	}
	if d.X == 0 {
		return fmt.Sprintf("%s %s: X must be at least 1 (only Y and Z may be 0, meaning 1)", field, shape(d))
	}
	return ""
}

// checkLimits rejects a shape with a dimension over the per-dimension limit.
func checkLimits(field string, d Dim3, max [3]int, arch string) string {
	for i, v := range [3]int{d.X, d.Y, d.Z} {
		if v > max[i] {
			return fmt.Sprintf("%s %s: %c is %d; %s allows at most %d in %c",
				field, shape(d), "XYZ"[i], v, arch, max[i], "XYZ"[i])
		}
	}
	return ""
}

// newLaunch validates cfg and returns the launch it describes.
func newLaunch(cfg Config, kernel func(*Thread)) (*launch, *LaunchError) {
	msg := func(format string, args ...any) *LaunchError {
		return &LaunchError{Kind: KindConfig, Kernel: cfg.Name, Msg: fmt.Sprintf(format, args...)}
	}
	if kernel == nil {
		return nil, msg("nil kernel")
	}
	arch, err := model.Lookup(cfg.Arch, 0)
	if err != nil {
		return nil, msg("Arch: %v", err)
	}
	for _, f := range []struct {
		name string
		d    Dim3
	}{{"grid", cfg.Grid}, {"block", cfg.Block}} {
		if m := checkShape(f.name, f.d); m != "" {
			return nil, msg("%s", m)
		}
	}
	grid, blk := norm(cfg.Grid), norm(cfg.Block)
	if n := volume(blk); n > arch.MaxThreadsPerBlock {
		return nil, msg("block %s has %d threads; %s allows at most %d", shape(blk), n, arch.Name, arch.MaxThreadsPerBlock)
	}
	if m := checkLimits("block", blk, arch.MaxBlockDim, arch.Name); m != "" {
		return nil, msg("%s", m)
	}
	if m := checkLimits("grid", grid, arch.MaxGridDim, arch.Name); m != "" {
		return nil, msg("%s", m)
	}
	cl, lerr := checkCluster(cfg.Cluster, grid, arch, msg)
	if lerr != nil {
		return nil, lerr
	}
	if cfg.SharedBytes < 0 {
		return nil, msg("SharedBytes is %d; it must not be negative", cfg.SharedBytes)
	}
	if err := arch.CheckSharedSize(0, cfg.SharedBytes); err != nil {
		return nil, msg("SharedBytes: %v", err)
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

// checkCluster validates the cluster shape; the zero Dim3 means no cluster.
func checkCluster(c, grid Dim3, arch *model.Arch, msg func(string, ...any) *LaunchError) (Dim3, *LaunchError) {
	if c == (Dim3{}) {
		return Dim3{1, 1, 1}, nil
	}
	if m := checkShape("cluster", c); m != "" {
		return c, msg("%s", m)
	}
	c = norm(c)
	if arch.MaxClusterBlocks == 0 {
		return c, msg("cluster %s: %s has no thread block clusters", shape(c), arch.Name)
	}
	if n := volume(c); n > arch.MaxClusterBlocks {
		return c, msg("cluster %s has %d blocks; %s allows at most %d", shape(c), n, arch.Name, arch.MaxClusterBlocks)
	}
	for i, p := range [3][2]int{{grid.X, c.X}, {grid.Y, c.Y}, {grid.Z, c.Z}} {
		if p[0]%p[1] != 0 {
			return c, msg("grid %s is not a multiple of cluster %s in %c", shape(grid), shape(c), "XYZ"[i])
		}
	}
	return c, nil
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
