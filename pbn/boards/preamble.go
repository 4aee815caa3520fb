package boards

import (
	"bytes"
	"io"

	"revokes/pbn"
	"revokes/pbn/chunk"
)

// preambleEnd returns where the first tag line starts in p, a prefix of
// a PBN file, and how many lines of text that is not PBN (prose, not
// blanks, escapes or comments) come before it; 0, 0 when the file starts
// as PBN. Only such text makes a preamble: a file of a few lines of
// introduction before its records.
func preambleEnd(p []byte) (end, lines int) {
	for i := 0; i < len(p); {
		j := bytes.IndexByte(p[i:], '\n')
		if j < 0 {
			j = len(p) - i
		}
		line := bytes.TrimLeft(p[i:i+j], " \t\r\ufeff\xef\xbb\xbf")
		switch {
		case tagLine(line):
			if lines == 0 {
				return 0, 0
			}
			return i, lines
		case len(line) > 0 && line[0] == '[':
			return 0, 0 // a tag the sniffer took for PBN: no preamble
		case len(line) > 0 && isASCIILetter(line[0]):
			lines++
		}
		i += j + 1
	}
	return 0, 0
}

// preambleReader gives its input with the first n bytes blanked out
// (every byte but line ends made a space): the readers see empty lines
// where the preamble was, so that every record keeps its line numbers
// and its byte offsets, whole or in chunks.
type preambleReader struct {
	r     io.Reader
	n     int // bytes still to blank
	lines int // lines of text blanked
}

func (b *preambleReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	for i := 0; i < n && b.n > 0; i++ {
		if p[i] != '\n' && p[i] != '\r' {
			p[i] = ' '
		}
		b.n--
	}
	return n, err
}

// preambleProblem is the one warning of a file whose preamble was skipped.
func preambleProblem(file string, lines int) pbn.Problem {
	return pbn.Problem{File: file, Line: 1, Code: "preamble", Severity: pbn.Warning,
		Text: pbn.Msg("%d lines of text before the first tag are not PBN: skipped", lines)}
}

// preambleSplitter is the Splitter of a file whose preamble was skipped.
type preambleSplitter struct {
	chunk.Splitter
	p pbn.Problem
}

// Preamble returns the warning of an input whose lines of text before its
// first tag were skipped (a Splitter of NewSplitter), and whether there
// is one: the caller reports it once, before the input's records.
func Preamble(sp chunk.Splitter) (pbn.Problem, bool) {
	ps, ok := sp.(*preambleSplitter)
	if !ok {
		return pbn.Problem{}, false
	}
	return ps.p, true
}

// preambleBoards is the reader of a file whose preamble was skipped: the
// warning joins the problems of its first board.
type preambleBoards struct {
	pbn.BoardReader
	p *pbn.Problem // nil once given
}

func (r *preambleBoards) Read() (*pbn.Board, error) {
	b, err := r.BoardReader.Read()
	if b != nil && r.p != nil {
		r.p.Game = b.Index
		b.Problems = append([]pbn.Problem{*r.p}, b.Problems...)
		r.p = nil
	}
	return b, err
}
