package main

// Temporary stand-ins for APIs that other packages are about to provide
// (report.NewXLSX). Each
// is replaced by a direct call once its package lands.

import (
	"errors"
	"slices"

	"golang.org/x/text/message"

	"revokes/report"
)

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
