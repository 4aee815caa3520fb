package main

import (
	bin "encoding/binary"
	"hash/maphash"
	"strconv"
	"unsafe"

	"revokes/analyze"
	"revokes/pbn"
)

// dupKey is the identity of a board for laws.md A23: a 64-bit hash of its
// event, board and room tags, deal, players and every card of its play,
// and its deal folded into a word (keyOf); the zero key is no key (a
// record with neither deal nor play).
type dupKey [2]uint64

// keySeed seeds the hash of a dupKey. Keys are compared within one run
// only, so a seed of the process is enough.
var keySeed = maphash.MakeSeed()

// keyOf returns the key of b, using buf as scratch space (returned for the
// next board), or the zero key for a record with neither a hand nor a
// card. The key's first word hashes what makes two records one board
// (laws.md A23): the Event, Board and Room tags as written, the hands
// given, the four players' names and the seat and card of every card
// played, each text with its length so that no two records run together.
// Its second word is the hands given, multiplied and summed into one
// word rather than hashed: two records of different deals then differ
// there too, and for the few records of one deal (its tables) the hash
// alone tells them apart.
func keyOf(buf []byte, b *pbn.Board) (dupKey, []byte) {
	if len(b.Play) == 0 && b.Given == [4]bool{} {
		return dupKey{}, buf
	}
	var event, board, room string
	for i := range b.Tags {
		switch t := &b.Tags[i]; t.Name {
		case "Event":
			event = t.Value
		case "Board":
			board = t.Value
		case "Room":
			room = t.Value
		}
	}
	buf = appendText(buf[:0], event)
	buf = appendText(buf, board)
	buf = appendText(buf, room)
	var deal uint64
	for s, h := range b.Deal {
		if !b.Given[s] {
			h = ^pbn.Hand(0) // not given
		}
		buf = bin.LittleEndian.AppendUint64(buf, uint64(h))
		deal = (deal + uint64(h)) * 0x9e3779b97f4a7c15
	}
	for _, p := range b.Players {
		buf = appendText(buf, p)
	}
	buf = appendPlay(buf, b.Play)
	k := dupKey{maphash.Bytes(keySeed, buf), deal ^ deal>>29}
	if k[0] == 0 {
		k[0] = 1 // zero is the empty slot of keySet
	}
	return k, buf
}

// appendText appends s with its length before it.
func appendText(buf []byte, s string) []byte {
	if len(s) < 0x80 {
		buf = append(buf, byte(len(s)))
	} else {
		buf = bin.AppendUvarint(buf, uint64(len(s)))
	}
	return append(buf, s...)
}

// appendPlay appends the seat and card of every card played, three bytes
// a card as pbn.Play holds them, with the Mark byte zero: a mark is a note
// on the card, not the card.
func appendPlay(buf []byte, play []pbn.Play) []byte {
	if quickPlayLayout {
		// The quick path: the play's bytes copied at once, then the marks
		// cleared eight bytes at a time (a mark is every third byte, so
		// the masks repeat every 24 bytes).
		n := len(buf)
		buf = append(buf, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(play))), 3*len(play))...)
		out := buf[n:]
		i := 0
		for ; i+24 <= len(out); i += 24 {
			w := out[i : i+24 : i+24]
			bin.LittleEndian.PutUint64(w[0:], bin.LittleEndian.Uint64(w[0:])&markMasks[0])
			bin.LittleEndian.PutUint64(w[8:], bin.LittleEndian.Uint64(w[8:])&markMasks[1])
			bin.LittleEndian.PutUint64(w[16:], bin.LittleEndian.Uint64(w[16:])&markMasks[2])
		}
		for i += 2; i < len(out); i += 3 {
			out[i] = 0
		}
		return buf
	}
	for _, p := range play {
		buf = append(buf, byte(p.Seat), byte(p.Card), 0)
	}
	return buf
}

// quickPlayLayout says that a pbn.Play is its seat, card and mark, one
// byte each, which appendPlay's quick path reads as bytes.
const quickPlayLayout = unsafe.Sizeof(pbn.Play{}) == 3 && unsafe.Offsetof(pbn.Play{}.Seat) == 0 &&
	unsafe.Offsetof(pbn.Play{}.Card) == 1 && unsafe.Offsetof(pbn.Play{}.Mark) == 2

// markMasks clear the Mark bytes (every third byte, from the third) of 24
// bytes of play read as three little-endian words.
var markMasks = func() (m [3]uint64) {
	for j := range 24 {
		if j%3 != 2 {
			m[j/8] |= 0xff << (8 * (j % 8))
		}
	}
	return m
}()

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
// Memory: a 16-byte slot and an 8-byte reference a key, about 45 MB per
// million boards (keySet).
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
