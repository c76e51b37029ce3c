// Package uniform answers the synchronisation checks' questions about a
// context: how uniform a value or condition is (thread, warp, block,
// grid), values under which a condition splits a block, a warp or a
// cluster, warp collectives whose mask names lanes that do not call, and
// the exits that let threads skip a barrier.
package uniform
