// Package chunk is the protocol between the PBN and LIN splitters and the
// command that drives them: a Splitter cuts an input into Chunks that
// workers Read in parallel and one goroutine Settles in input order; the
// size of a chunk; the record a chunk gives (Result) and its renumbering.
package chunk

import "revokes/pbn"

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
