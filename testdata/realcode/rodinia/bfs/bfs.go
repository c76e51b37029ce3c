// Package bfs ports Rodinia's breadth-first search kernels (a graph of
// 65,536 nodes, blocks of 512) to the simt API. Source:
// github.com/yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/bfs/kernel.cu lines 21-38 (Kernel), cuda/bfs/kernel2.cu lines 21-33
// (Kernel2) and cuda/bfs/bfs.cu lines 99-226. Each access names its CUDA
// line in its own file.
package bfs

import "github.com/smemlint/smemlint/simt"

const (
	maxThreadsPerBlock = 512
	noOfNodes          = 65536
	edges              = 4 * noOfNodes
)

// Node is bfs.cu's struct Node: two ints.
type Node struct {
	Starting  int32
	NoOfEdges int32
}

func Kernel(t *simt.Thread, gGraphNodes []Node, gGraphEdges []int32, gGraphMask, gUpdatingGraphMask, gGraphVisited []bool, gCost []int32, noOfNodes int) {
	tid := t.BlockIdx.X*maxThreadsPerBlock + t.ThreadIdx.X
	if tid < noOfNodes && gGraphMask[tid] { // cuda:25
		gGraphMask[tid] = false                                                                                       // cuda:27
		for i := int(gGraphNodes[tid].Starting); i < int(gGraphNodes[tid].NoOfEdges+gGraphNodes[tid].Starting); i++ { // cuda:28
			id := gGraphEdges[i]    // cuda:30
			if !gGraphVisited[id] { // cuda:31
				gCost[id] = gCost[tid] + 1    // cuda:33
				gUpdatingGraphMask[id] = true // cuda:34
			}
		}
	}
}

func Kernel2(t *simt.Thread, gGraphMask, gUpdatingGraphMask, gGraphVisited, gOver []bool, noOfNodes int) {
	tid := t.BlockIdx.X*maxThreadsPerBlock + t.ThreadIdx.X
	if tid < noOfNodes && gUpdatingGraphMask[tid] { // cuda:25
		gGraphMask[tid] = true          // cuda:28
		gGraphVisited[tid] = true       // cuda:29
		gOver[0] = true                 // cuda:30
		gUpdatingGraphMask[tid] = false // cuda:31
	}
}

// Run launches each kernel once, as the first step of bfs.cu's loop does.
func Run() error {
	nodes, edgeList := simt.Malloc[Node](noOfNodes), simt.Malloc[int32](edges)
	mask, updating, visited := simt.Malloc[bool](noOfNodes), simt.Malloc[bool](noOfNodes), simt.Malloc[bool](noOfNodes)
	cost, over := simt.Malloc[int32](noOfNodes), simt.Malloc[bool](1)
	cfg := simt.Config{Grid: simt.Dim3{X: noOfNodes / maxThreadsPerBlock}, Block: simt.Dim3{X: maxThreadsPerBlock}}
	if err := simt.Launch(cfg, func(t *simt.Thread) {
		Kernel(t, nodes, edgeList, mask, updating, visited, cost, noOfNodes)
	}); err != nil {
		return err
	}
	return simt.Launch(cfg, func(t *simt.Thread) { Kernel2(t, mask, updating, visited, over, noOfNodes) })
}
