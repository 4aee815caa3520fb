// Package chunk holds what the PBN and LIN splitters share with the
// command that drives them: the size of a chunk, the record a parsed chunk
// gives, reading the next bytes of an input into a chunk buffer, and the
// pool of buffers.
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
