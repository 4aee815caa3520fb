// Package boards reads boards from archives of either format: All and
// OpenAll give every board of files, folders, .gz files, zip and tar
// archives (Walk finds and opens them); Sniff tells PBN from BBO LIN by
// the first bytes, and NewReader opens the matching reader, NewSplitter
// the matching splitter.
package boards

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"revokes/pbn"
	"revokes/pbn/chunk"
	"revokes/pbn/linfile"
	"revokes/pbn/pbnfile"
)

// sniffSize is the most boards.NewReader looks at to tell the format.
const sniffSize = 64 << 10

// Sniff tells the format of an archive from its first bytes: FormatPBN
// when the first meaningful text is a tag ("[Event ..."), FormatLIN when it
// is a LIN key ("pn|", "vg|", "qx|", "md|"), FormatUnknown otherwise. It
// skips a UTF-8 byte order mark, white space, PBN "%" escape lines, ";"
// comment lines and "{...}" comments; a prefix holding nothing but "%"
// lines and comments counts as PBN.
func Sniff(prefix []byte) pbn.Format {
	f, _ := sniff(prefix)
	return f
}

// sniff is Sniff that also reports whether the prefix was long enough to
// decide (false when it ended inside the skipped text).
func sniff(p []byte) (f pbn.Format, sure bool) {
	p = bytes.TrimPrefix(p, []byte("\xef\xbb\xbf"))
	pbnText := false // escape lines or comments were skipped
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			i++
		case c == '%' || c == ';':
			pbnText = true
			j := bytes.IndexByte(p[i:], '\n')
			if j < 0 {
				return pbn.FormatPBN, false
			}
			i += j + 1
		case c == '{':
			pbnText = true
			j := bytes.IndexByte(p[i:], '}')
			if j < 0 {
				return pbn.FormatPBN, false
			}
			i += j + 1
		case c == '[':
			return pbn.FormatPBN, true
		case isASCIILetter(c):
			if i+2 >= len(p) {
				return pbn.FormatUnknown, false
			}
			if isASCIILetter(p[i+1]) && p[i+2] == '|' {
				return pbn.FormatLIN, true
			}
			return preamble(p[i:])
		default:
			return pbn.FormatUnknown, true
		}
	}
	if pbnText {
		return pbn.FormatPBN, false
	}
	return pbn.FormatUnknown, false
}

// maxPreamble is how far into a file a PBN tag is looked for after text
// that is not PBN.
const maxPreamble = 8 << 10

// preamble tells text that starts with a line of prose: PBN when a line
// within the first maxPreamble bytes is a tag ("[Event "), as in a file
// with a few lines of introduction before its records (the reader skips
// them with one warning); unknown otherwise, sure once maxPreamble bytes
// were seen.
func preamble(p []byte) (pbn.Format, bool) {
	q := p[:min(len(p), maxPreamble)]
	for {
		j := bytes.IndexByte(q, '\n')
		if j < 0 {
			return pbn.FormatUnknown, len(p) >= maxPreamble
		}
		q = q[j+1:]
		if tagLine(q) {
			return pbn.FormatPBN, true
		}
	}
}

