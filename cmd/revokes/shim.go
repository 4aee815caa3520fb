package main

// Temporary stand-ins for APIs that other packages are about to provide
// (pbn.NewBoardReader, report.NewCSV/NewXLSX/NewPrinter/LangFromEnv). Each
// is replaced by a direct call once its package lands.

import (
	"bufio"
	"errors"
	"io"
	"os"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"revokes/pbn"
	"revokes/report"
)

// newBoardReader stands in for pbn.NewBoardReader: a minimal PBN reader
// that splits records at empty lines and keeps their tags.
func newBoardReader(r io.Reader, file string) (pbn.BoardReader, error) {
	return &shimReader{sc: bufio.NewScanner(r), file: file}, nil
}

type shimReader struct {
	sc    *bufio.Scanner
	file  string
	line  int
	index int
}

func (s *shimReader) Read() (*pbn.Board, error) {
	var b *pbn.Board
	for s.sc.Scan() {
		s.line++
		t := strings.TrimSpace(s.sc.Text())
		if t == "" {
			if b != nil {
				return b, nil
			}
			continue
		}
		if !strings.HasPrefix(t, "[") {
			continue
		}
		if b == nil {
			s.index++
			b = &pbn.Board{File: s.file, Index: s.index, Line: s.line}
		}
		name, val, _ := strings.Cut(strings.Trim(t, "[]"), " ")
		b.Tags = append(b.Tags, pbn.Tag{Name: name, Value: strings.Trim(val, `"`)})
	}
	if err := s.sc.Err(); err != nil {
		return nil, err
	}
	if b != nil {
		return b, nil
	}
	return nil, io.EOF
}

func newCSV(path string, p *message.Printer) (report.Writer, error) {
	return nil, errors.New("CSV reports are not available yet")
}

func newXLSX(path string, p *message.Printer) (report.Writer, error) {
	return nil, errors.New("workbook reports are not available yet")
}

func newPrinter(lang string) *message.Printer {
	if lang == "nl" {
		return message.NewPrinter(language.Dutch)
	}
	return message.NewPrinter(language.English)
}

func defaultLang() string {
	if strings.HasPrefix(os.Getenv("LANG"), "nl") {
		return "nl"
	}
	return "en"
}

func validLang(s string) bool { return s == "en" || s == "nl" }
