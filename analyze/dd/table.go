package dd

// Table sizes: slots for keys (open addressing) and blocks of entries
// (about 40 MB in all). The table is cleared whole when either runs out.
const (
	slotBits  = 19
	poolBlock = 1 << 17
)

// blockSize is the number of entries in a block.
const blockSize = 8

// block is a block of entries of one key, chained to the older ones.
// Entry j bounds the NS tricks (lo[j] <= tricks <= hi[j]) of every
// position of its key whose owner bits (see ttKey) under pm[j].mask[s]
// are pm[j].pat[s] in each suit s; a mask covers the highest cards of its
// suit.
// The bounds come first, so that a lookup can skip the entries that
// cannot answer it without touching their patterns.
type block struct {
	lo, hi [blockSize]int8
	n      int32
	next   int32 // index of the next block, -1 at the end
	pm     [blockSize]patMask
}

// patMask is the pattern and masks of an entry, side by side so that a
// match reads one cache line.
type patMask struct {
	pat, mask [4]uint32
}

// slot is a key (0 for a free slot) and the first block of its chain.
type slot struct {
	key  uint64
	head int32
}

// table is the transposition table: for each key (suit lengths and
// leader), a chain of blocks of entries.
type table struct {
	slots  []slot
	blocks []block
	nb     int
	used   int
	mask   uint64
}

func newTable() *table {
	t := &table{
		slots:  make([]slot, 1<<slotBits),
		blocks: make([]block, poolBlock),
		mask:   1<<slotBits - 1,
	}
	return t
}

func (t *table) clear() {
	clear(t.slots)
	t.nb, t.used = 0, 0
}

// find returns the slot of key, or -1.
func (t *table) find(key uint64) int {
	i := (key * 0x9E3779B97F4A7C15) >> 40 & t.mask
	for {
		k := t.slots[i].key
		if k == key {
			return int(i)
		}
		if k == 0 {
			return -1
		}
		i = (i + 1) & t.mask
	}
}

// matches reports whether entry j matches the owner bits seq.
func (bl *block) matches(j int32, seq *[4]uint32) bool {
	m, p := &bl.pm[j].mask, &bl.pm[j].pat
	return seq[0]&m[0] == p[0] &&
		seq[1]&m[1] == p[1] &&
		seq[2]&m[2] == p[2] &&
		seq[3]&m[3] == p[3]
}

// lookup returns 1 when an entry shows that NS take at least target
// tricks, 0 when one shows they take fewer, -1 otherwise, with the
// pattern masks of that entry.
func (t *table) lookup(key uint64, seq *[4]uint32, target int) (int, [4]uint32) {
	i := t.find(key)
	if i < 0 {
		return -1, [4]uint32{}
	}
	for b := t.slots[i].head; b >= 0; b = t.blocks[b].next {
		bl := &t.blocks[b]
		for j := int32(0); j < bl.n; j++ {
			if int(bl.lo[j]) < target && int(bl.hi[j]) >= target {
				continue
			}
			if bl.matches(j, seq) {
				r := 0
				if int(bl.lo[j]) >= target {
					r = 1
				}
				m := bl.pm[j].mask
				if hb := &t.blocks[t.slots[i].head]; hb != bl || j != 0 {
					// Move the entry to the front: it is likely to
					// answer again soon.
					bl.lo[j], hb.lo[0] = hb.lo[0], bl.lo[j]
					bl.hi[j], hb.hi[0] = hb.hi[0], bl.hi[j]
					bl.pm[j], hb.pm[0] = hb.pm[0], bl.pm[j]
				}
				return r, m
			}
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
	for b := t.slots[i].head; b >= 0; b = t.blocks[b].next {
		bl := &t.blocks[b]
		for j := int32(0); j < bl.n; j++ {
			if bl.matches(j, seq) {
				lo, hi = max(lo, int(bl.lo[j])), min(hi, int(bl.hi[j]))
			}
		}
	}
	return lo, hi
}

// store adds a bound for the pattern of seq under mask.
func (t *table) store(key uint64, seq *[4]uint32, mask [4]uint32, lo, hi int8) {
	var pat [4]uint32
	for i := range pat {
		pat[i] = seq[i] & mask[i]
	}
	i := t.find(key)
	if i >= 0 {
		for b := t.slots[i].head; b >= 0; b = t.blocks[b].next {
			bl := &t.blocks[b]
			for j := int32(0); j < bl.n; j++ {
				if bl.pm[j].mask == mask && bl.pm[j].pat == pat {
					bl.lo[j], bl.hi[j] = max(bl.lo[j], lo), min(bl.hi[j], hi)
					return
				}
			}
		}
	}
	if i < 0 {
		if t.used >= len(t.slots)*3/4 || t.nb >= len(t.blocks) {
			t.clear()
		}
		j := (key * 0x9E3779B97F4A7C15) >> 40 & t.mask
		for t.slots[j].key != 0 {
			j = (j + 1) & t.mask
		}
		t.slots[j] = slot{key, -1}
		t.used++
		i = int(j)
	}
	h := t.slots[i].head
	if h < 0 || t.blocks[h].n == blockSize {
		if t.nb >= len(t.blocks) {
			t.clear()
			t.store(key, seq, mask, lo, hi)
			return
		}
		nb := int32(t.nb)
		t.nb++
		t.blocks[nb].n, t.blocks[nb].next = 0, h
		t.slots[i].head = nb
		h = nb
	}
	bl := &t.blocks[h]
	j := bl.n
	bl.pm[j], bl.lo[j], bl.hi[j] = patMask{pat, mask}, lo, hi
	bl.n++
}
