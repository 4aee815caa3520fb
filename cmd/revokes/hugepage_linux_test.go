package main

import (
	"runtime/debug"
	"testing"
	"unsafe"
)

// TestPageAligned checks that the pages given to madvise start on a page,
// lie inside the slice, and leave out less than a page at each end.
func TestPageAligned(t *testing.T) {
	buf := make([]byte, 5*4096)
	for _, c := range []struct{ from, to int }{{0, len(buf)}, {1, len(buf)}, {100, 3*4096 + 7}, {5, 4000}, {0, 0}} {
		b := buf[c.from:c.to]
		p := pageAligned(b)
		if len(p) == 0 {
			if len(b) >= 2*4096 {
				t.Errorf("[%d:%d]: no page", c.from, c.to)
			}
			continue
		}
		start := uintptr(unsafe.Pointer(&p[0]))
		off := int(start - uintptr(unsafe.Pointer(&b[0])))
		if start%4096 != 0 || len(p)%4096 != 0 || off < 0 || off >= 4096 || off+len(p) > len(b) || len(b)-off-len(p) >= 4096 {
			t.Errorf("[%d:%d]: pages at offset %d, %d bytes", c.from, c.to, off, len(p))
		}
	}
}

// TestWarmHeap checks that the block warmHeap takes stays with the heap,
// free for the next allocations, rather than going back to the system;
// and that where Linux gives no 2 MiB pages nothing is taken.
func TestWarmHeap(t *testing.T) {
	const n = 32 << 20
	free := func() int64 { return runtimeBytes("/memory/classes/heap/free:bytes") }
	debug.FreeOSMemory() // no free page left in the heap
	before := free()
	warmHeap(n)
	grew := free() - before
	if !hugePages() {
		if grew > n/2 {
			t.Errorf("no 2 MiB pages, yet the heap's free bytes grew by %d", grew)
		}
		return
	}
	if grew < n-2*hugePage {
		t.Errorf("the heap's free bytes grew by %d, want the block's %d", grew, n)
	}
}
