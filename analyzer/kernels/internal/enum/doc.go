// Package enum turns an access of an ir.Context into requests and figures:
// it enumerates the warps of the launch shape (and loop values, alignments
// of unknown offsets, hypotheses for unknown strides) and prices each warp
// request with the hardware model.
package enum
