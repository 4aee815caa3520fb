package main

import (
	bin "encoding/binary"
	"hash/maphash"
	"strconv"

	"revokes/analyze"
	"revokes/pbn"
)

// dupKey is the identity of a board for laws.md A23: a 128-bit hash of
// its event, board and room tags, deal, players and every card of its
// play; the zero key is no key (a record with neither deal nor play).
type dupKey [2]uint64

// keySeeds seed the two halves of a dupKey. Keys are compared within
// one run only, so a seed of the process is enough.
var keySeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// appendIdentity appends to buf what makes two records one board (laws.md
// A23): the Event, Board and Room tags as written, the hands given, the
// four players' names and the seat and card of every card played, each
// text with its length so that no two records run together. It returns
// buf unchanged for a record with neither a hand nor a card.
func appendIdentity(buf []byte, b *pbn.Board) []byte {
	if len(b.Play) == 0 && b.Given == [4]bool{} {
		return buf
	}
	text := func(s string) {
		buf = bin.AppendUvarint(buf, uint64(len(s)))
		buf = append(buf, s...)
	}
	var event, board, room string
	for _, t := range b.Tags {
		switch t.Name {
		case "Event":
			event = t.Value
		case "Board":
			board = t.Value
		case "Room":
			room = t.Value
		}
	}
	text(event)
	text(board)
	text(room)
	for s, h := range b.Deal {
		if b.Given[s] {
			buf = bin.LittleEndian.AppendUint64(buf, uint64(h))
		} else {
			buf = bin.LittleEndian.AppendUint64(buf, ^uint64(0)) // not given
		}
	}
	for _, p := range b.Players {
		text(p)
	}
	for _, p := range b.Play {
		buf = append(buf, byte(p.Seat), byte(p.Card))
	}
	return buf
}

// keyOf returns the key of b, using buf as scratch space (returned for the
// next board).
func keyOf(buf []byte, b *pbn.Board) (dupKey, []byte) {
	buf = appendIdentity(buf[:0], b)
	if len(buf) == 0 {
		return dupKey{}, buf
	}
	return dupKey{maphash.Bytes(keySeeds[0], buf), maphash.Bytes(keySeeds[1], buf)}, buf
}

// withDuplicate returns flags with FlagDuplicate added in its place of
// output.md's order (before result-includes-transfer, the one flag after
// it), in a new slice.
func withDuplicate(flags []string) []string {
	out := make([]string, 0, len(flags)+1)
	i := len(flags)
	if i > 0 && flags[i-1] == analyze.FlagResultIncludesTransfer {
		i--
	}
	out = append(out, flags[:i]...)
	out = append(out, analyze.FlagDuplicate)
	return append(out, flags[i:]...)
}

// copyRef names the first copy of a board: an index into dupes.files and
// its game number there.
type copyRef struct {
	file uint32
	game uint32
}

// dupes is the set of the boards seen, checked by the writer in input
// order so that which copy is the later one does not depend on -workers.
// Memory: a 16-byte key and an 8-byte reference a board, with the map's
// overhead at most 55 MB per million boards (the map doubles as it grows).
type dupes struct {
	seen  keySet
	files []string // the file names, each once
}

// check records the board of f under key k, or, when a board with that
// key was seen before, marks f as its later copy (laws.md A23): a
// duplicate-record warning naming the first copy, the flag duplicate on
// its revokes, and Findings.DuplicateOf.
func (d *dupes) check(f *analyze.Findings, k dupKey) {
	if k == (dupKey{}) {
		return
	}
	b := f.Board
	ref := copyRef{file: uint32(len(d.files)), game: uint32(b.Index)}
	if n := len(d.files); n > 0 && d.files[n-1] == b.File {
		ref.file = uint32(n - 1)
	}
	if first, ok := d.seen.add(k, ref); ok {
		file, game := d.files[first.file], int(first.game)
		f.DuplicateOf = file + "!" + strconv.Itoa(game)
		f.Problems = append(f.Problems, pbn.Problem{File: b.File, Game: b.Index, Line: b.Line,
			Code: "duplicate-record", Severity: pbn.Warning,
			Text: pbn.Msg("the same board as %s, game %d (event, board, room, deal, players and play): a later copy, analysed but left out of the counts", file, game)})
		for i := range f.Revokes {
			f.Revokes[i].Flags = withDuplicate(f.Revokes[i].Flags)
		}
		return
	}
	if int(ref.file) == len(d.files) {
		d.files = append(d.files, b.File)
	}
}

// keySet holds the boards' keys with the first copy of each: open
// addressing over a power-of-two table, the slot taken from the key's
// first word (already a hash, so not hashed again), linear probing. A
// lookup touches one cache line; the writer asks it once a board.
type keySet struct {
	slots []keySlot
	n     int
	sink  uint64 // what touch read, kept so that its reads stay
}

// keySlot is one slot; a zero key is an empty slot (keyOf never gives one
// to check).
type keySlot struct {
	k   dupKey
	ref copyRef
}

// add returns the first copy of k when it is in the set; otherwise it
// adds k with ref and returns false.
func (s *keySet) add(k dupKey, ref copyRef) (copyRef, bool) {
	if 4*(s.n+1) > 3*len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := k[0] & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		switch sl.k {
		case k:
			return sl.ref, true
		case dupKey{}:
			sl.k, sl.ref = k, ref
			s.n++
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
		sum += s.slots[k[0]&mask].k[0]
	}
	s.sink += sum
}

// maxReserve is the most keys reserve makes room for at once (a table
// of 96 MiB); a larger input grows the table as it goes.
const maxReserve = 3 << 20

// reserve makes room for about n keys before the first is added.
func (s *keySet) reserve(n int64) {
	n = min(n, maxReserve)
	size := 1 << 16
	for int64(3*size) < 4*n {
		size *= 2
	}
	if size > len(s.slots) && s.n == 0 {
		s.slots = make([]keySlot, size)
	}
}

// grow doubles the table (at least 1<<16 slots) and puts the keys back.
func (s *keySet) grow() {
	old := s.slots
	s.slots = make([]keySlot, max(2*len(old), 1<<16))
	mask := uint64(len(s.slots) - 1)
	for _, sl := range old {
		if sl.k == (dupKey{}) {
			continue
		}
		i := sl.k[0] & mask
		for s.slots[i].k != (dupKey{}) {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
	}
}
