package report

// The Dutch texts of the Statistics sheet's rates and intervals, added to
// dutch at start-up; the same rules as catalog_nl.go.
func init() {
	for en, nl := range statsDutch {
		dutch[en] = nl
	}
}

var statsDutch = map[string]string{
	"Boards read twice, copies left out": "Twee keer gelezen spellen, kopieën weggelaten",
	"One block per board whose score changed: every table's contract, tricks, score and value before and after the applied transfers, North-South and East-West, the corrected table marked; under each block the method and how many of the file's stated values were reproduced.": "Eén blok per spel waarvan de score veranderde: van elke tafel het contract, de slagen, de score en de waarde vóór en na de toegepaste overdrachten, voor Noord-Zuid en Oost-West, de gecorrigeerde tafel gemarkeerd; onder elk blok de telling en hoeveel van de opgegeven waarden in het bestand werden gereproduceerd.",
	"Every pair or team of each re-scored session: rank, total and percentage before and after the corrections, the changed rows marked, and a chart of the largest moves in rank.":                                                                                                 "Elk paar of team van elke herberekende zitting: plaats, totaal en percentage vóór en na de correcties, de gewijzigde regels gemarkeerd, en een grafiek van de grootste verschuivingen in plaats.",
	"Value EW before": "Waarde OW vóór",
	"Value EW after":  "Waarde OW na",
	"%% EW before":    "%% OW vóór",
	"%% EW after":     "%% OW na",
	"Revokes per 1,000 boards with play with their 95%% intervals, overall and by trick, year, edition and event, and how the revokes are distributed, each table with a chart. A board stored twice counts once.": "Verzakingen per 1.000 spellen met afspel met hun 95%%-intervallen, in totaal en per slag, jaar, uitgave en evenement, en hoe de verzakingen verdeeld zijn, elke tabel met een grafiek. Een spel dat twee keer is opgeslagen telt één keer.",
	"Rates are revokes per 1,000 boards with play, a board read twice counted once; rates by trick are per 1,000 boards whose record reaches that trick. Shares are of all revokes.":                               "Aantallen per 1.000 zijn verzakingen per 1.000 spellen met afspel, waarbij een spel dat twee keer is gelezen één keer telt; per slag per 1.000 spellen waarvan het verslag tot die slag reikt. Aandelen zijn van alle verzakingen.",
	"Low and high bound the 95%% Wilson score interval of a rate: where the rate of a larger archive would likely lie. It is left empty where a table has more revokes than boards.":                               "Onder- en bovengrens omsluiten het 95%%-betrouwbaarheidsinterval (Wilson) van een aantal per 1.000: waar het aantal van een groter archief waarschijnlijk ligt. Het blijft leeg waar er meer verzakingen dan spellen zijn.",
	"Number":                       "Aantal",
	"Low (95%%)":                   "Ondergrens (95%%)",
	"High (95%%)":                  "Bovengrens (95%%)",
	"Boards with play reaching it": "Spellen met afspel tot deze slag",
	"Events with fewer than %d boards with play (not in the chart)":                                            "Evenementen met minder dan %d spellen met afspel (niet in de grafiek)",
	"Revokes per 1,000 boards, events with at least %d boards with play":                                       "Verzakingen per 1.000 spellen, evenementen met ten minste %d spellen met afspel",
	"Revokes per 1,000 boards, the %d events with the most revokes of those with at least %d boards with play": "Verzakingen per 1.000 spellen, de %d evenementen met de meeste verzakingen van die met ten minste %d spellen met afspel",
}