// tagLine reports whether p starts with a PBN tag: blanks, '[', a name of
// letters, digits or '_', blanks, '"'.
func tagLine(p []byte) bool {
	p = bytes.TrimLeft(p, " \t")
	if len(p) < 2 || p[0] != '[' || !isASCIILetter(p[1]) {
		return false
	}
	i := 2
	for i < len(p) && (isASCIILetter(p[i]) || p[i] >= '0' && p[i] <= '9' || p[i] == '_') {
		i++
	}
	j := i
	for j < len(p) && (p[j] == ' ' || p[j] == '\t') {
		j++
	}
	return j > i && j < len(p) && p[j] == '"'
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// NewReader looks at the start of r to tell its format and returns the
// matching reader (a *pbnfile.Reader or a *linfile.Reader) with its File
// set to file. Input that is neither (or empty) gives a *pbn.ParseError
// with Code "unknown-format"; an error of r is returned as it is.
func NewReader(r io.Reader, file string) (pbn.BoardReader, pbn.Format, error) {
	br, f, err := SniffReader(r, file)
	if err != nil {
		return nil, f, err
	}
	return newReader(br, f, file), f, nil
}

// newReader returns the reader of format f over br, a sniffed input.
func newReader(br io.Reader, f pbn.Format, file string) pbn.BoardReader {
	if f == pbn.FormatLIN {
		lr := linfile.NewReader(br)
		lr.File = file
		return lr
	}
	pr := pbnfile.NewReader(br)
	pr.File = file
	if pre, ok := br.(*preambleReader); ok {
		p := preambleProblem(file, pre.lines)
		return &preambleBoards{BoardReader: pr, p: &p}
	}
	return pr
}

// NewSplitter looks at the start of r to tell its format and returns the
// Splitter of that format over r, its chunks named file: the input cut
// into chunks that workers read in parallel and one goroutine settles in
// order (chunk.Chunk). An input of nothing but white space is no archive
// and no error: its Splitter has no chunk. Input that is neither format
// gives SniffReader's *pbn.ParseError; an error of r is returned as it is.
func NewSplitter(r io.Reader, file string) (chunk.Splitter, pbn.Format, error) {
	br, f, err := sniffInput(r, file)
	switch {
	case err != nil:
		return nil, f, err
	case br == nil:
		return noChunks{}, f, nil
	case f == pbn.FormatLIN:
		return linfile.NewSplitter(br, file), f, nil
	}
	if pr, ok := br.(*preambleReader); ok {
		return &preambleSplitter{pbnfile.NewSplitter(br, file), preambleProblem(file, pr.lines)}, f, nil
	}
	return pbnfile.NewSplitter(br, file), f, nil
}

// noChunks is the Splitter of an empty input.
type noChunks struct{}

func (noChunks) Next() (chunk.Chunk, error) { return nil, io.EOF }

// sniffInput is SniffReader for one input of an archive: an input of
// nothing but white space (and byte order marks) gives no reader and no
// error: no boards, no problem.
func sniffInput(r io.Reader, file string) (io.Reader, pbn.Format, error) {
	blank := &blankReader{r: r, blank: true}
	br, f, err := SniffReader(blank, file)
	if err != nil {
		var pe *pbn.ParseError
		if errors.As(err, &pe) && pe.Code == "unknown-format" && blank.blank && blank.eof {
			return nil, pbn.FormatUnknown, nil
		}
	}
	return br, f, err
}

// blankReader notes whether everything read so far was white space (or
// a byte order mark) and whether the end was reached.
type blankReader struct {
	r     io.Reader
	blank bool
	eof   bool
}

func (b *blankReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if b.blank {
		for _, c := range p[:n] {
			switch c {
			case ' ', '\t', '\r', '\n', 0xef, 0xbb, 0xbf:
			default:
				b.blank = false
			}
		}
	}
	if err == io.EOF {
		b.eof = true
	}
	return n, err
}

// SniffReader looks at the start of r to tell its format and returns a
// reader that gives the whole input again (UTF-16 decoded to UTF-8), with
// the format: FormatPBN or FormatLIN. Input that is neither (or empty)
// gives a *ParseError with Code "unknown-format"; an error of r is
// returned as it is.
func SniffReader(r io.Reader, file string) (io.Reader, pbn.Format, error) {
	br := bufio.NewReaderSize(r, sniffSize)
	if bom, _ := br.Peek(2); len(bom) == 2 && (bom[0] == 0xff && bom[1] == 0xfe || bom[0] == 0xfe && bom[1] == 0xff) {
		// A UTF-16 file (some Windows editors save PBN so): decode it to
		// UTF-8 first; the byte-order mark says which endianness.
		dec := unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder()
		br = bufio.NewReaderSize(transform.NewReader(br, dec), sniffSize)
	}
	var (
		f    pbn.Format
		p    []byte
		sure bool
	)
	for _, n := range [...]int{512, 8 << 10, sniffSize} {
		var err error
		p, err = br.Peek(n)
		f, sure = sniff(p)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return nil, pbn.FormatUnknown, err
		}
		if sure || err != nil {
			break
		}
	}
	if f == pbn.FormatPBN {
		if end, lines := preambleEnd(p); lines > 0 {
			return &preambleReader{r: br, n: end, lines: lines}, f, nil
		}
	}
	if f == pbn.FormatPBN || f == pbn.FormatLIN {
		return br, f, nil
	}
	m := pbn.Msg("the file is neither PBN nor BBO LIN")
	if len(bytes.TrimSpace(bytes.TrimPrefix(p, []byte("\xef\xbb\xbf")))) == 0 {
		m = pbn.Msg("the file is empty")
	}
	return nil, pbn.FormatUnknown, &pbn.ParseError{File: file, Line: 1, Code: "unknown-format", Err: m}
}
