package main

import (
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
