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
	seen  map[dupKey]copyRef
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
	if d.seen == nil {
		d.seen = make(map[dupKey]copyRef)
	}
	b := f.Board
	if first, ok := d.seen[k]; ok {
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
	if n := len(d.files); n == 0 || d.files[n-1] != b.File {
		d.files = append(d.files, b.File)
	}
	d.seen[k] = copyRef{file: uint32(len(d.files) - 1), game: uint32(b.Index)}
}
