package kernels

// Hypotheses and AlignedFirst expose the tried values to the external tests.
func Hypotheses() []int64   { return hypotheses }
func AlignedFirst() []int64 { return alignedFirst }
