// Package cluster reports distributed shared memory used outside the
// Cluster().Sync() calls that make it safe.
//
// # Analyzer cluster
//
// cluster: report distributed shared memory used before the first or after the last cluster barrier
//
// A block of a thread block cluster may touch another block's shared
// memory (MapSharedRank, MapSharedRankSlice) only while that block is
// running: after a Cluster().Sync() that every block of the cluster has
// reached — before it, the other block may not have started — and before a
// final Cluster().Sync() that keeps the other block from exiting, and
// releasing its shared memory, while the accesses are in flight.
//
// The check follows every path through the kernel: it reports a mapping
// that no Cluster().Sync() precedes on some path, and the last remote
// access (or mapping of another rank) that no Cluster().Sync() follows on
// some path to the block's exit — a missing final sync, or a return
// between the access and the sync:
//
//	for i := tid; i < n; i += stride {
//		dst := simt.MapSharedRankSlice(t, smem, rank)
//		simt.AtomicAdd(t, &dst[bin], 1) // distributed shared memory of another block used here … and no Cluster().Sync() follows …
//	}
//	t.SyncThreads() // orders this block only
//
// Add cluster.Sync() after the last remote access, on every path. Whether
// the barrier itself is reached by every thread of the cluster is the
// barrier check's concern.
//
// Suppress one report with //smemlint:ignore cluster <reason> on the line
// or the line above.
package cluster
