// Package buffer holds what the PBN and LIN splitters share below the
// chunk protocol: reading the next bytes of an input into a chunk buffer,
// the pool of chunk buffers, and what Next returns at the end of an input.
package buffer

import (
	"io"
	"sync"
)

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
