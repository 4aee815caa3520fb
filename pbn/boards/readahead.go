package boards

import (
	"io"
	"sync"
)

// readAhead reads an input in a goroutine of its own, a few blocks ahead
// of its reader: the system calls, and the decompression of a .gz or zip
// member, then run beside the parsing instead of in its goroutine (in
// revokes the one goroutine that cuts inputs into chunks, which the whole
// pipeline waits for). The Walker starts it, as it alone knows which
// inputs are regular files and how large a member inflates.
//
// It is only for inputs whose Read never blocks for long (regular files,
// archives on disk): Close waits for the goroutine, which may be inside a
// Read, so that the input can be closed safely afterwards.
type readAhead struct {
	full chan raBlock
	free chan []byte
	done chan struct{}
	quit chan struct{}
	cur  raBlock
	off  int
}

// raBlock is a block read: its bytes and the error that came with them.
type raBlock struct {
	b   []byte
	err error
}

// Sizes of the read-ahead: blocks of readAheadSize, readAheadBlocks of
// them (4 MiB in all).
const (
	readAheadSize   = 1 << 20
	readAheadBlocks = 4
)

// newReadAhead starts reading r ahead.
func newReadAhead(r io.Reader) *readAhead {
	ra := &readAhead{
		full: make(chan raBlock, readAheadBlocks),
		free: make(chan []byte, readAheadBlocks),
		done: make(chan struct{}),
		quit: make(chan struct{}),
	}
	for range readAheadBlocks {
		b, _ := blockPool.Get().(*[]byte)
		if b == nil {
			b = new([]byte)
			*b = make([]byte, readAheadSize)
		}
		ra.free <- *b
	}
	go ra.loop(r)
	return ra
}

// loop fills free blocks and hands them on, until an error (io.EOF
// included) or Close.
func (ra *readAhead) loop(r io.Reader) {
	defer close(ra.done)
	for {
		var b []byte
		select {
		case b = <-ra.free:
		case <-ra.quit:
			return
		}
		n, err := 0, error(nil)
		// Fill the block (a decompressor gives a little at a time), but
		// hand on what there is when the input pauses or ends.
		for n < len(b) && err == nil {
			var k int
			k, err = r.Read(b[n:])
			n += k
			if k == 0 && err == nil {
				break
			}
		}
		select {
		case ra.full <- raBlock{b[:n], err}:
		case <-ra.quit:
			return
		}
		if err != nil {
			return
		}
	}
}

// Read gives the bytes read ahead, then the error the input ended with.
func (ra *readAhead) Read(p []byte) (int, error) {
	for ra.off == len(ra.cur.b) {
		if ra.cur.err != nil {
			return 0, ra.cur.err
		}
		if ra.cur.b != nil {
			ra.free <- ra.cur.b[:cap(ra.cur.b)]
		}
		ra.cur, ra.off = <-ra.full, 0
	}
	n := copy(p, ra.cur.b[ra.off:])
	ra.off += n
	return n, nil
}

// Close stops the reading and waits for the goroutine to end. The blocks
// go back to the pool for the next input.
func (ra *readAhead) Close() error {
	close(ra.quit)
	<-ra.done
	put := func(b []byte) {
		b = b[:cap(b)]
		blockPool.Put(&b)
	}
	if ra.cur.b != nil {
		put(ra.cur.b)
		ra.cur.b = nil
	}
	for {
		select {
		case b := <-ra.free:
			put(b)
		case blk := <-ra.full:
			put(blk.b)
		default:
			return nil
		}
	}
}

// blockPool recycles the blocks of read-ahead from one input to the next.
var blockPool sync.Pool
