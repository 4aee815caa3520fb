package main

import (
	"bytes"
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back b with 2 MiB pages. The table of the
// boards' keys is read at random, once a board: with 4 KiB pages nearly
// every lookup misses the address cache (TLB) and the first touch of
// each page faults; with 2 MiB pages both are rare. The advice is a
// hint: when it is refused the table works as before.
func adviseHuge(b []byte) {
	if p := pageAligned(b); len(p) > 0 {
		_ = syscall.Madvise(p, syscall.MADV_HUGEPAGE)
	}
}

// pageAligned returns the whole 4 KiB pages of b (madvise takes nothing
// else).
func pageAligned(b []byte) []byte { return wholePages(b, 4096) }

// wholePages returns the part of b that is whole pages of size bytes.
func wholePages(b []byte, size int) []byte {
	start := (size - int(uintptr(unsafe.Pointer(unsafe.SliceData(b))))%size) % size
	if start >= len(b) {
		return nil
	}
	b = b[start:]
	return b[:len(b)/size*size]
}

// warmHeap gives the heap n bytes on 2 MiB pages before the run fills it:
// it allocates a block of n bytes, asks for 2 MiB pages, writes a byte in
// each, and lets the block go, so that the allocator puts the boards of
// the run there. A large run's heap grows to the memory limit, and each
// 4 KiB page the heap takes fresh costs a page fault (some 30,000 of them
// on the way to the limit, microseconds each, more in a virtual machine);
// the block takes one a 2 MiB page. Nothing is done when Linux gives no
// 2 MiB pages (transparent_hugepage "never"): the faults would only come
// sooner.
func warmHeap(n int64) {
	if n < hugePage || !hugePages() {
		return
	}
	b := make([]byte, n)
	adviseHuge(b)
	huge := wholePages(b, hugePage)
	for i := 0; i < len(huge); i += hugePage {
		huge[i] = 1
	}
	runtime.KeepAlive(b)
	b = nil
	runtime.GC() // the block is free now: its pages go to the next allocations
}

// hugePage is the size of a 2 MiB page.
const hugePage = 2 << 20

// hugePages reports whether Linux gives 2 MiB pages to memory that asks
// for them (transparent_hugepage "always" or "madvise").
func hugePages() bool {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && !bytes.Contains(mode, []byte("[never]"))
}
