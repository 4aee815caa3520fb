package main

// Temporary stand-ins for APIs that other packages are about to provide
// (pbn.NewBoardReader, report.NewCSV/NewXLSX/NewPrinter/LangFromEnv). Each
// is replaced by a direct call once its package lands.

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"slices"

	"golang.org/x/text/message"

	"revokes/pbn"
	"revokes/report"
)

// newBoardReader stands in for pbn.NewBoardReader: it tells LIN from PBN
// by the first bytes (two letters and a bar) and returns the reader.
func newBoardReader(r io.Reader, file string) (pbn.BoardReader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(4 << 10)
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n")
	if len(head) >= 3 && isLetter(head[0]) && isLetter(head[1]) && head[2] == '|' {
		lr := pbn.NewLINReader(br)
		lr.File = file
		return lr, nil
	}
	pr := pbn.NewReader(br)
	pr.File = file
	return pr, nil
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func newCSV(path string, p *message.Printer) (report.Writer, error) {
	c, err := report.NewCSV(path, p)
	if err != nil {
		return nil, err
	}
	return c, nil
}

func newXLSX(path string, p *message.Printer) (report.Writer, error) {
	return nil, errors.New("workbook reports are not available yet")
}

func newPrinter(lang string) *message.Printer { return report.NewPrinter(lang) }

func defaultLang() string { return report.LangFromEnv() }

func validLang(s string) bool { return slices.Contains(report.Languages, s) }
