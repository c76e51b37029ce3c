package faial

import (
	"testing"

	"example.com/corpora/peers/launch"
)

// kernels are the suite's kernels that run with the shapes of their directives.
var kernels = map[string]any{
	"wgslArrayArray":        wgslArrayArray,
	"wgslArrayVector2":      wgslArrayVector2,
	"wgslConst":             wgslConst,
	"wgslIndirectRead":      wgslIndirectRead,
	"wgslInlineRet":         wgslInlineRet,
	"wgslLoopBreakIf":       wgslLoopBreakIf,
	"wgslLoopLt":            wgslLoopLt,
	"wgslLoopRelMinus":      wgslLoopRelMinus,
	"wgslSaxpy":             wgslSaxpy,
	"wgslUnary":             wgslUnary,
	"wgslUniformLoad":       wgslUniformLoad,
	"wgslRacySaxpy":         wgslRacySaxpy,
	"drfSaxpy":              drfSaxpy,
	"racySaxpy":             racySaxpy,
	"drf2D":                 drf2D,
	"racy2D":                racy2D,
	"drfAlias":              drfAlias,
	"racyAlias":             racyAlias,
	"racyAliasAssign":       racyAliasAssign,
	"racyAliasShmem1":       racyAliasShmem1,
	"racyAliasShmem2":       racyAliasShmem2,
	"racyAliasShmem3":       racyAliasShmem3,
	"racyAtomics":           racyAtomics,
	"drfCav21":              drfCav21,
	"racyCav21":             racyCav21,
	"drfComma":              drfComma,
	"racyComma":             racyComma,
	"drfEnum":               drfEnum,
	"drfEnumConstraint":     drfEnumConstraint,
	"drfFieldInParam":       drfFieldInParam,
	"drfInlineVar":          drfInlineVar,
	"drfLoopAligned":        drfLoopAligned,
	"drfLoop1":              drfLoop1,
	"drfLoop2":              drfLoop2,
	"drfLoop3":              drfLoop3,
	"drfLoop4":              drfLoop4,
	"drfLoop5":              drfLoop5,
	"racyLoopCommaInCond":   racyLoopCommaInCond,
	"drfLoopCommaInCond":    drfLoopCommaInCond,
	"racyMutation":          racyMutation,
	"racySharedMem":         racySharedMem,
	"drfSharedMem":          drfSharedMem,
	"racySharedMem2":        racySharedMem2,
	"racySharedScalar":      racySharedScalar,
	"racyGridLevel":         racyGridLevel,
	"parseGV":               parseGV,
	"parseGV3":              parseGV3,
	"racyDeviceRef":         racyDeviceRef,
	"racyDeviceNoArgs":      racyDeviceNoArgs,
	"racyStruct":            racyStruct,
	"racyTopLevel":          racyTopLevel,
	"drfTopLevel":           drfTopLevel,
	"racyKernelCallsReturn": racyKernelCallsReturn,
	"drfTypedef":            drfTypedef,
	"drfAssertLoop":         drfAssertLoop,
	"drfAssignExp":          drfAssignExp,
	"racyReduce":            racyReduce,
	"racyWarp":              racyWarp,
	"drfWarp":               drfWarp,
}

// TestLaunch runs every kernel of the suite; those with the verdict
// divergence must deadlock, the others finish.
func TestLaunch(t *testing.T) {
	launch.All(t, ".", kernels, map[string]func() error{"racyLoop1": func() error { return runRacyLoop1(make([]float32, 1024)) }, "racyLoop2": func() error { return runRacyLoop2(make([]float32, 1024), make([]float32, 1024)) }})
}
