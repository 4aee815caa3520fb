package report

import (
	"os"
	"strings"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// Languages lists the report languages, as accepted by NewPrinter.
var Languages = []string{"en", "nl"}

var (
	catOnce sync.Once
	cat     *catalog.Builder
)

// messages returns the catalog of every text of the project: the English
// format string is the key, mapped to itself in English and to its entry
// of the Dutch table in Dutch.
func messages() catalog.Catalog {
	catOnce.Do(func() {
		cat = catalog.NewBuilder(catalog.Fallback(language.English))
		for key, nl := range dutch {
			en := key
			if s, ok := english[key]; ok {
				en = s
			}
			// Errors are impossible for texts without "${" (checked by
			// TestCatalogBothLanguages) and with their choices after a
			// verb (TestCatalogPlurals).
			_ = setText(cat, language.English, key, en)
			_ = setText(cat, language.Dutch, key, nl)
		}
	})
	return cat
}

// NewPrinter returns a printer for the report language lang ("en" or
// "nl"; anything else is English). The printer translates every message
// format of the project and formats numbers the way the language writes
// them (Dutch 1.234,5).
func NewPrinter(lang string) *message.Printer {
	tag := language.English
	if normLang(lang) == "nl" {
		tag = language.Dutch
	}
	return message.NewPrinter(tag, message.Catalog(messages()))
}

// LangFromEnv returns the report language of the environment's locale:
// "nl" when the first of LC_ALL, LC_MESSAGES and LANG that is set names
// Dutch (nl, nl_NL.UTF-8, nl_BE, ...), else "en".
func LangFromEnv() string {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := os.Getenv(v); s != "" {
			return normLang(s)
		}
	}
	return "en"
}

// normLang maps a language name or locale to "nl" or "en".
func normLang(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "nl" || strings.HasPrefix(s, "nl_") || strings.HasPrefix(s, "nl-") || strings.HasPrefix(s, "nl.") ||
		s == "dutch" || s == "nederlands" {
		return "nl"
	}
	return "en"
}

// trMissing, when set (by the tests), is called by tr with every key that
// has no catalog entry.
var trMissing func(key string)

// tr prints the UI text key (an English format string) with p.
func tr(p *message.Printer, key string, args ...any) string {
	if trMissing != nil && key != "" {
		if _, ok := dutch[key]; !ok {
			trMissing(key)
		}
	}
	return p.Sprintf(key, args...)
}
