package main

import (
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The run's soft memory limit (memoryLimit, decided once in run as
// ownLimit): the room made in it for what the collector cannot free, and
// what the runtime says of its heap.

// limitMu orders the changes of the soft memory limit.
var limitMu sync.Mutex

// raiseMemoryLimit adds n bytes (negative: takes them back) to the soft
// memory limit: room for what the run keeps that the collector cannot
// free (a solver's table, the records kept for re-scoring).
func raiseMemoryLimit(n int64) {
	limitMu.Lock()
	debug.SetMemoryLimit(debug.SetMemoryLimit(-1) + n)
	limitMu.Unlock()
}

// keepRoom raises the soft memory limit, when it is lower, to the live
// heap and memoryLimit's room above it, and returns by how much.
func keepRoom(live int64) int64 {
	limitMu.Lock()
	defer limitMu.Unlock()
	cur := debug.SetMemoryLimit(-1)
	more := live + memoryLimit - cur
	if more <= 0 {
		return 0
	}
	debug.SetMemoryLimit(cur + more)
	return more
}

// liveHeap returns the bytes of the heap the last collection found live.
func liveHeap() int64 { return runtimeBytes("/gc/heap/live:bytes") }

// heapRoom returns the bytes the heap may still take under the soft
// memory limit: the limit less all the memory the runtime has now.
func heapRoom() int64 {
	return debug.SetMemoryLimit(-1) - runtimeBytes("/memory/classes/total:bytes")
}

// runtimeBytes reads one of the runtime's byte counts (runtime/metrics),
// zero when the runtime does not have it.
func runtimeBytes(name string) int64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}
