package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"revokes/report"
)

// printUsage writes the help of -h in lang (the command line's -lang,
// else the locale's): the text, the flags with their Dutch explanations
// (flagsNL), the exit statuses.
func printUsage(w io.Writer, fs *flag.FlagSet, lang string) {
	usage, exit, dutch := usageText, exitText, lang == "nl"
	if dutch {
		usage, exit = usageTextNL, exitTextNL
	}
	fmt.Fprint(w, usage)
	printFlags(w, fs, dutch)
	fmt.Fprint(w, exit)
}

// printFlags lists the flags as flag.PrintDefaults lays them out, in
// Dutch when asked, with a flag's default shown once: not when it is the
// zero value, nor when the explanation already says what it is.
func printFlags(w io.Writer, fs *flag.FlagSet, dutch bool) {
	fs.VisitAll(func(f *flag.Flag) {
		text := f.Usage
		if nl, ok := flagsNL[f.Name]; ok && dutch {
			text = nl
		}
		name, text := flag.UnquoteUsage(&flag.Flag{Name: f.Name, Usage: text, Value: f.Value})
		line := "  -" + f.Name
		if name != "" {
			line += " " + name
		}
		if len(line) <= 4 { // a one-letter flag without a value: same line
			line += "\t"
		} else {
			line += "\n    \t"
		}
		line += strings.ReplaceAll(text, "\n", "\n    \t")
		saysDefault := strings.Contains(text, "(default") || strings.Contains(text, "(standaard")
		if d := f.DefValue; !saysDefault && d != "" && d != "false" && d != "0" {
			if g, ok := f.Value.(flag.Getter); ok {
				if _, isString := g.Get().(string); isString {
					d = strconv.Quote(d)
				}
			}
			if dutch {
				if d == "true" { // a switch that is on, in words
					d = "aan"
				}
				line += " (standaard " + d + ")"
			} else {
				line += " (default " + d + ")"
			}
		}
		fmt.Fprintln(w, line)
	})
}

// langOf returns the language the command line asks for with -lang (the
// last one given), else the environment's: it is needed before the flags
// are parsed, for a message about them.
func langOf(args []string) string {
	lang := report.LangFromEnv()
	for i, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "lang" {
			continue
		}
		if !hasValue && i+1 < len(args) {
			value = args[i+1]
		}
		if l := strings.ToLower(value); l == "nl" || l == "en" {
			lang = l
		}
	}
	return lang
}

// flagsNL are the Dutch explanations of the flags, by name; a name in
// backquotes is the value's name in the help (flag.UnquoteUsage).
// TestUsageDutch fails for a flag without one.
var flagsNL = map[string]string{
	"edition":    "`uitgave` van de spelregels: 1936, 1963, 1975, 1987, 1997, 2007, 2017 of auto (volgens de Date van elk spel, anders 2017)",
	"o":          "`bestand` van het rapport: .xlsx, .csv, .jsonl of .parquet volgens de extensie; - schrijft JSON Lines naar de standaarduitvoer",
	"format":     "vorm van het rapport `xlsx|csv|jsonl|parquet`, in plaats van de extensie van -o",
	"boards":     "`none|all`; all: een regel voor elk gelezen spel, met of zonder bevinding (JSON Lines; NAAM.boards.csv naast een CSV-rapport; in Parquet altijd)",
	"lang":       "taal van het rapport en de meldingen: `en|nl` (standaard: de taal van de locale, anders Engels)",
	"attention":  "wanneer de verzaking geacht wordt opgemerkt te zijn: `end-of-play|hands-returned|after-round` (aan het einde van het afspel, nadat de handen in het bord zijn geborgen, na de ronde)",
	"apply":      "welke verzakingen een uitslag veranderen: `plausible|all` (plausible: de voldongen verzakingen waarvoor het verslag op een verzaking door de spelers wijst; all: elke voldongen verzaking)",
	"workers":    "gebruik `N` kernen: N werkers lezen en analyseren spellen tegelijk (standaard: alle kernen)",
	"q":          "stil: geen voortgangsbalk en geen samenvatting op de standaardfoutuitvoer",
	"equity":     "bereken de double-dummy-schatting van wat elke verzaking opleverde",
	"csv-sep":    "`scheidingsteken` tussen de velden van een CSV-rapport: , of ; (voor spreadsheets met een decimale komma) of tab",
	"rescore":    "bereken de uitslagen van de zittingen opnieuw na de overdrachten: matchpunten of IMP's voor en na",
	"scoring":    "`methode` van herberekening: mp, mp2, cross, cross-avg, butler, imp of bam, in plaats van die van het bestand zelf (impliceert -rescore)",
	"datum-trim": "Butler: `N` scores die aan elke kant van de datum wegvallen (standaard: 1 wanneer een spel vijf of meer uitslagen heeft)",
	"version":    "toon de versie van revokes en stop",
	"corrected":  "schrijf gecorrigeerde kopieën van de PBN-invoer in `map`: Result en Score van de spellen die een toegepaste verzaking veranderde, en een RevokeRuling-tag per toegepaste verzaking; LIN-invoer wordt niet gekopieerd",
	"decisions":  "de beslissingen van een wedstrijdleider: de werkmap of het CSV-rapport (`bestand`) van een eerdere controle met de kolom Beslissing ingevuld (toepassen, geen-verzaking of een aantal slagen); rijen worden op id gevonden",
}

const usageTextNL = `Gebruik: revokes [opties] [PAD ...]

revokes speelt elk spel van bridgeverslagen (PBN en BBO LIN) kaart voor
kaart na, vindt elke verzaking, beslist of ze voldongen was en welke
slagoverdracht de gekozen uitgave van de spelregels toepast, en schrijft
een rapport.

PAD is een .pbn- of .lin-bestand (de vorm wordt uit de inhoud gelezen, dus
een .txt werkt ook), een map (doorzocht met submappen; .pbn-, .lin-, .zip-,
.gz-, .tar- en .tgz-bestanden worden gelezen, en bestanden met een andere
naam waarvan de inhoud PBN of LIN is), een .zip- of .tar-archief (de
bestanden erin die PBN of LIN zijn), een .gz-bestand, of - voor
de standaardinvoer. Zonder PAD wordt het voorbeeldarchief geanalyseerd dat
in het programma is ingebouwd.

Voorbeelden:

  Een bond die zijn archiefmap controleert, één werkmap voor de commissie:
    revokes -o controle-2024.xlsx -lang nl archief/

  Een scorecorrector die één zitting opnieuw bekijkt volgens de spelregels
  van 1997, met de verzaking opgemerkt aan het einde van de ronde:
    revokes -edition 1997 -attention after-round -o zitting12.csv club/2001-03-14.pbn

  Een statisticus die JSON Lines doorgeeft aan een ander programma:
    revokes -q -o - -equity=false corpus.zip | jq 'select(.type=="revoke")'

Opties:
`

const exitTextNL = `
Afsluitstatus: 0 de controle is voltooid (wat ze ook vond); 1 een invoer
kon niet worden gelezen, er was niets te lezen, of het rapport kon niet
worden geschreven; 2 verkeerd gebruik of een doel voor het rapport dat niet
beschreven kan worden; 130 onderbroken (SIGINT), 143 beëindigd (SIGTERM) -
dan blijft er geen rapport achter.
`
