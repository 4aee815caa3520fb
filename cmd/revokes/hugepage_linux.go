package main

import (
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
func pageAligned(b []byte) []byte {
	const page = 4096
	start := (page - int(uintptr(unsafe.Pointer(unsafe.SliceData(b))))%page) % page
	if start >= len(b) {
		return nil
	}
	b = b[start:]
	return b[:len(b)/page*page]
}
