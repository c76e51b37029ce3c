package model

import (
	"fmt"
	"math"
)

// LaunchShape is a kernel launch as the simulator runs it and as the
// analyzer reads it from a simt.Config literal or a //smemlint:launch
// directive. Y and Z of 0 mean 1, as in CUDA's dim3; a zero Cluster means
// no cluster.
type LaunchShape struct {
	Grid, Block, Cluster [3]int
	// NoGrid is true when the grid is not known (a directive without
	// grid=): the grid's rules are not checked.
	NoGrid      bool
	SharedBytes int64 // dynamic shared memory per block
}

// CheckLaunch returns the first rule of the profile's launch limits that s
// breaks, in the words the simulator's Launch and the directive check both
// use, or nil. Both call it, so that a shape the simulator rejects is
// rejected by the analyzer with the same sentence.
func (a *Arch) CheckLaunch(s LaunchShape) error {
	if err := checkShape("block", s.Block); err != nil {
		return err
	}
	if !s.NoGrid {
		if err := checkShape("grid", s.Grid); err != nil {
			return err
		}
	}
	blk, grid := norm3(s.Block), norm3(s.Grid)
	if n := volume3(blk); n > a.MaxThreadsPerBlock {
		return fmt.Errorf("block %s has %d threads; %s allows at most %d", shape3(blk), n, a.Name, a.MaxThreadsPerBlock)
	}
	if err := checkDimLimits("block", blk, a.MaxBlockDim, a.Name); err != nil {
		return err
	}
	if !s.NoGrid {
		if err := checkDimLimits("grid", grid, a.MaxGridDim, a.Name); err != nil {
			return err
		}
	}
	if err := a.checkCluster(s.Cluster, grid, s.NoGrid); err != nil {
		return err
	}
	if s.SharedBytes < 0 {
		return fmt.Errorf("SharedBytes is %d; it must not be negative", s.SharedBytes)
	}
	if err := a.CheckSharedSize(0, int(s.SharedBytes)); err != nil {
		return fmt.Errorf("SharedBytes: %w", err)
	}
	return nil
}

// checkCluster checks the cluster shape c against the profile and, when
// known, the normalised grid.
func (a *Arch) checkCluster(c, grid [3]int, noGrid bool) error {
	if c == ([3]int{}) {
		return nil
	}
	if err := checkShape("cluster", c); err != nil {
		return err
	}
	c = norm3(c)
	if a.MaxClusterBlocks == 0 {
		return fmt.Errorf("cluster %s: %s has no thread block clusters", shape3(c), a.Name)
	}
	if n := volume3(c); n > a.MaxClusterBlocks {
		return fmt.Errorf("cluster %s has %d blocks; %s allows at most %d", shape3(c), n, a.Name, a.MaxClusterBlocks)
	}
	if noGrid {
		return nil
	}
	for i := range 3 {
		if grid[i]%c[i] != 0 {
			return fmt.Errorf("grid %s is not a multiple of cluster %s in %c", shape3(grid), shape3(c), "XYZ"[i])
		}
	}
	return nil
}

// checkShape rejects negative dimensions and a zero X.
func checkShape(field string, d [3]int) error {
	if d[0] < 0 || d[1] < 0 || d[2] < 0 {
		return fmt.Errorf("%s %s has a negative dimension", field, shape3(d))
	}
	if d[0] == 0 {
		return fmt.Errorf("%s %s: X must be at least 1 (only Y and Z may be 0, meaning 1)", field, shape3(d))
	}
	return nil
}

// checkDimLimits rejects a shape with a dimension over the per-dimension
// limit.
func checkDimLimits(field string, d, max [3]int, arch string) error {
	for i, v := range d {
		if v > max[i] {
			return fmt.Errorf("%s %s: %c is %d; %s allows at most %d in %c",
				field, shape3(d), "XYZ"[i], v, arch, max[i], "XYZ"[i])
		}
	}
	return nil
}

// norm3 returns d with zero Y and Z replaced by 1.
func norm3(d [3]int) [3]int {
	for i := 1; i < 3; i++ {
		if d[i] == 0 {
			d[i] = 1
		}
	}
	return d
}

// volume3 multiplies the non-negative dimensions, saturating at
// math.MaxInt.
func volume3(d [3]int) int {
	n := 1
	for _, v := range d {
		if v != 0 && n > math.MaxInt/v {
			return math.MaxInt
		}
		n *= v
	}
	return n
}

func shape3(d [3]int) string { return fmt.Sprintf("%dx%dx%d", d[0], d[1], d[2]) }
