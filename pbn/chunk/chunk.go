// Package chunk holds what the PBN and LIN splitters share with the
// command that drives them: the protocol of a chunk (Splitter, Chunk), the
// size of a chunk, the record a chunk gives, reading the next bytes of an
// input into a chunk buffer, and the pool of buffers.
package chunk

import (
	"io"
	"sync"

	"revokes/pbn"
)

// Size is the size a splitter aims at for one chunk of records: about 500
// boards, so that the workers share even a small file whose boards are
// costly to analyse (the double-dummy estimate of revokes).
const Size = 256 << 10

// Result is one record of a parsed chunk: a board, or the error of a
// record that could not be read.
type Result struct {
	Board *pbn.Board
	Err   *pbn.ParseError
}

// Splitter cuts one input into chunks, in input order.
type Splitter interface {
	// Next returns the next chunk, then io.EOF. An error reading the
	// input is returned after the chunks before it.
	Next() (Chunk, error)
}

// Chunk is a piece of one input. Workers Read chunks in parallel; one
// goroutine then Settles each chunk of the input in input order, which
// says how its results stand in the whole input: together they give what
// one reader over the whole input gives.
type Chunk interface {
	// Read reads the chunk's records: boards and errors of records, in
	// input order, their record numbers counted from a base that Settle
	// gives. It may run in any goroutine, once, and does not wait for
	// other chunks.
	Read() []Result

	// Settle, after Read, in input order: keep says whether Read's
	// results hold, base is to be added to their record numbers (Renumber),
	// and fresh are records, numbered in the input, that come before them
	// (keep) or in their place (not keep).
	Settle() (fresh []Result, base int, keep bool)

	// Stop ends the input at this chunk, in place of Settle or after it:
	// its Splitter's Next returns io.EOF from now on, and a chunk not
	// settled lets its resources go. The chunks after it are stopped too,
	// not settled.
	Stop()
}

// Renumber adds base to the record numbers of res, as Settle says.
func Renumber(res []Result, base int) {
	for _, r := range res {
		if r.Board != nil {
			r.Board.Renumber(base)
		} else if r.Err.Record > 0 {
			r.Err.Record += base
		}
	}
}

// End is what a splitter's Next returns at the end of its input: the
// read error it met (once), else io.EOF.
func End(err *error) error {
	if e := *err; e != nil {
		*err = nil
		return e
	}
	return io.EOF
}

// Fill reads more of rd into buf, a chunk buffer of pool, until it
// holds size bytes, its room is full or the input ends (eof; err a read
// error other than io.EOF). When less than size bytes of room are left,
// buf moves to a larger buffer of pool first and goes back to it.
func Fill(buf []byte, rd io.Reader, size int, pool *sync.Pool, eof bool, err error) ([]byte, bool, error) {
	if cap(buf)-len(buf) < size {
		want := max(2*cap(buf), len(buf)+2*size)
		nb, _ := pool.Get().([]byte)
		if cap(nb) < want {
			nb = make([]byte, 0, want)
		}
		nb = append(nb[:0], buf...)
		if buf != nil && cap(buf) >= size {
			pool.Put(buf[:0])
		}
		buf = nb
	}
	for !eof && cap(buf)-len(buf) > 0 {
		n, rerr := rd.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if rerr != nil {
			eof = true
			if rerr != io.EOF {
				err = rerr
			}
		}
		if n == 0 && rerr == nil {
			continue
		}
		if len(buf) >= size {
			break
		}
	}
	return buf, eof, err
}

// Pool recycles chunk buffers: the boards of a chunk never point into
// its bytes (their text is copied into strings).
var Pool sync.Pool
