package report

import (
	"fmt"
	"regexp"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message/catalog"
)

// english holds the English text of the catalog keys whose English is not
// the key itself: the ones with plural forms. A text may hold {one|other}
// after a number verb: the form is chosen by that number with the plural
// rules of x/text ("Read 1 file", "1 probleem", "na 1 kaart"). Dutch texts
// in dutch may use the same notation.
var english = map[string]string{
	"%d files of the folders and archives are neither PBN nor LIN: passed over": "%d {file|files} of the folders and archives {is|are} neither PBN nor LIN: passed over",
	"revokes: nothing to read in %s: %d files, none of them PBN or LIN":         "revokes: nothing to read in %s: %d {file|files}, neither PBN nor LIN",
	"Read %d files: %d games, %d analysed, %d skipped. Found %d revokes (%d plausible, %d suspect, %d undetermined), %d established, %d tricks transferred, %d applied (-apply %s); %d problems. Took %.1fs. Report: %s": "Read %d {file|files}: %d {game|games}, %d analysed, %d skipped. Found %d {revoke|revokes} (%d plausible, %d suspect, %d undetermined), %d established, %d {trick|tricks} transferred, %d applied (-apply %s); %d {problem|problems}. Took %.1fs. Report: %s",
	"%v; advisory double-dummy estimate: the revoke gained %d trick(s), %d more than transferred (Law 64C)":                                                                                                              "%v; advisory double-dummy estimate: the revoke gained %d {trick|tricks}, %d more than transferred (Law 64C)",
	"the play stops after %d cards without a claim":                                                                     "the play stops after %d {card|cards} without a claim",
	"%d calls after the end of the auction skipped":                                                                     "%d {call|calls} after the end of the auction skipped",
	"%d cards played without a contract and declarer: the board is skipped":                                             "%d {card|cards} played without a contract and declarer: the board is skipped",
	"%d rows left out: a sheet holds at most 1,048,576 rows (the CSV and JSON Lines reports hold them all)":             "%d {row|rows} left out: a sheet holds at most 1,048,576 rows (the CSV and JSON Lines reports hold them all)",
	"Re-scored %d boards (%d of %d stated values reproduced); %d pairs or teams changed total or rank, %d changed rank": "Re-scored %d {board|boards} (%d of %d stated values reproduced); %d {pair or team|pairs or teams} changed total or rank, %d changed rank",
	"%d empty files (nothing but white space) were counted, not analysed":                                               "%d empty {file|files} (nothing but white space) counted, not analysed",
	"%d lines of text before the first tag are not PBN: skipped":                                                        "%d {line|lines} of text before the first tag {is|are} not PBN: skipped",
	"revokes: %d more inputs could not be read (see the report)":                                                        "revokes: %d more {input|inputs} could not be read (see the report)",
}

// pluralRE matches a {one|other} choice.
var pluralRE = regexp.MustCompile(`\{([^{}|]*)\|([^{}|]*)\}`)

// argVerbRE matches a fmt verb (with an explicit argument index) or %%.
var argVerbRE = regexp.MustCompile(`%(?:%|[-+# 0]*(?:\[(\d+)\])?(?:\d+|\*)?(?:\.(?:\d+|\*))?[a-zA-Z])`)

// setText adds text for key in language tag to the catalog: a plain
// string, or, when it holds {one|other} choices, a message whose choices
// are catalog variables selected by the number verb before each.
func setText(b *catalog.Builder, tag language.Tag, key, text string) error {
	if !strings.Contains(text, "|") || !pluralRE.MatchString(text) {
		return b.SetString(tag, key, text)
	}
	var msgs []catalog.Message
	var out strings.Builder
	arg, n, last := 0, 0, 0
	for _, m := range pluralRE.FindAllStringSubmatchIndex(text, -1) {
		// Count the verbs before the choice: it follows the last one.
		for _, v := range argVerbRE.FindAllStringSubmatch(text[last:m[0]], -1) {
			if v[0] == "%%" {
				continue
			}
			if v[1] != "" {
				fmt.Sscan(v[1], &arg)
			} else {
				arg++
			}
		}
		if arg == 0 {
			return fmt.Errorf("report: %q: a plural choice before any verb", key)
		}
		n++
		name := fmt.Sprintf("plural%d", n)
		msgs = append(msgs, catalog.Var(name, plural.Selectf(arg, "%d",
			plural.One, text[m[2]:m[3]], plural.Other, text[m[4]:m[5]])))
		out.WriteString(text[last:m[0]])
		out.WriteString("${" + name + "}")
		last = m[1]
	}
	out.WriteString(text[last:])
	msgs = append(msgs, catalog.String(indexVerbs(out.String())))
	return b.Set(tag, key, msgs...)
}

// indexVerbRE matches a fmt verb in parts: flags, index, the rest.
var indexVerbRE = regexp.MustCompile(`%(%|([-+# 0]*)(?:\[(\d+)\])?((?:\d+)?(?:\.\d+)?)([a-zA-Z]))`)

// indexVerbs gives every verb of format its explicit argument index
// (%d → %[1]d, %.1f → %.1[2]f): with choices substituted, x/text formats the message
// without complaining of the arguments a choice does not print only when
// the verbs are indexed.
func indexVerbs(format string) string {
	arg := 0
	return indexVerbRE.ReplaceAllStringFunc(format, func(v string) string {
		m := indexVerbRE.FindStringSubmatch(v)
		if m[1] == "%" {
			return v
		}
		if m[3] != "" {
			fmt.Sscan(m[3], &arg)
		} else {
			arg++
		}
		return fmt.Sprintf("%%%s%s[%d]%s", m[2], m[4], arg, m[5])
	})
}
