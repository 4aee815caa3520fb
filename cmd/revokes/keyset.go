package main

import "unsafe"

// keySet holds the boards' keys with the first copy of each: open
// addressing over a power-of-two table, the slot taken from the key's
// first word (already a hash, so not hashed again), linear probing. A
// slot is 16 bytes, so a lookup touches one cache line; the writer asks
// it once a board. The first copies are kept apart, in the order they
// were added, so that the table read at random stays small.
type keySet struct {
	slots []keySlot
	refs  []copyRef // the first copy of each key, by the slots' ref
	sink  uint64    // what touch read, kept so that its reads stay
	// held is the bytes of the table and of refs' array, which the
	// collector cannot free while the run goes on; grown, when set, is
	// told by how much each new table changes it.
	held  int64
	grown func(delta int64)
}

// keySlot is one slot: the key's first word (the hash), the low half of
// its second (the deal), and the index of its first copy in keySet.refs.
// A zero first word is an empty slot (keyOf never gives one).
type keySlot struct {
	k0  uint64
	k1  uint32
	ref uint32
}

// maxKeys is the most keys the set holds (refs are 32-bit); the boards
// after are not looked up.
const maxKeys = 1<<32 - 1

// add returns the first copy of k when it is in the set; otherwise it
// adds k with ref and returns false.
func (s *keySet) add(k dupKey, ref copyRef) (copyRef, bool) {
	if 4*(len(s.refs)+1) > 3*len(s.slots) {
		s.grow(max(2*len(s.slots), 1<<16))
	}
	mask := uint64(len(s.slots) - 1)
	k1 := uint32(k[1])
	for i := k[0] & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		switch {
		case sl.k0 == k[0] && sl.k1 == k1:
			return s.refs[sl.ref], true
		case sl.k0 == 0:
			if len(s.refs) < maxKeys {
				*sl = keySlot{k0: k[0], k1: k1, ref: uint32(len(s.refs))}
				s.refs = append(s.refs, ref)
			}
			return copyRef{}, false
		}
	}
}

// touch reads the slots where keys will be looked up, one after the
// other: the reads do not wait for each other, so the processor fetches
// many of the table's lines at once, and the lookups in order (add) then
// find them in the cache. It does what a prefetch would.
func (s *keySet) touch(keys []dupKey) {
	if len(s.slots) == 0 {
		return
	}
	mask := uint64(len(s.slots) - 1)
	var sum uint64
	for _, k := range keys {
		sum += s.slots[k[0]&mask].k0
	}
	s.sink += sum
}

// maxReserve is the most keys reserve makes room for at once (a table
// of 64 MiB); a larger input grows the table as it goes.
const maxReserve = 3 << 20

// reserve makes room for about n keys before the first is added.
func (s *keySet) reserve(n int64) {
	n = min(n, maxReserve)
	size := 1 << 16
	for int64(3*size) < 4*n {
		size *= 2
	}
	if size > len(s.slots) && len(s.refs) == 0 {
		s.grow(size)
	}
}

// hugeFrom is the size of an array of the set (the slots, the first
// copies) from which it asks for 2 MiB pages: a smaller one is covered by
// the processor's address cache as it is, and its 2 MiB pages would be
// mostly zeroed for nothing.
const hugeFrom = 8 << 20

// memory returns the bytes of the array of s, to its capacity.
func memory[T any](s []T) []byte {
	var t T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), cap(s)*int(unsafe.Sizeof(t)))
}

// grow makes a table of size slots and puts the keys back.
func (s *keySet) grow(size int) {
	old := s.slots
	s.slots = make([]keySlot, size)
	// The table grows before refs is three quarters of it: refs' array,
	// made that large now, is not copied again until the next table.
	refs := make([]copyRef, len(s.refs), size/4*3)
	copy(refs, s.refs)
	s.refs = refs
	slots, firsts := memory(s.slots), memory(refs)
	for _, b := range [][]byte{slots, firsts} {
		if len(b) >= hugeFrom {
			adviseHuge(b)
		}
	}
	held := int64(len(slots) + len(firsts))
	if s.grown != nil {
		s.grown(held - s.held)
	}
	s.held = held
	mask := uint64(size - 1)
	for _, sl := range old {
		if sl.k0 == 0 {
			continue
		}
		i := sl.k0 & mask
		for s.slots[i].k0 != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
	}
}
