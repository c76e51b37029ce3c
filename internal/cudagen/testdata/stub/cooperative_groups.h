// Stand-in for <cooperative_groups.h>: the cluster calls generated code makes.
#pragma once
namespace cooperative_groups {
struct cluster_group {
  void sync();
  unsigned block_rank();
  unsigned num_blocks();
  template <class T> T* map_shared_rank(T* p, unsigned rank);
};
cluster_group this_cluster();
}
