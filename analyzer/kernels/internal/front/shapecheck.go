package front

import (
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/directive"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// checkShape applies the simulator's launch rules (model.CheckLaunch) to
// a shape as far as it is known, on the profile arch names (-arch when
// ""): a shape simt.Launch would reject is not evaluated as written.
func checkShape(cfg *config.Config, s ir.Shape, arch string) error {
	a, err := LookupArch(cfg, arch)
	if err != nil {
		return err
	}
	dim := func(d ir.Dim) [3]int { return [3]int{d.X, d.Y, d.Z} }
	// Shared memory is left to the capacity check, which adds the
	// kernel's static arrays to it.
	ls := model.LaunchShape{Block: dim(s.Block), Grid: dim(s.Grid), NoGrid: !s.Grid.Known()}
	if s.Cluster.Known() {
		ls.Cluster = dim(s.Cluster)
	}
	return a.CheckLaunch(ls)
}

// checkDirective is checkShape for a //smemlint:launch directive.
func checkDirective(cfg *config.Config, l directive.Launch) error {
	return checkShape(cfg, directiveShape(l, 0), l.Arch)
}
