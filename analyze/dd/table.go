package dd

import "unsafe"

// Table sizes: slots for keys (open addressing) and an arena of entries
// (about 70 MB in all). The table is cleared whole when either runs out.
const (
	slotBits  = 19
	arenaSize = 1 << 21
)

// TableBytes is the memory of one Solver's transposition table.
const TableBytes = (1<<slotBits)*int64(unsafe.Sizeof(slot{})) + arenaSize*int64(unsafe.Sizeof(entry{}))

// entry bounds the NS tricks (lo <= tricks <= hi) of every position of
// its key whose owner bits (see ttKey) under mask[s] (in both halves)
// are pat[s] in each suit s; a mask covers the highest cards of its suit.
type entry struct {
	lo, hi int8
	mask   [4]uint16
	pat    [4]uint32
}

// slot is a key and its entries: arena[off:off+n], oldest first, with
// room for size of them. A slot is free unless gen is the table's.
type slot struct {
	key          uint64
	off, n, size int32
	gen          uint32
}

// table is the transposition table: for each key (suit lengths and
// leader), an array of entries in the arena, which moves (doubling) when
// it fills up.
type table struct {
	slots []slot
	arena []entry
	top   int // arena entries handed out
	used  int
	gen   uint32 // generation of the slots in use
	mask  uint64
}

func newTable() *table {
	t := &table{
		slots: make([]slot, 1<<slotBits),
		arena: make([]entry, arenaSize),
		mask:  1<<slotBits - 1,
		gen:   1,
	}
	return t
}

// clear empties the table: a new generation frees every slot.
func (t *table) clear() {
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
	t.top, t.used = 0, 0
}

// find returns the slot of key, or -1.
func (t *table) find(key uint64) int {
	i := (key * 0x9E3779B97F4A7C15) >> 40 & t.mask
	for {
		s := &t.slots[i]
		if s.gen != t.gen {
			return -1
		}
		if s.key == key {
			return int(i)
		}
		i = (i + 1) & t.mask
	}
}

// entries returns the entries of slot i.
func (t *table) entries(i int) []entry {
	s := &t.slots[i]
	return t.arena[s.off : s.off+s.n]
}

// matches reports whether e matches the owner bits seq.
func (e *entry) matches(seq *[4]uint32) bool {
	return seq[0]&(uint32(e.mask[0])*0x10001) == e.pat[0] &&
		seq[1]&(uint32(e.mask[1])*0x10001) == e.pat[1] &&
		seq[2]&(uint32(e.mask[2])*0x10001) == e.pat[2] &&
		seq[3]&(uint32(e.mask[3])*0x10001) == e.pat[3]
}

// lookup returns 1 when an entry shows that NS take at least target
// tricks, 0 when one shows they take fewer, -1 otherwise, with the
// pattern masks of that entry. It reads the newest entries first.
func (t *table) lookup(key uint64, seq *[4]uint32, target int) (int, [4]uint32) {
	i := t.find(key)
	if i < 0 {
		return -1, [4]uint32{}
	}
	es := t.entries(i)
	for j := len(es) - 1; j >= 0; j-- {
		e := &es[j]
		if int(e.lo) < target && int(e.hi) >= target {
			continue
		}
		if e.matches(seq) {
			r := 0
			if int(e.lo) >= target {
				r = 1
			}
			m := e.masks()
			if last := len(es) - 1; j != last {
				// Move the entry to the end, read first: it is likely
				// to answer again soon.
				es[j], es[last] = es[last], es[j]
			}
			return r, m
		}
	}
	return -1, [4]uint32{}
}

// bounds returns the tightest bounds of the matching entries.
func (t *table) bounds(key uint64, seq *[4]uint32) (int, int) {
	lo, hi := 0, 13
	i := t.find(key)
	if i < 0 {
		return lo, hi
	}
	es := t.entries(i)
	for j := range es {
		if e := &es[j]; e.matches(seq) {
			lo, hi = max(lo, int(e.lo)), min(hi, int(e.hi))
		}
	}
	return lo, hi
}

// masks returns the masks of e in both halves.
func (e *entry) masks() [4]uint32 {
	var m [4]uint32
	for i, x := range e.mask {
		m[i] = uint32(x) * 0x10001
	}
	return m
}

// store adds a bound for the pattern of seq under mask (the same in both
// halves of each suit).
func (t *table) store(key uint64, seq *[4]uint32, mask [4]uint32, lo, hi int8) {
	var pat [4]uint32
	var m16 [4]uint16
	for i := range pat {
		pat[i] = seq[i] & mask[i]
		m16[i] = uint16(mask[i])
	}
	i := t.find(key)
	if i >= 0 {
		es := t.entries(i)
		for j := range es {
			if e := &es[j]; e.mask == m16 && e.pat == pat {
				e.lo, e.hi = max(e.lo, lo), min(e.hi, hi)
				return
			}
		}
	} else {
		if t.used >= len(t.slots)*3/4 {
			t.clear()
		}
		j := (key * 0x9E3779B97F4A7C15) >> 40 & t.mask
		for t.slots[j].gen == t.gen {
			j = (j + 1) & t.mask
		}
		t.slots[j] = slot{key: key, gen: t.gen}
		t.used++
		i = int(j)
	}
	s := &t.slots[i]
	if s.n == s.size {
		size := max(4, 2*int(s.size))
		if t.top+size > len(t.arena) {
			t.clear()
			t.store(key, seq, mask, lo, hi)
			return
		}
		copy(t.arena[t.top:], t.arena[s.off:s.off+s.n])
		s.off, s.size = int32(t.top), int32(size)
		t.top += size
	}
	t.arena[s.off+s.n] = entry{lo: lo, hi: hi, pat: pat, mask: m16}
	s.n++
}
