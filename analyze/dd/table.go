package dd

// defaultTableBits is log2 of the number of buckets of a new table.
var defaultTableBits uint = 17

// bucketSize is the number of entries a bucket holds.
const bucketSize = 8

// entry is a bound on the NS tricks of every position of its bucket whose
// k[s] highest cards of each suit s have the owners pat[s] (two bits a
// card, highest first).
type entry struct {
	pat    [4]uint32
	k      [4]uint8
	lo, hi int8
}

// bucket holds the entries of one key (suit lengths and leader).
type bucket struct {
	key     uint64
	n, next uint8
	e       [bucketSize]entry
}

// table is the transposition table: buckets addressed by a hash of the
// key, each replaced whole when another key claims it.
type table struct {
	b     []bucket
	shift uint
}

func newTable(bits uint) *table {
	return &table{b: make([]bucket, 1<<bits), shift: 64 - bits}
}

func (t *table) clear() { clear(t.b) }

func (t *table) slot(key uint64) *bucket {
	return &t.b[(key*0x9E3779B97F4A7C15)>>t.shift]
}

func patMask(k uint8) uint32 { return uint32(1)<<(2*k) - 1 }

func (e *entry) matches(seq *[4]uint32) bool {
	return seq[0]&patMask(e.k[0]) == e.pat[0] &&
		seq[1]&patMask(e.k[1]) == e.pat[1] &&
		seq[2]&patMask(e.k[2]) == e.pat[2] &&
		seq[3]&patMask(e.k[3]) == e.pat[3]
}

// lookup returns 1 when an entry shows that NS take at least target
// tricks, 0 when one shows they take fewer, -1 otherwise, with the
// pattern sizes of that entry.
func (t *table) lookup(key uint64, seq *[4]uint32, target int) (int, [4]uint8) {
	b := t.slot(key)
	if b.key != key {
		return -1, [4]uint8{}
	}
	for i := 0; i < int(b.n); i++ {
		e := &b.e[i]
		if int(e.lo) < target && int(e.hi) >= target {
			continue
		}
		if e.matches(seq) {
			if int(e.lo) >= target {
				return 1, e.k
			}
			return 0, e.k
		}
	}
	return -1, [4]uint8{}
}

// bounds returns the tightest bounds of the matching entries.
func (t *table) bounds(key uint64, seq *[4]uint32) (int, int) {
	lo, hi := 0, 13
	b := t.slot(key)
	if b.key != key {
		return lo, hi
	}
	for i := 0; i < int(b.n); i++ {
		e := &b.e[i]
		if e.matches(seq) {
			lo, hi = max(lo, int(e.lo)), min(hi, int(e.hi))
		}
	}
	return lo, hi
}

// store adds a bound for the pattern of sizes k of seq.
func (t *table) store(key uint64, seq *[4]uint32, k [4]uint8, lo, hi int8) {
	var pat [4]uint32
	for i := range pat {
		pat[i] = seq[i] & patMask(k[i])
	}
	b := t.slot(key)
	if b.key != key {
		b.key, b.n, b.next = key, 0, 0
	}
	for i := 0; i < int(b.n); i++ {
		e := &b.e[i]
		if e.k == k && e.pat == pat {
			e.lo, e.hi = max(e.lo, lo), min(e.hi, hi)
			return
		}
	}
	i := int(b.n)
	if i < bucketSize {
		b.n++
	} else {
		i = int(b.next)
		b.next = (b.next + 1) % bucketSize
	}
	b.e[i] = entry{pat: pat, k: k, lo: lo, hi: hi}
}
